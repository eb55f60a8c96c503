import Foundation
import Testing
import Fonts
import Pagination
import TestSupport
import TextDecoding

/// The page's glyphs are HarfBuzz's: for lines of every corpus book, laid out and positioned
/// by the pagination core through `HarfBuzzShaper` with the faces the reader would choose,
/// each word's glyph ids, relative x and y are what `hb-shape` gives for the same text, face,
/// size, direction and language.
@Suite("Glyphs are where HarfBuzz puts them")
struct ShapingTruthTests {
    static let size: Float = 18

    /// One shaped segment of a line as it landed on the page.
    struct PlacedWord {
        var text: String
        var face: Int
        var rightToLeft: Bool
        var glyphs: [PositionedGlyph]
    }

    @Test("kerning applies between the pair it belongs to, not one glyph late: To. Tolstoy AV")
    func kerningOrder() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let fonts = FontSet(primary: face)
        let (lines, text) = try Self.positioned("To. Tolstoy AVA", fonts: fonts, language: nil)
        let glyphs = lines[0].glyphs
        func x(_ offset: Int32) -> Float { glyphs.first { $0.cluster == offset }!.x }
        let t = try #require(face.advance(of: "T", pixelSize: Self.size))
        let o = try #require(face.advance(of: "o", pixelSize: Self.size))
        let a = try #require(face.advance(of: "A", pixelSize: Self.size))
        #expect(x(1) - x(0) < t - 0.5, "T and o are kerned together")
        #expect(x(2) - x(1) > o - 0.5, "the full stop is not pulled into the o by T and o's kerning")
        #expect(x(13) - x(12) < a - 0.5, "A and V are kerned together")
        let mismatches = try Self.compare(lines: lines, text: text, fonts: fonts, language: nil)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("every corpus book's sampled lines match hb-shape, word by word", arguments: [
        "en_carroll_alice.txt", "fa_saadi_golestan.txt", "he_tanakh-wlc_bereshit-genesis.txt",
        "bn_tagore_bou-thakuranir-haat.txt", "th_sunthorn-phu_lakkhanawong.txt", "ru_tolstoy_voina-i-mir-tom-1.txt",
        "el_luke_luke-acts-byzantine-rp2018.txt", "vi_nguyen-du_truyen-kieu.txt", "zh_shen_fu_fusheng_liuji.txt",
        "ja_natsume_wagahai_wa_neko_de_aru.txt",
    ])
    func corpus(book: String) throws {
        let decoded = try TextDecoder.decodeFile(atPath: SharedData.corpus(book))
        let whole = BookText(decoded: decoded)
        let language = ContentLanguage.detect(in: whole)
        // 40 lines of the file spread over the book, each a paragraph.
        let fileLines = whole.string(0..<whole.scalarCount).split(separator: "\n").filter { $0.count > 8 }
        let step = max(1, fileLines.count / 40)
        let sample = stride(from: 0, to: fileLines.count, by: step).prefix(40).map { String(fileLines[$0]) }
        var fonts = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei))
        fonts = fonts.addingFallbacks(for: whole, language: language, locator: { FontLocator() }).set
        let (lines, text) = try Self.positioned(sample.joined(separator: "\n"), fonts: fonts, language: language)
        let mismatches = try Self.compare(lines: lines, text: text, fonts: fonts, language: language)
        let words = Self.words(lines, text).count
        #expect(words > 50, "\(book): only \(words) words compared")
        #expect(mismatches.isEmpty, "\(book): \(mismatches.count) of \(words) words differ: \(mismatches.prefix(5))")
    }

    /// `string` laid out in the plain preset on a 600 px measure, every line positioned.
    static func positioned(_ string: String, fonts: FontSet, language: ContentLanguage?) throws
        -> ([PositionedLine], BookText) {
        let text = BookText(string)
        var settings = LayoutSettings(pageWidth: 640, pageHeight: 100_000, margin: 20, fontSize: size, preset: .plain)
        settings.language = language
        let shaper = fonts.shaper(pixelSize: size)
        try #require(HarfBuzzFonts.isAvailable, "HarfBuzz could not be loaded")
        let advances = fonts.advanceTable(pixelSize: size)
        let map = Paginator(text: text, settings: settings, advances: advances, shaper: shaper).paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: advances, shaper: shaper)
        return (typesetter.position(map.lines), text)
    }

    /// The shaped segments (`ShapeSegments`, separators left out) of each line whose glyphs
    /// are one face and contiguous on the page, in monotone cluster order.
    static func words(_ lines: [PositionedLine], _ text: BookText) -> [PlacedWord] {
        var words: [PlacedWord] = []
        for line in lines {
            let scalars = text.string(line.range).unicodeScalars.map(\.value)
            var wordOf = [Int](repeating: -1, count: scalars.count)
            var bounds: [Range<Int>] = []
            scalars.withUnsafeBufferPointer { s in
                var start = 0
                while start < s.count {
                    let end = ShapeSegments.end(in: s, from: start, to: s.count, levels: UnsafeBufferPointer<UInt8>?.none)
                    if !ShapeSegments.isSeparator(s[start]) {
                        for k in start..<end { wordOf[k] = bounds.count }
                        bounds.append(start..<end)
                    }
                    start = end
                }
            }
            var groups: [(word: Int, face: Int, glyphs: [PositionedGlyph])] = []
            for run in line.runs {
                for g in run.glyphs {
                    let w = wordOf[Int(g.cluster) - line.range.lowerBound]
                    if let last = groups.indices.last, groups[last].word == w, groups[last].face == Int(run.font) {
                        groups[last].glyphs.append(g)
                    } else {
                        groups.append((w, Int(run.font), [g]))
                    }
                }
            }
            for group in groups where group.word >= 0 && groups.filter({ $0.word == group.word }).count == 1 {
                let clusters = group.glyphs.map(\.cluster)
                let ascending = zip(clusters, clusters.dropFirst()).allSatisfy { $0 <= $1 }
                let descending = zip(clusters, clusters.dropFirst()).allSatisfy { $0 >= $1 }
                guard ascending || descending else { continue }
                let range = bounds[group.word]
                let word = String(String.UnicodeScalarView(scalars[range].compactMap(Unicode.Scalar.init)))
                let rtl = clusters.count > 1 && clusters.first! != clusters.last!
                    ? descending : scalars[range].contains { (0x0590...0x08FF).contains($0) }
                words.append(PlacedWord(text: word, face: group.face, rightToLeft: rtl, glyphs: group.glyphs))
            }
        }
        return words
    }

    /// The words whose glyphs differ from hb-shape's: ids, or x relative to the word's first
    /// glyph, or y relative to the baseline, by more than half a pixel.
    static func compare(lines: [PositionedLine], text: BookText, fonts: FontSet, language: ContentLanguage?) throws
        -> [String] {
        let hb = try HBShape.required()
        let words = Self.words(lines, text)
        var baselineOf: [Int32: Float] = [:]
        for line in lines { for g in line.glyphs { baselineOf[g.cluster] = line.baseline } }
        var mismatches: [String] = []
        let groups = Dictionary(grouping: words.indices) { "\(words[$0].face) \(words[$0].rightToLeft)" }
        for indices in groups.values {
            let first = words[indices[0]]
            let face = fonts.faces[first.face]
            let shaped = try hb.shape(font: face.path, faceIndex: face.faceIndex, direction: first.rightToLeft ? "rtl" : "ltr",
                                      language: language?.tag, lines: indices.map { words[$0].text })
            try #require(shaped.count == indices.count, "hb-shape returned \(shaped.count) lines for \(indices.count)")
            let scale = size / Float(face.unitsPerEM)
            for (k, index) in indices.enumerated() {
                let ours = words[index].glyphs, theirs = shaped[k]
                guard ours.map(\.id) == theirs.map(\.g) else {
                    mismatches.append("\(words[index].text): ids \(ours.map(\.id)) ≠ \(theirs.map(\.g))")
                    continue
                }
                var pen = 0, origin: Float = 0
                for (j, (mine, truth)) in zip(ours, theirs).enumerated() {
                    let x = Float(pen + truth.dx) * scale
                    if j == 0 { origin = mine.x - x }
                    let baseline = baselineOf[mine.cluster] ?? mine.y
                    if abs(mine.x - origin - x) > 0.5 || abs((baseline - mine.y) - Float(truth.dy) * scale) > 0.5 {
                        mismatches.append("\(words[index].text): glyph \(j) at \(mine.x - origin), \(baseline - mine.y); "
                                          + "hb-shape \(x), \(Float(truth.dy) * scale)")
                        break
                    }
                    pen += truth.ax
                }
            }
        }
        return mismatches
    }
}

/// The fast path: words of pair-kerned characters measured from the advance table are as
/// wide as HarfBuzz shapes them, so lines break and measure the same with it and without it.
@Suite("Words measured from the table")
struct TableMeasureTests {
    @Test("English, Chinese and Japanese samples break into the same lines of the same widths with the table's fast path and without it",
          arguments: ["en_carroll_alice.txt", "en_tolstoy_war_and_peace.txt", "zh_shen_fu_fusheng_liuji.txt",
                      "ja_natsume_wagahai_wa_neko_de_aru.txt"])
    func tableMatchesShaper(book: String) throws {
        let fonts = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei))
        let advances = fonts.advanceTable(pixelSize: 18)
        let shaper = fonts.shaper(pixelSize: 18)
        let whole = try String(contentsOfFile: SharedData.corpus(book), encoding: .utf8)
        let text = BookText(String(whole.prefix(300_000)))
        let settings = LayoutSettings(pageWidth: 560, pageHeight: 1000, margin: 20, fontSize: 18, preset: .plain)
        func lines(fast: Bool) -> [TypesetLine] {
            var typesetter = Typesetter(text: text, settings: settings, advances: advances, shaper: shaper)
            typesetter.measuresPlainWordsFromTable = fast
            var lines: [TypesetLine] = []
            var position = TextPosition(byte: 0, scalar: 0)
            while position.byte < text.utf8.count { position = typesetter.typesetParagraph(at: position, into: &lines) }
            return lines
        }
        let fast = lines(fast: true), shaped = lines(fast: false)
        try #require(fast.count == shaped.count, "\(fast.count) lines from the table, \(shaped.count) shaped")
        var differing = 0
        for (a, b) in zip(fast, shaped) where a.start != b.start || a.end != b.end || abs(a.width - b.width) > 0.01 {
            if differing < 3 { Issue.record("line \(a.start)..<\(a.end) is \(a.width) px from the table, \(b.start)..<\(b.end) \(b.width) px shaped") }
            differing += 1
        }
        #expect(differing == 0)
    }
}

/// The first start lays its first page out with the table that has no pair kerning
/// (`FontSet.advanceTableWithoutPairKerning`), while the whole table is made elsewhere: the
/// lines must be the same either way.
@Suite("The table without pair kerning")
struct TableWithoutPairKerningTests {
    @Test("English and Russian samples break into the same lines of the same widths with either table")
    func sameLines() throws {
        let fonts = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei))
        let whole = fonts.advanceTable(pixelSize: 18)
        let plain = fonts.advanceTableWithoutPairKerning(pixelSize: 18)
        try #require(whole.digest != plain.digest, "the whole table carries the pair kerning")
        let shaper = fonts.shaper(pixelSize: 18)
        let settings = LayoutSettings(pageWidth: 560, pageHeight: 1000, margin: 20, fontSize: 18)
        for book in ["en_tolstoy_war_and_peace.txt", "ru_tolstoy_voina-i-mir-tom-1.txt"] {
            let text = BookText(String(try String(contentsOfFile: SharedData.corpus(book), encoding: .utf8).prefix(200_000)))
            let a = Paginator(text: text, settings: settings, advances: whole, shaper: shaper).paginate()
            let b = Paginator(text: text, settings: settings, advances: plain, shaper: shaper).paginate()
            #expect(a.lines.count == b.lines.count, "\(book)")
            let differing = zip(a.lines, b.lines).filter { $0.start != $1.start || $0.end != $1.end || abs($0.width - $1.width) > 0.01 }
            #expect(differing.isEmpty, "\(book): \(differing.count) lines differ, first \(differing.first.map { "\($0.0.start)..<\($0.0.end)" } ?? "")")
        }
    }

    @Test("the pages a first start lays out with it are cached under the key the whole table gives, when a shaper measures")
    func sameCacheKey() throws {
        let fonts = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans))
        let whole = fonts.advanceTable(pixelSize: 18), plain = fonts.advanceTableWithoutPairKerning(pixelSize: 18)
        let text = BookText("A short book.\n")
        let settings = LayoutSettings(pageWidth: 560, pageHeight: 1000, margin: 20, fontSize: 18)
        func key(_ table: AdvanceTable, shaped: Bool) -> UInt64 {
            PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "f",
                          shaper: shaped ? fonts.shaper(pixelSize: 18) : nil)
        }
        #expect(key(whole, shaped: true) == key(plain, shaped: true))
        #expect(key(whole, shaped: false) != key(plain, shaped: false), "without a shaper the table's kerning sets the lines")
        #expect(fonts.characterAdvanceTable(pixelSize: 18).advancesDigest == whole.advancesDigest)
    }
}
