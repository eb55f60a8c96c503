import Testing
@testable import Pagination

/// A structured book (an EPUB's text as `DocumentBuilder` writes it) laid out by the same
/// typesetter and page splitter as a TXT book, its blocks taking their kinds from its structure.
@Suite("Structured documents")
struct StructuredDocumentTests {
    static let table = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    /// Two documents: a chapter heading, paragraphs, a section heading in the middle, a scene
    /// break; then a second document.
    static func book() -> (text: BookText, structure: DocumentStructure) {
        var builder = DocumentBuilder()
        for chapter in 1...2 {
            builder.breakPage()
            builder.beginBlock(.heading)
            builder.append("Chapter \(chapter)")
            for paragraph in 1...8 {
                if paragraph == 4 {
                    builder.beginBlock(.heading)
                    builder.append("A section")
                }
                if paragraph == 6 {
                    builder.beginBlock(.sceneBreak)
                    builder.append("* * *")
                }
                builder.beginBlock(.paragraph)
                builder.append("Paragraph \(paragraph) of chapter \(chapter), ")
                builder.append("in italics", italic: true)
                builder.append(" and then\n   in roman again, long enough to take a few lines of the page.")
            }
        }
        return builder.finish()
    }

    func laidOut() -> (BookText, DocumentStructure, PageMap) {
        let (text, structure) = Self.book()
        let map = Paginator(text: text, settings: Self.settings, advances: Self.table, structure: structure).paginate()
        return (text, structure, map)
    }

    func lineText(_ text: BookText, _ line: TypesetLine) -> String {
        text.string(Int(line.start)..<Int(line.end))
    }

    @Test("each document opens a page; a heading inside one does not, and stays with the text after it")
    func pageBreaks() {
        let (text, _, map) = laidOut()
        let firsts = Set(map.pageFirstLines.map(Int.init))
        let chapters = map.lines.indices.filter { lineText(text, map.lines[$0]).hasPrefix("Chapter") }
        #expect(chapters.count == 2)
        for k in chapters { #expect(firsts.contains(k)) }
        let sections = map.lines.indices.filter { lineText(text, map.lines[$0]) == "A section" }
        #expect(sections.count == 2)
        for k in sections {
            #expect(map.lines[k].flags.contains(.heading))
            #expect(!firsts.contains(k + 1), "a section heading is never a page's last line")
        }
        // Without the structure's page breaks, the section headings would open pages too.
        #expect(sections.contains { !firsts.contains($0) })
    }

    @Test("the paragraph after a heading or a scene break is not indented; the others are")
    func indents() {
        let (text, _, map) = laidOut()
        let starts = map.lines.filter { $0.flags.contains(.paragraphStart) && lineText(text, $0).hasPrefix("Paragraph") }
        let unindented = starts.filter { $0.flags.contains(.unindented) }.map { String(lineText(text, $0).prefix(12)) }
        #expect(unindented == ["Paragraph 1 ", "Paragraph 4 ", "Paragraph 6 ", "Paragraph 1 ", "Paragraph 4 ", "Paragraph 6 "])
    }

    @Test("white space collapses: the line feed and the spaces inside a block read as one space")
    func whiteSpace() {
        let (text, _) = Self.book()
        #expect(text.string(0..<text.scalarCount).contains("and then in roman again"))
        #expect(!text.string(0..<text.scalarCount).contains("  "))
    }

    @Test("the italics are marked on exactly the characters the structure gives")
    func italics() {
        let (text, structure) = Self.book()
        var typesetter = Typesetter(text: text, settings: Self.settings, advances: Self.table, structure: structure)
        defer { typesetter.finish() }
        let block = structure.blocks[1]
        let end = text.lineContent(at: block.start).upperBound
        let count = typesetter.loadScalars(bytes: block.start..<end)
        let scalars = Array(text.string(text.scalarOffset(ofByte: block.start)..<text.scalarOffset(ofByte: end)).unicodeScalars)
        let marked = String(String.UnicodeScalarView((0..<count).filter { typesetter.styles[$0] != 0 }.map { scalars[$0] }))
        #expect(typesetter.hasStyles)
        #expect(marked == "in italics")
    }

    @Test("a page laid out on its own starts with the line the whole book puts there")
    func pageAlone() {
        let (text, structure, map) = laidOut()
        let paginator = Paginator(text: text, settings: Self.settings, advances: Self.table, structure: structure)
        for page in 0..<map.pageCount {
            let start = map.pageStarts[page]
            let slice = paginator.page(at: start)
            #expect(slice.lines.first == map.lines[Int(map.pageFirstLines[page])], "page \(page)")
        }
    }
}

@Suite("Structured documents in plain")
struct StructuredPlainTests {
    @Test("plain pages still break where a document starts")
    func plainBreaks() {
        var builder = DocumentBuilder()
        for k in 1...3 {
            builder.breakPage()
            builder.beginBlock(.paragraph)
            builder.append("Document \(k).")
        }
        let (text, structure) = builder.finish()
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16, preset: .plain)
        let map = Paginator(text: text, settings: settings, advances: StructuredDocumentTests.table, structure: structure).paginate()
        #expect(map.pageCount == 3)
    }
}

@Suite("Styled blocks")
struct StyledBlockTests {
    @Test("a block set at its end ends at the text block's right edge, its indent notwithstanding")
    func endAligned() {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(alignment: .end, indent: 2))
        builder.append("Signed, the author.")
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(alignment: .centered, indent: -3))
        builder.append("A centred line with a hanging indent that must stay inside the measure all the same.")
        let (text, structure) = builder.finish()
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
        let paginator = Paginator(text: text, settings: settings, advances: StructuredDocumentTests.table, structure: structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let lines = typesetter.position(map.lines)
        let right = settings.textLeft + settings.contentWidth
        let first = lines[0].glyphs
        #expect(abs(first.last!.x + 8 - right) < 1, "the end line's ink reaches the right edge")
        for line in lines.dropFirst() {
            #expect(line.glyphs.allSatisfy { $0.x >= settings.textLeft - 0.5 && $0.x + 8 <= right + 0.5 })
        }
    }
}

@Suite("Blocks set larger")
struct LargerBlockTests {
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    /// A heading at `scale` times the reader's size, then running text.
    func laidOut(scale: Float) -> (lines: [TypesetLine], placed: [PositionedLine]) {
        var builder = DocumentBuilder()
        builder.beginBlock(.heading, style: DocumentStructure.Style(alignment: .centered, fontScale: scale))
        builder.append("A heading long enough to turn over at a large size")
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append(String(repeating: "Running text after the heading. ", count: 12))
        let (text, structure) = builder.finish()
        let paginator = Paginator(text: text, settings: Self.settings, advances: StructuredDocumentTests.table,
                                  structure: structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let lines = Array(map.lines[Int(map.pageFirstLines[0])..<(map.pageCount > 1 ? Int(map.pageFirstLines[1]) : map.lines.count)])
        return (lines, typesetter.position(lines))
    }

    @Test("a heading at twice the size is drawn twice as large, turns over sooner and takes whole rows of the grid")
    func twiceTheSize() {
        let (lines, placed) = laidOut(scale: 2)
        let heading = lines.indices.filter { lines[$0].flags.contains(.heading) }
        let (normalLines, _) = laidOut(scale: 1)
        let normalHeading = normalLines.filter { $0.flags.contains(.heading) }
        #expect(heading.count > normalHeading.count, "a measure half as wide at twice the size")
        for k in heading {
            #expect(lines[k].rows == Self.settings.rows(forScale: 2) && lines[k].rows > 1)
            #expect(placed[k].runs.allSatisfy { $0.scale == 2 })
            let xs = placed[k].glyphs.filter { $0.id != 0x20 }.map(\.x)  // a trailing space hangs
            #expect(xs.min()! >= Self.settings.textLeft - 0.5)
            // Monospaced: 8 px a narrow character at the reader's size, 16 at twice it.
            #expect(zip(xs, xs.dropFirst()).allSatisfy { abs($1 - $0 - 16) < 0.01 || $1 - $0 > 16 })
            #expect(xs.max()! + 16 <= Self.settings.textLeft + Self.settings.contentWidth + 0.5)
        }
        // The running text after it is still on the grid: its baselines one line apart, a
        // whole number of lines below the first line's.
        let body = placed.indices.filter { !lines[$0].flags.contains(.heading) }
        let step = Self.settings.lineHeight
        for k in body {
            let rowsFromTop = (placed[k].baseline - placed[0].baseline) / step
            #expect(abs(rowsFromTop - rowsFromTop.rounded()) < 0.001, "line \(k) is off the grid")
        }
        #expect(body.count < normalLines.count - normalHeading.count + 1)
    }

    @Test("rows grow with the size, never below one line nor past the cache's limit")
    func rows() {
        let settings = Self.settings
        #expect(settings.rows(forScale: 0.5) == 1)
        #expect(settings.rows(forScale: 1.17) == 1)
        #expect(settings.rows(forScale: 1.5) == 2)
        #expect(settings.rows(forScale: .infinity) == 1)
        #expect(UInt32(settings.rows(forScale: DocumentStructure.Style.fontScales.upperBound)) <= LayoutSettings.mostRows)
        #expect(DocumentStructure.Style(fontScale: 1e9).fontScale == DocumentStructure.Style.fontScales.upperBound)
        #expect(DocumentStructure.Style(fontScale: .nan).fontScale == 1)
    }

    @Test("bold and small capitals are marked on exactly their characters, with italics over them")
    func styles() {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph)
        builder.append("plain ")
        builder.bold = true
        builder.append("bold ")
        builder.append("both", italic: true)
        builder.bold = false
        builder.smallCaps = true
        builder.append(" caps")
        builder.smallCaps = false
        builder.append(" plain")
        let (text, structure) = builder.finish()
        var typesetter = Typesetter(text: text, settings: Self.settings, advances: StructuredDocumentTests.table,
                                    structure: structure)
        defer { typesetter.finish() }
        let count = typesetter.loadScalars(bytes: 0..<text.lineContent(at: 0).upperBound)
        let scalars = Array(text.string(0..<count).unicodeScalars)
        func marked(_ style: FaceStyle) -> String {
            String(String.UnicodeScalarView((0..<count).filter { typesetter.styles[$0] == style.rawValue }.map { scalars[$0] }))
        }
        #expect(marked(.bold) == "bold ")
        #expect(marked([.bold, .italic]) == "both")
        #expect(marked(.smallCaps) == "caps", "the space before is the plain text's")
        #expect(structure.faceStyles == [.bold, .italic, .smallCaps])
    }
}

@Suite("A block's direction, hyphens and language")
struct BlockDirectionTests {
    static func lines(_ style: DocumentStructure.Style, _ text: String, width: Float = 420,
                      language: String? = nil) -> [TypesetLine] {
        var builder = DocumentBuilder()
        builder.language = language
        builder.beginBlock(.paragraph, style: style)
        builder.append(text)
        let (bookText, structure) = builder.finish()
        var settings = LayoutSettings(pageWidth: width, pageHeight: 600, margin: 30, fontSize: 16)
        settings.language = ContentLanguage(tag: "en")
        return Paginator(text: bookText, settings: settings, advances: StructuredDocumentTests.table, structure: structure)
            .paginate().lines
    }

    @Test("dir or direction sets the paragraph's direction whatever its first strong letter")
    func direction() {
        let latin = "Hello world, then שלום."
        #expect(Self.lines(DocumentStructure.Style(direction: .rightToLeft), latin).allSatisfy { $0.flags.contains(.rightToLeft) })
        #expect(Self.lines(DocumentStructure.Style(), latin).allSatisfy { !$0.flags.contains(.rightToLeft) })
        let hebrew = "שלום, then hello world."
        #expect(Self.lines(DocumentStructure.Style(), hebrew).allSatisfy { $0.flags.contains(.rightToLeft) })
        #expect(Self.lines(DocumentStructure.Style(direction: .leftToRight), hebrew).allSatisfy { !$0.flags.contains(.rightToLeft) })
    }

    @Test("a block with hyphens: none is never hyphenated where the same text otherwise is")
    func noHyphens() {
        let text = String(repeating: "Incomprehensibilities characterization internationalization. ", count: 8)
        let hyphenated = Self.lines(DocumentStructure.Style(), text, width: 260).filter { $0.flags.contains(.hyphenated) }
        #expect(!hyphenated.isEmpty, "the patterns hyphenate this text at this measure")
        let refused = Self.lines(DocumentStructure.Style(hyphenates: false), text, width: 260)
        #expect(refused.allSatisfy { !$0.flags.contains(.hyphenated) })
    }

    @Test("documents joined keep their languages: one that says none is in the book's, not the one before it")
    func joinedLanguages() {
        func piece(_ language: String?, _ texts: [String]) -> DocumentBuilder {
            var builder = DocumentBuilder()
            builder.language = language
            for text in texts {
                builder.beginBlock(.paragraph)
                builder.append(text)
            }
            return builder
        }
        var book = DocumentBuilder()
        book.append(piece("fr", ["Bonjour.", "Encore."]))
        book.append(piece(nil, ["Hello."]))
        book.append(piece("de-DE-x-private", ["Guten Tag."]))
        book.append(piece("en", []))  // a document with no text (a picture alone)
        book.append(piece("de-de", ["Noch einmal."]))
        let (text, structure) = book.finish()
        let languages = structure.blocks.map { structure.language(atByte: $0.start) }
        #expect(languages == ["fr", "fr", nil, "de-de", "de-de"])
        #expect(structure.languages.count == 3, "a run where the language changes, and only there")
        #expect(zip(structure.languages, structure.languages.dropFirst()).allSatisfy { $0.start < $1.start },
                "runs in strictly increasing order, as a cached book must have them")
        #expect(text.string(0..<text.scalarCount).split(separator: "\n").count == 5)
    }

    @Test("a crafted book's thousands of language tags are kept to a few; the rest read as the book's language")
    func manyLanguages() {
        var builder = DocumentBuilder()
        for k in 0..<500 {
            builder.language = "aa-" + String(100 + k)  // 500 tags, each a language and a region
            builder.beginBlock(.paragraph)
            builder.append("Block \(k).")
        }
        let (_, structure) = builder.finish()
        let tags = Set(structure.languages.compactMap(\.tag))
        #expect(tags.count == DocumentBuilder.mostLanguages && tags.contains("aa-100"))
    }

    @Test("a block in another language than the book's is hyphenated by that language's patterns")
    func language() {
        let russian = String(repeating: "Достопримечательности электрификации преобразования. ", count: 8)
        let asEnglish = Self.lines(DocumentStructure.Style(), russian, width: 260)
        #expect(asEnglish.allSatisfy { !$0.flags.contains(.hyphenated) }, "English patterns have no Cyrillic")
        let asRussian = Self.lines(DocumentStructure.Style(), russian, width: 260, language: "ru")
        #expect(asRussian.contains { $0.flags.contains(.hyphenated) }, "hyphen-ru's patterns (Debian's hyphen-ru)")
    }
}

@Suite("Superscript and subscript")
struct ScriptTests {
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    /// The first line `builder` wrote, laid out and positioned (monospaced: 8 px a character),
    /// and the glyph of each cluster with its run.
    static func firstLine(_ builder: DocumentBuilder) -> (PositionedLine, (Int32) -> (run: GlyphRun, glyph: PositionedGlyph)) {
        var builder = builder
        let (text, structure) = builder.finish()
        let paginator = Paginator(text: text, settings: settings, advances: StructuredDocumentTests.table, structure: structure)
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let line = typesetter.position(paginator.paginate().lines)[0]
        let glyphs = line.runs.flatMap { run in run.glyphs.map { (run: run, glyph: $0) } }
        return (line, { cluster in glyphs.first { $0.glyph.cluster == cluster }! })
    }

    @Test("raised text is drawn smaller above the baseline, lowered text below, each as narrow as it is drawn")
    func raisedAndLowered() {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph)
        builder.append("word")
        builder.raised = true
        builder.append("12")
        builder.raised = false
        builder.append(" H")
        builder.lowered = true
        builder.append("2")
        builder.lowered = false
        builder.append("O")
        let (line, at) = Self.firstLine(builder)
        let em = Self.settings.fontSize
        #expect(at(0).glyph.y == line.baseline && at(0).run.scale == 1)
        #expect(abs(at(4).glyph.y - (line.baseline - Typesetter.raise * em)) < 0.01, "the note number goes up")
        #expect(at(4).run.scale == Typesetter.scriptScale && at(4).run.style == .raised)
        // Monospaced: 8 px a character at the reader's size, 8 × 0.7 raised.
        #expect(abs(at(5).glyph.x - at(4).glyph.x - 8 * Typesetter.scriptScale) < 0.01)
        #expect(abs(at(4).glyph.x - at(3).glyph.x - 8) < 0.01)
        #expect(abs(at(8).glyph.y - (line.baseline + Typesetter.lower * em)) < 0.01, "the 2 of H2O goes down")
        #expect(at(9).glyph.y == line.baseline)
    }

    @Test("smaller text sits on the baseline, drawn smaller and measured as narrow as it is drawn")
    func smaller() {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph)
        builder.append("word")
        builder.smaller = true
        builder.append("12")
        builder.smaller = false
        builder.append("x")
        let (line, at) = Self.firstLine(builder)
        #expect(at(4).glyph.y == line.baseline && at(4).run.scale == Typesetter.smallerScale && at(4).run.style == .smaller)
        #expect(abs(at(5).glyph.x - at(4).glyph.x - 8 * Typesetter.smallerScale) < 0.01)
        #expect(abs(at(6).glyph.x - at(5).glyph.x - 8 * Typesetter.smallerScale) < 0.01, "the x after it follows at once")
        #expect(at(6).run.scale == 1)
    }
}
