import Testing
@testable import Pagination

/// What CSS inline boxes do to a structured book's lines besides their faces: a float goes to
/// its line's end, and text that must not wrap is never broken.
@Suite("Floats and unbreakable text")
struct InlineBoxTests {
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    /// The lines `builder` wrote (monospaced: 8 px a character), typeset and positioned.
    static func laidOut(_ builder: DocumentBuilder, settings: LayoutSettings = settings)
        -> (lines: [TypesetLine], placed: [PositionedLine]) {
        var builder = builder
        let (text, structure) = builder.finish()
        let paginator = Paginator(text: text, settings: settings, advances: StructuredDocumentTests.table, structure: structure)
        var typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let lines = paginator.paginate().lines
        return (lines, typesetter.position(lines))
    }

    /// Each glyph's left edge on `line`, by the scalar (cluster) it draws.
    static func xs(_ line: PositionedLine) -> [Int32: Float] {
        Dictionary(line.runs.flatMap { $0.glyphs.map { ($0.cluster, $0.x) } }, uniquingKeysWith: min)
    }

    /// A verse line of `before`, then `number` floated to `side`, then `after`.
    static func verse(_ before: String, _ number: String, _ after: String = "", side: String?) -> DocumentBuilder {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(indent: 0))
        builder.append(before)
        builder.floatsLeft = side == "left"
        builder.floatsRight = side == "right"
        builder.append(number)
        builder.floatsLeft = false
        builder.floatsRight = false
        builder.append(after)
        return builder
    }

    @Test("a line number floated right ends at the text block's right edge; the verse before it stays where it was")
    func floatRight() throws {
        let floated = try #require(Self.laidOut(Self.verse("of dust.", "30", side: "right")).placed.first)
        let inFlow = try #require(Self.laidOut(Self.verse("of dust.", "30", side: nil)).placed.first)
        let right = Self.settings.textLeft + Self.settings.contentWidth
        let x = Self.xs(floated), flowX = Self.xs(inFlow)
        #expect(x[8] == right - 16 && x[9] == right - 8, "“30” ends at the right edge")
        #expect(flowX[8] == flowX[7]! + 8, "in the flow it follows the full stop")
        for k: Int32 in 0..<8 { #expect(x[k] == flowX[k], "the verse's character \(k) does not move") }
    }

    @Test("a float on the left goes to the line's start, and the line's text follows it")
    func floatLeft() throws {
        let line = try #require(Self.laidOut(Self.verse("ab", "12", "cd", side: "left")).placed.first)
        let x = Self.xs(line), left = Self.settings.textLeft
        #expect(x[2] == left && x[3] == left + 8, "“12” at the left edge")
        #expect(x[0] == left + 16 && x[4] == left + 32, "“ab” after it, then “cd”")
    }

    @Test("a justified line with a float fills the measure less the float, which sits beyond it")
    func justifiedBesideFloat() throws {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(indent: 0))
        builder.append("word ")
        builder.floatsRight = true
        builder.append("99")
        builder.floatsRight = false
        builder.append(String(repeating: " word", count: 40))
        let (lines, placed) = Self.laidOut(builder)
        try #require(lines.count > 2)
        let right = Self.settings.textLeft + Self.settings.contentWidth
        let x = Self.xs(placed[0])
        #expect(x[5] == right - 16, "the float at the right edge")
        // The right edge of a line's last letter (its trailing space hangs past it).
        let text = Array("word 99" + String(repeating: " word", count: 40))
        func inkEnd(_ xs: [Int32: Float], but floated: Set<Int32> = []) -> Float {
            xs.filter { text[Int($0.key)] != " " && !floated.contains($0.key) }.map { $0.value + 8 }.max()!
        }
        let flowEnd = inkEnd(x, but: [5, 6])
        #expect(abs(flowEnd - (right - 16)) < 0.01, "the first line's words are justified up to the float")
        let secondEnd = inkEnd(Self.xs(placed[1]))
        #expect(abs(secondEnd - right) < 0.01, "the next line has the whole measure")
    }

    @Test("no line ends inside text that must not wrap, at any width; without it some do")
    func unbreakable() {
        let words = "jumps over the lazy"
        func builder(keeping: Bool) -> (DocumentBuilder, Range<Int32>) {
            var builder = DocumentBuilder()
            builder.beginBlock(.paragraph)
            let head = String(repeating: "lorem ipsum ", count: 3)
            builder.append(head)
            builder.unbreakable = keeping
            builder.append(words)
            builder.unbreakable = false
            builder.append(" dog, and so the story ends here.")
            let start = Int32(head.count)
            return (builder, start..<start + Int32(words.count))
        }
        var brokenInside = 0
        for width in stride(from: Float(180), through: 440, by: 8) {
            let settings = LayoutSettings(pageWidth: width, pageHeight: 2000, margin: 10, fontSize: 16)
            for keeping in [true, false] {
                let (b, kept) = builder(keeping: keeping)
                let lines = Self.laidOut(b, settings: settings).lines
                let inside = lines.dropLast().filter { kept.lowerBound < $0.end && $0.end < kept.upperBound - 1 }
                if keeping {
                    #expect(inside.isEmpty, "a line ends inside the kept words at width \(width)")
                } else {
                    brokenInside += inside.count
                }
            }
        }
        #expect(brokenInside > 0, "the same words wrap when they may")
    }
}

@Suite("A block's last line")
struct LastLineTests {
    @Test("text-align-last sets the last line apart: centred, at the end, or stretched; the lines before it stay justified")
    func lastLine() throws {
        let settings = InlineBoxTests.settings
        let right = settings.textLeft + settings.contentWidth
        var ends: [DocumentStructure.Style.LastLine?: (first: Float, last: Float, lastStart: Float)] = [:]
        for lastLine: DocumentStructure.Style.LastLine? in [nil, .start, .centered, .end, .justified] {
            var builder = DocumentBuilder()
            builder.beginBlock(.paragraph, style: DocumentStructure.Style(indent: 0, lastLine: lastLine))
            let text = Array(String(repeating: "word ", count: 45) + "the end")
            builder.append(String(text))
            let placed = InlineBoxTests.laidOut(builder).placed
            try #require(placed.count > 2)
            // The left edges of a line's letters (its trailing space hangs past the measure).
            func ink(_ line: PositionedLine) -> [Float] {
                line.runs.flatMap { $0.glyphs.filter { text[Int($0.cluster)] != " " }.map(\.x) }
            }
            let lastInk = ink(placed[placed.count - 1])
            ends[lastLine] = (ink(placed[0]).max()! + 8, lastInk.max()! + 8, lastInk.min()!)
        }
        for (lastLine, end) in ends { #expect(abs(end.first - right) < 0.01, "\(String(describing: lastLine)): the first line is justified") }
        let ragged = try #require(ends[nil])
        #expect(ragged.last < right - 100 && ragged.lastStart == settings.textLeft, "a book's last line ends ragged")
        #expect(ends[.start]?.last == ragged.last)
        let centred = try #require(ends[.centered])
        #expect(abs((centred.lastStart - settings.textLeft) - (right - centred.last)) < 0.01, "centred")
        #expect(abs(ends[.end]!.last - right) < 0.01 && ends[.end]!.lastStart > settings.textLeft + 100, "at the end")
        #expect(abs(ends[.justified]!.last - right) < 0.01 && ends[.justified]!.lastStart == settings.textLeft, "stretched")
    }
}

@Suite("A structure archived")
struct StructureArchiveTests {
    @Test("every inline attribute and every block's keeps come back from the archive as they were written")
    func roundTrip() throws {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(indent: 1, lastLine: .centered))
        builder.keepGroup = 1
        builder.append("kept ")
        builder.floatsRight = true
        builder.append("12")
        builder.floatsRight = false
        builder.lineBreak()
        builder.floatsLeft = true
        builder.append("L")
        builder.floatsLeft = false
        builder.unbreakable = true
        builder.append(" not broken")
        builder.unbreakable = false
        builder.keepGroup = nil
        builder.beginBlock(.heading)
        builder.letterSpacing = 0.25
        builder.append("Heading")
        builder.letterSpacing = 0
        builder.keepLastBlockWithNext()
        builder.beginBlock(.paragraph)
        builder.append("after")
        let (text, structure) = builder.finish()
        #expect(structure.blocks.map(\.keepsLinesTogether) == [true, true, false, false])
        #expect(structure.blocks.map(\.keepsWithNext) == [true, false, true, false])
        #expect(!structure.floatedLeft.isEmpty && !structure.floatedRight.isEmpty && !structure.unbreakable.isEmpty)
        #expect(structure.letterSpacing.map(\.ems) == [0.25])
        var out = BinaryWriter()
        structure.archive(into: &out)
        let bytes = out.byteArray
        let back = bytes.withUnsafeBytes { raw -> DocumentStructure? in
            var input = BinaryReader(bytes: raw)
            return DocumentStructure.unarchive(from: &input, text: text)
        }
        #expect(back == structure)
        #expect(back?.digest == structure.digest)
    }
}

@Suite("Keeps as written")
struct KeepTests {
    @Test("a blank block taken back takes back the keep it gave the block before it")
    func blankBlockUndoesItsKeep() {
        var builder = DocumentBuilder()
        builder.keepGroup = 1
        builder.beginBlock(.paragraph)
        builder.append("kept")
        builder.beginBlock(.paragraph)
        builder.append("\u{3000}")  // ink-less: no block
        builder.keepGroup = nil
        builder.beginBlock(.paragraph)
        builder.append("free")
        let (_, structure) = builder.finish()
        #expect(structure.blocks.count == 2)
        #expect(structure.blocks.map(\.keepsWithNext) == [false, false], "“kept” is not kept with “free”")
    }
}

@Suite("Words in another language inside a paragraph")
struct InlineLanguageTests {
    /// An English paragraph with Russian words in the middle, told as Russian or not.
    static func lines(tellingRussian: Bool) -> (text: BookText, lines: [TypesetLine], russian: Range<Int32>) {
        var builder = DocumentBuilder()
        builder.language = "en"
        builder.beginBlock(.paragraph, style: DocumentStructure.Style())
        let english = "The guide said the word was "
        builder.append(english)
        if tellingRussian { builder.language = "ru" }
        let russian = String(repeating: "достопримечательности электрификации ", count: 6)
        builder.append(russian)
        builder.language = "en"
        builder.append("and then went on in English.")
        let (text, structure) = builder.finish()
        var settings = LayoutSettings(pageWidth: 260, pageHeight: 2000, margin: 30, fontSize: 16)
        settings.language = ContentLanguage(tag: "en")
        let lines = Paginator(text: text, settings: settings, advances: StructuredDocumentTests.table, structure: structure)
            .paginate().lines
        let start = Int32(english.count)
        return (text, lines, start..<start + Int32(russian.count))
    }

    @Test("Russian words told as Russian inside an English paragraph are hyphenated by Russian patterns; untold, by none")
    func hyphenatedByTheirOwnLanguage() {
        func hyphenatedInRussian(_ laid: (text: BookText, lines: [TypesetLine], russian: Range<Int32>)) -> Int {
            laid.lines.filter { $0.flags.contains(.hyphenated) && laid.russian.contains($0.end) }.count
        }
        let told = Self.lines(tellingRussian: true)
        #expect(hyphenatedInRussian(told) > 0, "hyphen-ru's patterns break the long Russian words")
        #expect(hyphenatedInRussian(Self.lines(tellingRussian: false)) == 0, "English patterns have no Cyrillic")
    }
}

@Suite("A block's own language breaks its lines")
struct BlockLanguageBreakTests {
    /// How many lines start with the wave dash when `東京〜大阪` repeated is a block in
    /// `language` of an English book, over a range of widths.
    static func linesStartingWithWaveDash(language: String?) -> Int {
        var count = 0
        for width in stride(from: Float(120), through: 400, by: 8) {
            var builder = DocumentBuilder()
            builder.language = language
            builder.beginBlock(.paragraph, style: DocumentStructure.Style())
            builder.append(String(repeating: "東京〜大阪", count: 12))
            let (text, structure) = builder.finish()
            var settings = LayoutSettings(pageWidth: width, pageHeight: 4000, margin: 10, fontSize: 16)
            settings.language = ContentLanguage(tag: "en")
            let lines = Paginator(text: text, settings: settings, advances: StructuredDocumentTests.table, structure: structure)
                .paginate().lines
            count += lines.filter { text.scalar(at: Int($0.start)) == 0x301C }.count
        }
        return count
    }

    @Test("a Japanese block of an English book may break before 〜 (CSS Text 3 line-break: normal); told as English, never")
    func japaneseBlock() {
        #expect(Self.linesStartingWithWaveDash(language: "ja") > 0)
        #expect(Self.linesStartingWithWaveDash(language: nil) == 0)
    }
}

@Suite("Letter spacing")
struct LetterSpacingTests {
    @Test("letter-spaced text has room after each character, measured as it is drawn; the text after it has none")
    func roomAfterEachCharacter() throws {
        var builder = DocumentBuilder()
        builder.beginBlock(.paragraph, style: DocumentStructure.Style(indent: 0))
        builder.append("ab")
        builder.letterSpacing = 0.5
        builder.append("cd")
        builder.letterSpacing = 0
        builder.append("ef")
        let (lines, placed) = InlineBoxTests.laidOut(builder)
        let x = InlineBoxTests.xs(try #require(placed.first))
        let left = InlineBoxTests.settings.textLeft
        // Monospaced 8 px characters at 16 px: half an em is 8 px more after c and d.
        #expect([0, 1, 2, 3, 4, 5].map { x[$0]! - left } == [0, 8, 16, 32, 48, 56])
        #expect(try #require(lines.first).width == 64, "the line is measured with the room it is drawn with")
    }

    @Test("text that may break anywhere fills each line to its end, broken between letters without a hyphen")
    func breakAnywhere() throws {
        let words = "Counterrevolutionaries notwithstanding, extraordinarily incomprehensible circumstances prevail."
        func lines(breakingAnywhere: Bool) -> [String] {
            var builder = DocumentBuilder()
            builder.beginBlock(.paragraph, style: DocumentStructure.Style(alignment: .justified, indent: 0, hyphenates: false))
            builder.breaksAnywhere = breakingAnywhere
            builder.append(words)
            var copy = builder
            let text = copy.finish().text
            return InlineBoxTests.laidOut(builder).lines.map { text.string(Int($0.start)..<Int($0.end)) }
        }
        let anywhere = lines(breakingAnywhere: true), normal = lines(breakingAnywhere: false)
        // 360 px of 8 px characters: 45 a line.
        #expect(anywhere.dropLast().allSatisfy { $0.count == 45 }, "\(anywhere)")
        #expect(anywhere.dropLast().contains { $0.last?.isLetter == true && !$0.hasSuffix(" ") }, "a line ends inside a word")
        #expect(normal.allSatisfy { $0.hasSuffix(" ") || $0 == normal.last }, "without it, lines end at spaces: \(normal)")
        #expect(anywhere.joined() == words && normal.joined() == words)
    }
}
