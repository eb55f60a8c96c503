import Pagination

/// Breaks and lays out the input as a book on a synthetic font (monospaced: Latin half an em,
/// East Asian wide characters a full em, so no FreeType is needed), with settings the first
/// bytes choose, and checks that no text is lost, the pages keep `PageMap`'s promises and a
/// page laid out on its own starts with the line the full pass put there.
enum TypesetterHarness {
    /// Built once: glyph widths do not vary per input, the page and font sizes do.
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let languages: [ContentLanguage?] = [nil, .japanese, .chinese, .korean, ContentLanguage(tag: "th"),
                                                ContentLanguage(tag: "en")]

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        var input = FuzzInput(bytes)
        let preset: LayoutPreset = input.pick([.book, .plain])
        let kinsoku: Kinsoku = input.pick(Kinsoku.allCases)
        let language = input.pick(languages)
        let hanging = input.byte() & 1 == 0
        let fontSize = Float(8 + input.byte() % 40)
        var settings = LayoutSettings(pageWidth: Float(40 + Int(input.byte()) * 4), pageHeight: Float(40 + Int(input.byte()) * 4),
                                      margin: Float(input.byte() % 16), fontSize: fontSize, preset: preset,
                                      kinsoku: kinsoku, language: language, hangingPunctuation: hanging)
        settings.paragraphSpacing = Float(input.byte() % 4) / 2
        let offsetChoice = Int(input.byte())
        guard settings.problem == nil else { return }  // refused, as the command line would
        let text = BookText(String(decoding: input.rest, as: UTF8.self))
        let scalars = text.string(0..<text.scalarCount).unicodeScalars.map(\.value)

        let actions = LineBreaker(kinsoku: kinsoku, language: language).breakActions(scalars: scalars)
        try expect(actions.count == scalars.count && (actions.isEmpty || actions.last == .mandatory),
                   "line breaker: \(actions.count) actions for \(scalars.count) scalars, the last \(String(describing: actions.last))")

        let paginator = Paginator(text: text, settings: settings, advances: advances)
        let map = paginator.paginate()
        try expect(map.scalarCount == text.scalarCount, "typesetter: map of \(map.scalarCount) scalars for \(text.scalarCount)")
        try PageMapChecks.check(map, "typesetter")
        try checkNothingLost(map, scalars: scalars)
        try checkLinesDoNotOverlap(map)

        guard text.scalarCount > 0 else { return }
        let offset = offsetChoice * text.scalarCount / 255
        let slice = paginator.page(at: offset)
        try expect(slice.range.lowerBound <= min(offset, text.scalarCount - 1) || slice.lines.isEmpty,
                   "page(at: \(offset)): its range \(slice.range) starts after the offset")
        if let first = slice.lines.first {
            try expect(map.lines.contains(first), "page(at: \(offset)): first line \(first) is not a line of the full pass")
        }
    }

    /// Every scalar that draws (not a space, a line end or an invisible format character) is
    /// inside some line.
    private static func checkNothingLost(_ map: PageMap, scalars: [UInt32]) throws(FuzzFinding) {
        var covered = [Bool](repeating: false, count: scalars.count)
        for line in map.lines {
            for i in Int(line.start)..<Int(line.end) { covered[i] = true }
        }
        for (i, value) in scalars.enumerated() where !covered[i] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let p = scalar.properties
            if p.isWhitespace || p.isDefaultIgnorableCodePoint || p.generalCategory == .control
                || p.generalCategory == .format { continue }
            throw FuzzFinding("typesetter: scalar \(i) (U+\(String(value, radix: 16, uppercase: true))) is on no line")
        }
    }

    private static func checkLinesDoNotOverlap(_ map: PageMap) throws(FuzzFinding) {
        for (a, b) in zip(map.lines, map.lines.dropFirst()) {
            try expect(a.end <= b.start, "typesetter: line \(a.start)..<\(a.end) overlaps the next, \(b.start)..<\(b.end)")
        }
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        let settings: [UInt8] = [0, 2, 0, 0, 10, 60, 40, 8, 0, 128]
        return [
            ("latin-book", settings + Array("  Alice was beginning to get very tired of sitting by her sister on the\nbank, and of having nothing to do.\n\n“So she was considering in her own mind (as well as she could).”\n".utf8)),
            ("cjk-plain", [1, 1, 1, 0, 8, 20, 20, 4, 1, 200] + Array("第一回　甄士隐梦幻识通灵，贾雨村风尘怀闺秀。\n「吾輩は猫である。名前はまだ無い。」\n……——\n".utf8)),
            ("thai-mixed", [0, 3, 4, 1, 6, 30, 30, 2, 2, 60] + Array("ภาษาไทยไม่มีช่องว่างระหว่างคำ Thai text, mixed: 123.45 %\n".utf8)),
            // A run of letters longer than any word (hyphenation looks only near a line's end)
            // and a chain of letters joined by ZERO WIDTH JOINERs (UAX #14 LB8a allows no break
            // in it: broken at grapheme clusters where it must be).
            ("long-word", [0, 0, 5, 0, 10, 60, 40, 8, 0, 128]
                + Array(("It begins: " + String(repeating: "acgtuvwxyzhyphenation", count: 250) + " and ends.\n").utf8)),
            ("zwj-chain", [0, 0, 5, 0, 10, 60, 40, 8, 0, 128]
                + Array(("Joined: " + String(repeating: "a\u{200D}", count: 2_000) + " and 👩\u{200D}👩\u{200D}👧 then.\n").utf8)),
        ]
    }
}
