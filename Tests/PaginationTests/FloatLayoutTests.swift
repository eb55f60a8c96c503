import Testing
@testable import Pagination

/// Floated pictures: the paragraph after a small floated picture set beside it, the text
/// running on at the full measure past its foot.
@Suite("Floated pictures")
struct FloatLayoutTests {
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
    static let long = Array(repeating: "words beside it", count: 30).joined(separator: " ")

    typealias Picture = DocumentStructure.Picture

    static func book(_ side: Picture.FloatSide, width: Int32 = 64, height: Int32 = 60, paragraph: String = long)
        -> (text: BookText, structure: DocumentStructure) {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("Before.")
        var picture = Picture(start: 0, source: "p.png", pixelWidth: width, pixelHeight: height)
        picture.floatSide = side
        builder.appendPicture(picture, style: DocumentStructure.Style())
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append(paragraph)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("After.")
        return builder.finish()
    }

    func laidOut(_ book: (text: BookText, structure: DocumentStructure))
        -> (lines: [TypesetLine], placed: [PositionedLine], pictures: [PlacedPicture]) {
        let paginator = Paginator(text: book.text, settings: Self.settings, advances: Self.advances, structure: book.structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let lines = map.lines(onPage: 0)
        return (map.lines, typesetter.position(lines), typesetter.placePictures(lines))
    }

    @Test("a picture floated left stands at the top of the paragraph after it, whose first lines start past it")
    func left() throws {
        let book = Self.book(.left)
        let (lines, placed, pictures) = laidOut(book)
        let picture = try #require(pictures.first)
        #expect(abs(picture.x - Self.settings.textLeft) < 0.01, "at the measure's left")
        let beside = placed.filter { book.text.string($0.range).hasPrefix("words") || $0.range.lowerBound > 10 }
            .filter { !$0.glyphs.isEmpty && !book.text.string($0.range).hasPrefix("After") }
        let first = try #require(beside.first)
        #expect(abs(first.baseline - Self.advances.ascent - picture.y) < 0.01, "the picture's top is the first line's")
        let rows = Int((picture.height / Self.settings.lineHeight - 0.01).rounded(.up))
        for line in beside.prefix(rows) { #expect(line.glyphs[0].x >= picture.x + picture.width + 12 - 0.01) }
        #expect(abs(beside[rows].glyphs[0].x - Self.settings.textLeft) < 0.01, "past its foot, the full measure")
        #expect(lines.contains { $0.flags.contains(.floated) && $0.flags.contains(.keepsWithNext) })
    }

    @Test("a picture floated right narrows the lines beside it at the right")
    func right() throws {
        let book = Self.book(.right)
        let (_, placed, pictures) = laidOut(book)
        let picture = try #require(pictures.first)
        #expect(abs(picture.x + picture.width - (Self.settings.textLeft + Self.settings.contentWidth)) < 0.01)
        let beside = placed.filter { book.text.string($0.range).hasPrefix("words") || $0.range.lowerBound > 10 }
            .filter { !$0.glyphs.isEmpty && !book.text.string($0.range).hasPrefix("After") }
        // (Glyphs are scalars without a shaper: a line's trailing space is no ink.)
        func inkEnd(_ line: PositionedLine) -> Float { line.glyphs.filter { $0.id != 0x20 }.last!.x + 8 }
        for line in beside.prefix(2) { #expect(inkEnd(line) <= picture.x - 12 + 0.01, "the ink ends before the gap") }
        #expect(beside.contains { inkEnd($0) > picture.x }, "lines past its foot reach under it")
    }

    @Test("a paragraph shorter than the picture is followed by room to its foot; a wide floated picture is a centred block")
    func shortAndWide() throws {
        let short = Self.book(.left, paragraph: "Short.")
        let (_, placed, pictures) = laidOut(short)
        let picture = try #require(pictures.first)
        let after = try #require(placed.first { short.text.string($0.range) == "After." })
        #expect(after.baseline - Self.advances.ascent >= picture.y + picture.height - 0.01)
        let wide = Self.book(.left, width: 300, height: 60)
        let (lines, _, widePictures) = laidOut(wide)
        #expect(!lines.contains { $0.flags.contains(.floated) })
        let centred = try #require(widePictures.first)
        #expect(abs(centred.x + centred.width / 2 - Self.settings.pageWidth / 2) < 0.01)
    }

    @Test("the side a picture floats to survives the structure's archive")
    func archive() throws {
        let (text, structure) = Self.book(.right)
        #expect(structure.roundTripped(text: text)?.pictures.first?.floatSide == .right)
    }
}

/// Drop caps and floats across page sizes, presets, directions and alignments: no glyph
/// inside a picture's rectangle or beside the drop cap's letter, every character drawn once.
@Suite("Drop caps and floats, swept")
struct DropCapAndFloatSweepTests {
    typealias Picture = DocumentStructure.Picture
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let words = Array(repeating: "text beside the picture", count: 12).joined(separator: " ")
    static let hebrew = Array(repeating: "שלום עולם", count: 20).joined(separator: " ")

    static func book() -> (text: BookText, structure: DocumentStructure) {
        var builder = DocumentBuilder()
        func picture(_ side: Picture.FloatSide) {
            var p = Picture(start: 0, source: "p.png", pixelWidth: 64, pixelHeight: 50)
            p.floatSide = side
            builder.appendPicture(p, style: DocumentStructure.Style())
        }
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.dropCapNextLetter(lines: 3)
        builder.append("Once " + words)
        picture(.left)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append(words)
        picture(.right)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("Short.")
        picture(.left)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(direction: .rightToLeft))
        builder.append(hebrew)
        picture(.right)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(alignment: .centered))
        builder.append("A centred paragraph is set apart from a floated picture. " + words)
        picture(.left)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(fontScale: 1.5))
        builder.append("Larger text. " + words)
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.dropCapNextLetter(lines: 2)
        builder.append("Last " + words)
        return builder.finish()
    }

    @Test("no glyph in a picture or beside a drop cap's letter, each character drawn once",
          arguments: [(300, 500), (420, 600), (600, 400), (800, 1000), (420, 170)], [LayoutPreset.book, .plain])
    func swept(size: (Int, Int), preset: LayoutPreset) throws {
        let book = Self.book()
        var settings = LayoutSettings(pageWidth: Float(size.0), pageHeight: Float(size.1), margin: 30, fontSize: 16)
        settings.preset = preset
        let paginator = Paginator(text: book.text, settings: settings, advances: Self.advances, structure: book.structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        var drawn: [Int32: Int] = [:]
        for page in 0..<map.pageCount {
            let lines = map.lines(onPage: page)
            #expect(!lines.isEmpty && !map.pageRange(page).isEmpty, "page \(page) shows something")
            let placed = typesetter.position(lines)
            let pictures = typesetter.placePictures(lines)
            for picture in pictures {
                #expect(picture.y + picture.height <= settings.pageHeight - settings.margin + 0.01, "page \(page): inside the text box")
            }
            var caps: [(x: Float, right: Float, top: Float, bottom: Float)] = []
            for line in placed {
                for run in line.runs where run.scale > 1.6 {
                    let g = run.glyphs[0]
                    caps.append((g.x, g.x + 8 * run.scale, g.y - 12 * run.scale, g.y))
                }
            }
            for line in placed {
                for run in line.runs {
                    for g in run.glyphs {
                        drawn[g.cluster, default: 0] += 1
                        guard run.scale < 1.6, g.id != 0x20 else { continue }
                        let right = g.x + (g.id >= 0x590 ? 16 : 8) * run.scale
                        for p in pictures {
                            let inside = right > p.x + 0.01 && g.x < p.x + p.width - 0.01 && g.y > p.y && g.y - 10 < p.y + p.height
                            #expect(!inside, "page \(page): a glyph at \(g.x), \(g.y) inside a picture at \(p.x), \(p.y)")
                        }
                        for cap in caps where g.y > cap.top && g.y - 10 < cap.bottom {
                            #expect(!(g.x < cap.right && right > cap.x), "page \(page): a glyph at \(g.x), \(g.y) on the letter")
                        }
                    }
                }
            }
        }
        let ink = (0..<book.text.scalarCount).filter { k in !book.text.string(k..<k + 1).allSatisfy { $0 == " " || $0 == "\n" || $0 == "\u{FFFC}" } }
        #expect(ink.filter { drawn[Int32($0)] != 1 }.isEmpty, "every character drawn once")
    }

    @Test("a page laid out on its own from inside a paragraph beside a float shows the float")
    func pageAtOffset() throws {
        let book = Self.book()
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
        let paginator = Paginator(text: book.text, settings: settings, advances: Self.advances, structure: book.structure)
        let second = try #require(book.structure.blocks.firstIndex { $0.role == .picture })
        let inside = book.text.scalarOffset(ofByte: book.structure.blocks[second + 1].start) + 20
        let slice = paginator.page(at: inside)
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        #expect(!typesetter.placePictures(slice.lines).isEmpty)
        #expect(slice.lines.first.map { $0.start < $0.end || $0.flags.contains(.floated) } == true)
    }
}

/// Pictures among words: measured as wide as they are drawn, on the baseline, no glyph drawn
/// for their U+FFFC.
@Suite("Pictures among words")
struct InlinePictureTests {
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    @Test("a picture among words takes its width in the line and sits on the baseline")
    func onTheBaseline() throws {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        builder.append("A star ")
        builder.appendInlinePicture(DocumentStructure.Picture(start: 0, source: "star.png", pixelWidth: 24, pixelHeight: 12))
        builder.append(" among words, " + Array(repeating: "and more words", count: 20).joined(separator: " "))
        let (text, structure) = builder.finish()
        let paginator = Paginator(text: text, settings: Self.settings, advances: Self.advances, structure: structure)
        let map = paginator.paginate()
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let lines = map.lines(onPage: 0)
        let placed = typesetter.position(lines)
        let pictures = typesetter.placePictures(lines)
        let picture = try #require(pictures.first)
        #expect(pictures.count == 1 && picture.width == 24 && picture.height == 12, "its own size, 16 px to the em")
        #expect(abs(picture.y + picture.height - placed[0].baseline) < 0.01, "its foot on the baseline")
        let star = Int32(text.scalarOffset(ofByte: structure.pictures[0].start))
        #expect(!placed[0].glyphs.contains { $0.cluster == star }, "no glyph for its U+FFFC")
        let after = try #require(placed[0].glyphs.first { $0.cluster > star && $0.id != 0x20 })
        #expect(after.x >= picture.x + picture.width - 0.01, "the words after it start past it")
        let before = try #require(placed[0].glyphs.last { $0.cluster < star && $0.id != 0x20 })
        #expect(before.x + 8 <= picture.x + 0.01)
    }
}
