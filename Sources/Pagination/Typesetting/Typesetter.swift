/// Cuts paragraphs into lines: UAX #14 break opportunities (with kinsoku), widths from the
/// shaped text (`GlyphShaper`, through a `ShapeCache`), greedy filling, first-line indents and
/// hanging punctuation.
///
/// One `Typesetter` is reused for a whole book: it keeps scratch buffers (the paragraph's
/// scalars, their break actions and their shaped widths) so the hot loop allocates nothing.
public struct Typesetter {
    public let text: BookText
    public let settings: LayoutSettings
    /// The primary face's metrics (line height, ascent) and, without a shaper, the widths.
    public let advances: AdvanceTable
    public let shape: ParagraphShape
    /// Shaped segments, kept for the whole book.
    public let shapes: ShapeCache
    let breaker: LineBreaker
    var scalars: [UInt32] = []
    var actions: [UInt8] = []
    /// Each scalar's share of the shaped width: a cluster's advance on its first scalar.
    var widths: [Float] = []
    /// Each scalar's bidi level, and the paragraph's (0 or 1), for the paragraph loaded last.
    var levels: [UInt8] = []
    var paragraphLevel: UInt8 = 0
    let bidi = BidiLevels()
    /// Whether the book's language is written right to left (a paragraph with no strong
    /// character then is too).
    let rightToLeftByDefault: Bool
    /// Whether a word of pair-kerned characters is measured from `advances` alone (see
    /// `AdvanceTable.isPairKerned`): the table's pairs were shaped without a language, so
    /// only for a book whose language sets Latin text the same way — unknown, English, or
    /// written in another script (`fastPathLanguages`).
    let measuresPlainWordsFromTable: Bool

    /// Languages whose Latin words fonts set as they set language-less text (no Latin
    /// `locl`): English and the languages detection names, none written in Latin script.
    static let fastPathLanguages: Set<String> = [
        "en", "zh", "ja", "ko", "he", "ar", "fa", "ur", "bn", "hi", "th", "ru", "uk", "el",
    ]

    /// A typesetter measuring with `shaper`, or with `advances` alone (one glyph a scalar)
    /// when there is none.
    public init(text: BookText, settings: LayoutSettings, advances: AdvanceTable, shape: ParagraphShape? = nil,
                shaper: (any GlyphShaper)? = nil) {
        self.text = text
        self.settings = settings
        self.advances = advances
        self.shape = settings.preset == .plain ? .linePerParagraph : (shape ?? ParagraphShape.detect(in: text))
        self.breaker = LineBreaker(kinsoku: settings.kinsoku, language: settings.language)
        self.shapes = ShapeCache(shaper: shaper ?? advances, language: settings.language)
        self.rightToLeftByDefault = BidiLevels.isRightToLeft(settings.language)
        self.measuresPlainWordsFromTable = settings.language.map {
            Self.fastPathLanguages.contains(String($0.tag.prefix { $0 != "-" }))
        } ?? true
    }

    /// Where the paragraph that holds byte `byte` starts: the start of its line, or for
    /// re-flowed text the first line after the blank line before it.
    public func paragraphStart(containingByte byte: Int) -> TextPosition {
        var start = text.lineStart(before: byte)
        if shape == .blankLineSeparated && !text.isBlankLine(at: start) {
            while start > 0 {
                let previous = text.lineStart(before: start - 1)
                if text.isBlankLine(at: previous) { break }
                start = previous
            }
        }
        return TextPosition(byte: start, scalar: text.scalarOffset(ofByte: start))
    }

    /// Typesets the paragraph (or blank line) that starts at `start`, a line start, and
    /// appends its lines. Returns the position after it and its final LF.
    @discardableResult
    public mutating func typesetParagraph(at start: TextPosition, into lines: inout [TypesetLine]) -> TextPosition {
        let n = text.utf8.count
        var contentEnd = text.lineContent(at: start.byte).upperBound
        let blank = text.utf8.withUnsafeBufferPointer { ParagraphShape.isBlank($0, start.byte..<contentEnd) }
        if blank {
            let scalars = text.utf8.withUnsafeBufferPointer { bytes in
                var count = 0
                for i in start.byte..<contentEnd where bytes[i] & 0xC0 != 0x80 { count += 1 }
                return count
            }
            // `plain` keeps empty lines as empty lines on the page; `book` drops blank lines.
            if settings.preset == .plain {
                lines.append(TypesetLine(start: Int32(start.scalar), end: Int32(start.scalar + scalars), width: 0,
                                         flags: [.paragraphStart, .paragraphEnd]))
            }
            let after = contentEnd < n ? 1 : 0
            return TextPosition(byte: contentEnd + after, scalar: start.scalar + scalars + after)
        }
        if shape == .blankLineSeparated {
            while contentEnd < n {
                let next = text.lineContent(at: contentEnd + 1)
                if next.isEmpty || text.utf8.withUnsafeBufferPointer({ ParagraphShape.isBlank($0, next) }) { break }
                contentEnd = next.upperBound
            }
        }
        let count = loadScalars(bytes: start.byte..<contentEnd)
        fillLines(count: count, scalarStart: start.scalar, into: &lines)
        let after = contentEnd < n ? 1 : 0
        return TextPosition(byte: contentEnd + after, scalar: start.scalar + count + after)
    }

    /// Decodes the paragraph's UTF-8 into `scalars` (soft LFs become spaces), finds its
    /// break actions and measures it (`widths`). Returns the number of scalars.
    mutating func loadScalars(bytes range: Range<Int>) -> Int {
        let count = decodeScalars(bytes: range)
        let breaker = self.breaker
        scalars.withUnsafeBufferPointer { s in
            actions.withUnsafeMutableBufferPointer { a in
                breaker.findBreaks(in: UnsafeBufferPointer(rebasing: s[0..<count]), into: a)
            }
        }
        measure(count: count)
        return count
    }

    /// Resolves the paragraph's bidi levels (`paragraphLevel`), shapes `scalars[0..<count]`
    /// segment by segment (`ShapeSegments`, each in its direction) and gives each scalar its
    /// share of the advances: a glyph's advance goes to the scalar its cluster starts at, so
    /// a ligature's or a conjunct's width sits on its first character.
    mutating func measure(count: Int) {
        let shapes = self.shapes, bidi = self.bidi, byDefault = rightToLeftByDefault
        let (level, mixed) = scalars.withUnsafeBufferPointer { s in
            levels.withUnsafeMutableBufferPointer { l in
                bidi.resolve(UnsafeBufferPointer(rebasing: s[0..<count]), paragraphLevel: nil,
                             rightToLeftByDefault: byDefault, into: UnsafeMutableBufferPointer(rebasing: l[0..<count]))
            }
        }
        paragraphLevel = level
        let fast = measuresPlainWordsFromTable, table = advances
        scalars.withUnsafeBufferPointer { s in
            levels.withUnsafeBufferPointer { l in
            widths.withUnsafeMutableBufferPointer { w in
                let segmentLevels = mixed ? l : nil
                var start = 0
                while start < count {
                    let end = ShapeSegments.end(in: s, from: start, to: count, levels: segmentLevels)
                    let rightToLeft = mixed && l[start] & 1 == 1
                    if fast && !rightToLeft && table.measure(s, start..<end, into: w) {
                        start = end
                        continue
                    }
                    for k in start..<end { w[k] = 0 }
                    let range = shapes.glyphs(of: UnsafeBufferPointer(rebasing: s[start..<end]), rightToLeft: rightToLeft)
                    shapes.glyphs.withUnsafeBufferPointer { g in
                        for k in range { w[start &+ Int(g[k].cluster)] += g[k].advance }
                    }
                    start = end
                }
            }
            }
        }
    }

    /// Decodes UTF-8 into the `scalars` scratch buffer; returns the number of scalars.
    mutating func decodeScalars(bytes range: Range<Int>) -> Int {
        let byteCount = range.count
        if scalars.count < byteCount + 1 {
            scalars = [UInt32](repeating: 0, count: max(byteCount + 1, 1024))
            actions = [UInt8](repeating: 0, count: scalars.count)
            widths = [Float](repeating: 0, count: scalars.count)
            levels = [UInt8](repeating: 0, count: scalars.count)
        }
        let count = text.utf8.withUnsafeBufferPointer { bytes in
            scalars.withUnsafeMutableBufferPointer { out in
                UTF8Scanner.decode(bytes, range, into: out, softLineFeeds: true)
            }
        }
        return count
    }
}

extension AdvanceTable {
    /// Writes the widths of `s[range]` into `widths` when every scalar of it is pair-kerned
    /// or unkerned punctuation (never two of those in a row) and no pair of it is shaped
    /// (each its advance plus its kerning with the next, where HarfBuzz puts a pair
    /// adjustment), and returns true; false otherwise (having written some widths, which
    /// the shaped measure then overwrites).
    @inline(__always)
    public func measure(_ s: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, into widths: UnsafeMutableBufferPointer<Float>) -> Bool {
        guard !pairKerned.isEmpty else { return false }
        let limit = Self.kerningLimit
        return pairKerned.withUnsafeBufferPointer { bits in
            for k in range {
                let c = s[k]
                guard c < limit ? bits[Int(c >> 6)] & (1 << UInt64(c & 63)) != 0 : isUnkerned(c) else { return false }
            }
            return kerning.withUnsafeBufferPointer { kern in
                shapedPairs.withUnsafeBufferPointer { shaped in
                    blockIndex.withUnsafeBufferPointer { index in
                        advances.withUnsafeBufferPointer { adv in
                            // Every scalar here is below U+2080: its block is in range.
                            @inline(__always) func width(_ c: UInt32) -> Float {
                                adv[Int(index[Int(c >> Self.blockShift)]) << Self.blockShift | Int(c & 0xFF)]
                            }
                            var previous = s[range.lowerBound]
                            widths[range.lowerBound] = width(previous)
                            var k = range.lowerBound &+ 1
                            while k < range.upperBound {
                                let c = s[k]
                                widths[k] = width(c)
                                if c < limit && previous < limit {
                                    let pair = Int(previous) &* Int(limit) &+ Int(c)
                                    if shaped[pair >> 6] & (1 << UInt64(pair & 63)) != 0 { return false }
                                    widths[k &- 1] += kern[pair]
                                } else if c >= limit && previous >= limit {
                                    return false  // two punctuation marks: a pair nobody shaped
                                }
                                previous = c
                                k &+= 1
                            }
                            return true
                        }
                    }
                }
            }
        }
    }
}

/// Decoding of valid UTF-8 without checks, for text that `TextDecoding` already validated.
enum UTF8Scanner {
    /// Decodes `range` of `bytes` into `out` and returns the number of scalars written.
    /// With `softLineFeeds`, an LF becomes a space, or a zero-width space between CJK
    /// characters (a re-flowed hard-wrapped paragraph).
    @inline(__always)
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: UnsafeMutableBufferPointer<UInt32>,
        softLineFeeds: Bool
    ) -> Int {
        var i = range.lowerBound
        let end = range.upperBound
        var n = 0
        while i < end {
            let b0 = UInt32(bytes[i])
            var c: UInt32
            if b0 < 0x80 {
                c = b0
                if b0 == 0x0A && softLineFeeds {
                    // A soft line feed joins the lines with a space, or with nothing (a
                    // zero-width space, still a break opportunity) between CJK characters.
                    let cjkBefore = n > 0 && out[n &- 1] >= 0x2E80
                    let cjkAfter = i &+ 1 < end && bytes[i &+ 1] >= 0xE2
                    c = cjkBefore && cjkAfter ? 0x200B : 0x20
                }
                i &+= 1
            } else if b0 < 0xE0 {
                c = (b0 & 0x1F) << 6 | (UInt32(bytes[i &+ 1]) & 0x3F)
                i &+= 2
            } else if b0 < 0xF0 {
                c = (b0 & 0x0F) << 12 | (UInt32(bytes[i &+ 1]) & 0x3F) << 6 | (UInt32(bytes[i &+ 2]) & 0x3F)
                i &+= 3
            } else {
                c = (b0 & 0x07) << 18 | (UInt32(bytes[i &+ 1]) & 0x3F) << 12
                    | (UInt32(bytes[i &+ 2]) & 0x3F) << 6 | (UInt32(bytes[i &+ 3]) & 0x3F)
                i &+= 4
            }
            out[n] = c
            n &+= 1
        }
        return n
    }
}
