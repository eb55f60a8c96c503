extension Typesetter {
    /// Marks the emphasis (`EmphasisMarks`) of `bytes`, decoded in `scalars[0..<count]`,
    /// part of the paragraph `paragraph`: its underscores become WORD JOINER (U+2060: no
    /// glyph, no width) and `styles` is italic on the scalars between them (`hasStyles`).
    /// Offsets hold: one scalar still stands for each underscore.
    mutating func markEmphasis(bytes range: Range<Int>, paragraph: Range<Int>, count: Int) {
        hasStyles = false
        if let structure {
            markStyles(of: structure, bytes: range, count: count)
            return
        }
        guard settings.emphasizes else { return }
        let spans = text.utf8.withUnsafeBufferPointer { EmphasisMarks.spans(in: $0, paragraph) }
            .filter { $0.close >= range.lowerBound && $0.open < range.upperBound }
        guard !spans.isEmpty else { return }
        hasStyles = true
        for k in 0..<count { styles[k] = 0 }
        text.utf8.withUnsafeBufferPointer { bytes in
            var b = range.lowerBound, k = 0, span = 0
            while b < range.upperBound && span < spans.count && k < count {
                let (open, close) = spans[span]
                if bytes[b] & 0xC0 != 0x80 {
                    if b == open || b == close {
                        scalars[k] = 0x2060
                    } else if b > open && b < close {
                        styles[k] = FaceStyle.italic.rawValue
                    }
                    k += 1
                }
                if b >= close { span += 1 }
                b += 1
            }
        }
    }

    /// Sets `styles` on the scalars of `bytes` (decoded in `scalars[0..<count]`) as
    /// `structure` sets them: italic, bold, small capitals…, and floated (`floatsLeftBit`).
    mutating func markStyles(of structure: DocumentStructure, bytes range: Range<Int>, count: Int) {
        var first = true
        let mask = typefaceMask
        let marked = structure.styleRanges(meeting: range)
            .filter { $0.style.typeface == 0 || mask & (1 << UInt8($0.style.typeface)) != 0 }
            .map { (bits: $0.style.rawValue, ranges: $0.ranges) }
            + Self.floatRanges(of: structure, meeting: range)
        for (bits, spans) in marked where !spans.isEmpty {
            if first {
                for k in 0..<count { styles[k] = 0 }
                hasStyles = true
                first = false
            }
            text.utf8.withUnsafeBufferPointer { bytes in
                var b = range.lowerBound, k = 0
                var span = spans.startIndex
                while b < range.upperBound && k < count && span < spans.endIndex {
                    if bytes[b] & 0xC0 != 0x80 {
                        while span < spans.endIndex && spans[span].upperBound <= b { span += 1 }
                        if span < spans.endIndex && spans[span].contains(b) { styles[k] |= bits }
                        k += 1
                    }
                    b += 1
                }
            }
        }
    }

    /// A segment key (`segmentKeys`) of styled text: the bidi level in the low three bits (at
    /// most 7 here, its parity, the direction, kept: UAX #9 allows 125, but a paragraph with
    /// more than six embeddings inside one another is not a book's) and the style above them
    /// (a `styles` entry: a `FaceStyle` and the layout's bits above it, twelve bits in all).
    @inline(__always)
    static func segmentKey(level: UInt8, style: UInt16) -> UInt16 {
        UInt16(min(level, 6 | (level & 1))) | (style & 0xFFF) << 3
    }

    /// The level and the style a segment key holds.
    @inline(__always)
    static func levelAndStyle(ofKey key: UInt16) -> (level: UInt8, style: FaceStyle) {
        (UInt8(key & 0x7), FaceStyle(rawValue: key >> 3))
    }

    /// The size of raised and lowered text (superscript, subscript) in ems of its paragraph's,
    /// and how far off the baseline it sits: as browsers set `<sup>` and `<sub>` (a smaller
    /// size, the baseline moved a third of an em up, a fifth down).
    static let scriptScale: Float = 0.7
    /// The size of smaller text inside a line (CSS `font-size: smaller`: a step of about 1.2
    /// down the font-size keywords' scale), in ems of its paragraph's.
    static let smallerScale: Float = 0.83
    static let raise: Float = 0.33
    static let lower: Float = 0.2

    /// `segmentKeys[0..<count]` for the text loaded last: `levels` (when `mixed`, else 0)
    /// and each scalar's style.
    mutating func fillSegmentKeys(count: Int, levels source: [UInt8]?) {
        for k in 0..<count {
            segmentKeys[k] = Self.segmentKey(level: source?[k] ?? 0, style: styles[k])
        }
    }
}
