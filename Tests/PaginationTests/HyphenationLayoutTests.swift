import Testing
@testable import Pagination

/// Lines that end in a hyphen: where the English patterns allow one, never in a row more than
/// twice, never in a word with digits, an address or all capitals, and at a soft hyphen; the
/// placed line draws the hyphen it was measured with.
@Suite("Hyphenation in lines")
struct HyphenationLayoutTests {
    static let english = ContentLanguage(tag: "en")

    /// `string` set in `book` in a text box `width` px wide (10 px a Latin letter).
    func lines(_ string: String, width: Float, language: ContentLanguage? = english, hyphenation: Bool = true,
               preset: LayoutPreset = .book, breaking: LineBreaking = .optimal) -> (BookText, LayoutSettings, PageMap) {
        let text = BookText(string)
        var settings = LayoutSettings(pageWidth: width, pageHeight: 20_000, margin: 0, fontSize: 20, lineHeight: 30,
                                      preset: preset, language: language)
        settings.latinIndent = 0
        settings.hyphenation = hyphenation
        settings.lineBreaking = breaking
        return (text, settings, Paginator(text: text, settings: settings, advances: mono).paginate())
    }

    static let prose = """
        The elderly lady was a Princess Drubetskaya, belonging to one of the best families in Russia, but she was \
        poor, and having long been out of society had lost her former influential connections. She had now come \
        to Petersburg to procure an appointment in the Guards for her only son. It was, in fact, solely to meet \
        Prince Vasili that she had obtained an invitation to Anna Pavlovna's reception and had sat listening to \
        the vicomte's story. Prince Vasili's words frightened her, an embittered look clouded her once handsome \
        face, but only for a moment; then she smiled again and clutched Prince Vasili's arm more tightly.
        """

    @Test("every hyphen is at a place the patterns allow, and the line with its hyphen fits",
          arguments: [170, 230, 310, 450], LineBreaking.allCases)
    func hyphensWhereThePatternsSay(width: Float, breaking: LineBreaking) throws {
        let patterns = try #require(HyphenationPatterns.patterns(for: Self.english))
        let (text, settings, map) = lines(Self.prose, width: width, breaking: breaking)
        let hyphenated = map.lines.filter { $0.flags.contains(.hyphenated) }
        // Greedy hyphenates each line that a word overflows; total fit only where it evens the spacing.
        if breaking == .greedy || width < 200 { #expect(!hyphenated.isEmpty) }
        for line in hyphenated {
            #expect(line.width <= settings.contentWidth + shrinkAllowance(of: line, in: text, space: mono.advance(of: 0x20)))
            // The word the line ends in, from the last space before the end to the next after it.
            let scalars = Array(Self.prose.unicodeScalars)
            var start = Int(line.end) - 1, end = Int(line.end)
            while start > 0 && scalars[start - 1].properties.isAlphabetic { start -= 1 }
            while end < scalars.count && scalars[end].properties.isAlphabetic { end += 1 }
            let word = String(String.UnicodeScalarView(scalars[start..<end]))
            #expect(patterns.points(in: word).contains(Int(line.end) - start), "\(word) cut at \(Int(line.end) - start)")
        }
    }

    @Test("a run of letters longer than any word (a DNA sequence) is broken where it must be, never hyphenated",
          arguments: LineBreaking.allCases)
    func aRunLongerThanAnyWordIsNotHyphenated(breaking: LineBreaking) {
        let letters = Array("acgtuvwxyzbdefhiklmnoprs")
        var seed: UInt32 = 1
        let run = String((0..<20_000).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return letters[Int(seed >> 16) % letters.count]
        })
        let (text, settings, map) = lines("It begins: " + run + " and it ends.", width: 310, breaking: breaking)
        #expect(map.lines.count > 20_000 * 10 / 310)
        for line in map.lines where line.start > 11 && Int(line.end) < 11 + run.unicodeScalars.count {
            #expect(!line.flags.contains(.hyphenated), "a line inside the run ends in a hyphen at \(line.end)")
            #expect(line.width <= settings.contentWidth)
        }
        #expect(map.lines.last.map { Int($0.end) } == text.scalarCount)
    }

    @Test("a hyphen is looked for near a line's end: a long run's letters are not read again for every line")
    func theSearchForAHyphenIsBounded() {
        let settings = LayoutSettings(pageWidth: 310, pageHeight: 600, margin: 0, fontSize: 20, language: Self.english)
        let paginator = Paginator(text: BookText("x"), settings: settings, advances: mono)
        let typesetter = paginator.makeTypesetter()
        defer { typesetter.finish() }
        let word = Array("hyphenation".unicodeScalars.map(\.value))
        let run = Array(Array(repeating: word, count: 2_000).joined())
        word.withUnsafeBufferPointer { s in
            #expect(typesetter.hyphenationEnd(in: s, count: s.count, overflow: 8, floor: 0) { _ in true } != nil)
        }
        let looked = typesetter.hyphenPoints.charactersLookedUp
        // The filler asks at each line's end: 700 lines of 31 letters.
        run.withUnsafeBufferPointer { s in
            for overflow in stride(from: 31, to: s.count, by: 31) {
                #expect(typesetter.hyphenationEnd(in: s, count: s.count, overflow: overflow, floor: overflow - 31) { _ in true } == nil)
            }
        }
        #expect(typesetter.hyphenPoints.charactersLookedUp - looked <= run.count,
                "the run of 22,000 letters is no word: not looked up at every line")
    }

    @Test("the text is covered once, in order, hyphenated or not", arguments: [150, 190, 260])
    func coverage(width: Float) {
        for hyphenation in [true, false] {
            let (text, _, map) = lines(Self.prose, width: width, hyphenation: hyphenation)
            #expect(map.lines.first?.start == 0)
            #expect(map.lines.last.map { Int($0.end) } == text.scalarCount)
            for (a, b) in zip(map.lines, map.lines.dropFirst()) { #expect(a.end == b.start) }
        }
    }

    @Test("hyphens make lines fuller: fewer lines, and never three hyphens in a row")
    func fullerLines() {
        let (_, _, plain) = lines(Self.prose, width: 190, hyphenation: false)
        let (_, _, hyphenated) = lines(Self.prose, width: 190)
        #expect(hyphenated.lines.count < plain.lines.count)
        var run = 0
        for line in hyphenated.lines {
            run = line.flags.contains(.hyphenated) ? run + 1 : 0
            #expect(run <= Typesetter.hyphenatedLinesInARow)
        }
    }

    @Test("no hyphens in plain, without patterns for the language, or with hyphenation off")
    func whenNot() {
        for (language, hyphenation, preset) in [(Self.english, true, LayoutPreset.plain), (ContentLanguage(tag: "vi"), true, .book),
                                                (nil, true, .book), (Self.english, false, .book)] {
            let (_, _, map) = lines(Self.prose, width: 190, language: language, hyphenation: hyphenation, preset: preset)
            #expect(!map.lines.contains { $0.flags.contains(.hyphenated) }, "\(String(describing: language)) \(preset)")
        }
    }

    @Test("words with digits, addresses and capitals are left whole",
          arguments: ["representation2024", "www.representation", "representation@example", "REPRESENTATION"])
    func wholeWords(word: String) {
        // "aaaaaaaaaaaaaaaa " then the word: the line has room for part of it only.
        let (_, _, map) = lines("aaaaaaaaaaaaaaaa \(word) aaaa", width: 260)
        #expect(!map.lines.contains { $0.flags.contains(.hyphenated) }, "\(word)")
        let (_, _, control) = lines("aaaaaaaaaaaaaaaa representation aaaa", width: 260)
        #expect(control.lines[0].flags.contains(.hyphenated), "the same word in lower case is hyphenated")
    }

    @Test("a soft hyphen breaks the line and shows a hyphen there, and nowhere else")
    func softHyphen() throws {
        // "aaaaaa bbbb\u{AD}cccc": "aaaaaa bbbb-" is 120 px.
        let (text, settings, map) = lines("aaaaaa bbbb\u{AD}cccc dd", width: 125, language: nil)
        #expect(map.lines.count == 2)
        #expect(map.lines[0].flags.contains(.hyphenated))
        #expect(text.string(Int(map.lines[0].start)..<Int(map.lines[0].end)) == "aaaaaa bbbb\u{AD}")
        #expect(map.lines[0].width == 120)
        var typesetter = Typesetter(text: text, settings: settings, advances: mono)
        let placed = typesetter.position(map.lines)
        #expect(placed[0].hyphenated && !placed[1].hyphenated)
        #expect(placed[0].glyphs.last?.id == 0x2D, "the line ends in a hyphen")
        #expect(!placed[1].glyphs.contains { $0.id == 0x2D })
        // Too narrow for "bbbb-": the soft hyphen is no break, and the word moves down whole.
        let (_, _, narrow) = lines("aaaaaa bbbb\u{AD}cccc dd", width: 115, language: nil)
        #expect(!narrow.lines[0].flags.contains(.hyphenated))
    }

    @Test("a hyphenated line's glyphs end in the hyphen, justified to the measure")
    func placedHyphen() throws {
        let (text, settings, map) = lines(Self.prose, width: 230)
        var typesetter = Typesetter(text: text, settings: settings, advances: mono)
        let placed = typesetter.position(map.lines)
        for (line, positioned) in zip(map.lines, placed) where line.flags.contains(.hyphenated) {
            let last = try #require(positioned.glyphs.last)
            #expect(last.id == 0x2D)
            #expect(abs(last.x + mono.advance(of: 0x2D) - 230) < 0.01, "the hyphen ends at the right edge")
            #expect(last.cluster == line.end - 1, "the hyphen's cluster is the character before the break")
            #expect(positioned.hyphenRun == positioned.runs.count - 1 && positioned.runs.last?.glyphs.count == 1,
                    "the hyphen is a run of its own")
        }
    }
}
