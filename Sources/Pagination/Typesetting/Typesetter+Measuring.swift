extension Typesetter {
    /// Resolves the paragraph's bidi levels (`paragraphLevel`) and gives each of
    /// `scalars[0..<count]` its share of the shaped width (`widths`): a glyph's advance goes to
    /// the scalar its cluster starts at, so a ligature's or a conjunct's width sits on its first
    /// character.
    ///
    /// A paragraph all at level 0 whose book allows it (`measuresPlainWordsFromTable`) is
    /// walked once: a word of pair-kerned characters (Latin, and its quotes and dashes) with no
    /// shaped pair takes its widths from the advance table, as HarfBuzz would set it (see
    /// `AdvanceTable.isPairKerned`); any other word is shaped. Otherwise every segment
    /// (`ShapeSegments`, in its own direction) is shaped through the `ShapeCache`. In a
    /// Chinese or Japanese book, adjacent fullwidth punctuation then collapses
    /// (`PunctuationTrim`).
    mutating func measure(count: Int) {
        let mixed = measureShapes(count: count)
        if trimsPunctuation && !mixed && paragraphLevel == 0 {
            let em = settings.fontSize, centred = centredStops
            scalars.withUnsafeBufferPointer { s in
                widths.withUnsafeMutableBufferPointer { w in
                    PunctuationTrim.apply(s, count: count, widths: w, em: em, centredStops: centred)
                }
            }
        }
    }

    /// `measure(count:)` before punctuation collapses; whether the paragraph mixes directions.
    private mutating func measureShapes(count: Int) -> Bool {
        let bidi = self.bidi, byDefault = rightToLeftByDefault, given = blockLevel
        let (level, mixed) = scalars.withUnsafeBufferPointer { s in
            levels.withUnsafeMutableBufferPointer { l in
                bidi.resolve(UnsafeBufferPointer(rebasing: s[0..<count]), paragraphLevel: given,
                             rightToLeftByDefault: byDefault, into: UnsafeMutableBufferPointer(rebasing: l[0..<count]))
            }
        }
        paragraphLevel = level
        let shapes = self.shapes
        var face: UInt16 = 0
        if !mixed && measuresPlainWordsFromTable && !advances.pairKerned.isEmpty && !hasStyles {
            let table = advances
            scalars.withUnsafeBufferPointer { s in
                widths.withUnsafeMutableBufferPointer { w in
                    table.measurePlainWords(s, count: count, into: w, face: &face) { range, face in
                        Self.shape(s, range, levels: UnsafeBufferPointer<UInt8>?.none, shapes: shapes, table: table, faceBefore: &face, into: w)
                    }
                }
            }
            return mixed
        }
        let fastTable = measuresPlainWordsFromTable ? advances : nil
        // Styled text (italic, bold, small capitals) is cut apart and shaped in its style
        // (`segmentKeys`).
        if hasStyles { fillSegmentKeys(count: count, levels: mixed ? levels : nil) }
        scalars.withUnsafeBufferPointer { s in
            widths.withUnsafeMutableBufferPointer { w in
                if hasStyles {
                    segmentKeys.withUnsafeBufferPointer { k in
                        Self.shape(s, 0..<count, levels: k, styled: true, shapes: shapes, table: fastTable,
                                   faceBefore: &face, into: w)
                    }
                } else if mixed {
                    levels.withUnsafeBufferPointer { k in
                        Self.shape(s, 0..<count, levels: k, shapes: shapes, table: fastTable, faceBefore: &face, into: w)
                    }
                } else {
                    Self.shape(s, 0..<count, levels: UnsafeBufferPointer<UInt8>?.none, shapes: shapes, table: fastTable,
                               faceBefore: &face, into: w)
                }
            }
        }
        return mixed
    }

    /// Shapes `s[range]` segment by segment through `shapes` and writes the widths; `faceBefore`
    /// is the face of the text before it, and is left the face of its end (see
    /// `GlyphShaper.shape`). With `table`, a character alone on its segment that the shaper
    /// sets as the table measures it (`AdvanceTable.faceAlone`) is measured there. `levels`
    /// (nil: all 0) are the scalars' bidi levels, or with `styled` their segment keys (level
    /// and style, `Typesetter.segmentKey`).
    static func shape<Key: FixedWidthInteger>(_ s: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, levels: UnsafeBufferPointer<Key>?,
                      styled: Bool = false, shapes: ShapeCache, table: AdvanceTable?, faceBefore: inout UInt16,
                      into w: UnsafeMutableBufferPointer<Float>) {
        var start = range.lowerBound
        while start < range.upperBound {
            let end = ShapeSegments.end(in: s, from: start, to: range.upperBound, levels: levels)
            let key = levels?[start] ?? 0
            let style = styled ? Typesetter.levelAndStyle(ofKey: UInt16(truncatingIfNeeded: key)).style : []
            let rightToLeft = key & 1 == 1
            let c = s[start]
            if end == start &+ 1 && !rightToLeft && style.isEmpty && (faceBefore == 0 || !ShapeSegments.isSeparator(c)) {
                // A CJK character, a space.
                if let table, case let face = table.faceAlone(c), face != 0 {
                    w[start] = table.advance(of: c)
                    faceBefore = UInt16(face - 1)
                    start = end
                    continue
                }
                if c < 0x10000 {
                    (w[start], faceBefore) = shapes.single(c)
                    start = end
                    continue
                }
            }
            for k in start..<end { w[k] = 0 }
            let glyphs = shapes.glyphs(of: UnsafeBufferPointer(rebasing: s[start..<end]), rightToLeft: rightToLeft,
                                       faceBefore: faceBefore, style: style.shaping)
            let scale = style.scale
            shapes.glyphs.withUnsafeBufferPointer { g in
                for k in glyphs { w[start &+ Int(g[k].cluster)] += g[k].advance * scale }
            }
            // Text after styled text is plain: a space there takes no face from the style's.
            faceBefore = style.isEmpty ? shapes.lastFace(of: glyphs) : 0
            start = end
        }
    }
}

extension AdvanceTable {
    /// Measures a left-to-right paragraph in one pass: each word (the characters between
    /// separators, `ShapeSegments.isSeparator`) of pair-kerned characters with no shaped pair
    /// gets its advances and its kerning on the left glyph of each pair, where HarfBuzz puts a
    /// pair adjustment; a pair-kerned separator after the primary face (`face` 0) its advance;
    /// a CJK character that the shaper sets alone as the table measures it (`faceAlone`) its
    /// advance. Every other word or separator goes to `shape`, which leaves `face` the face
    /// its text ends in.
    @inline(__always)
    func measurePlainWords(_ s: UnsafeBufferPointer<UInt32>, count: Int, into w: UnsafeMutableBufferPointer<Float>,
                           face: inout UInt16, shape: (Range<Int>, inout UInt16) -> Void) {
        let side = Self.kerningSide
        pairKerned.withUnsafeBufferPointer { plain in
            kerning.withUnsafeBufferPointer { kern in
                kerningRows.withUnsafeBufferPointer { rows in
                    shapedPairs.withUnsafeBufferPointer { shaped in
                        blockIndex.withUnsafeBufferPointer { index in
                            advances.withUnsafeBufferPointer { adv in
                                // Only characters with a kerning index are read here (below U+2080):
                                // their block is in range.
                                @inline(__always) func width(_ c: UInt32) -> Float {
                                    adv[Int(index[Int(c >> Self.blockShift)]) << Self.blockShift | Int(c & 0xFF)]
                                }
                                @inline(__always) func plainIndex(_ c: UInt32) -> Int? {
                                    guard let i = Self.kerningIndex(c), plain[i >> 6] & (1 << UInt64(i & 63)) != 0 else { return nil }
                                    return i
                                }
                                var wordStart = 0
                                /// Just after the last CJK character measured alone (a mark there
                                /// joins it).
                                var aloneEnd = -1
                                var slow = false
                                var previous = 0
                                var k = 0
                                while k < count {
                                    let c = s[k]
                                    if ShapeSegments.isSeparator(c) {
                                        if slow {
                                            shape(wordStart..<k, &face)
                                        } else if k != wordStart {
                                            face = 0
                                        }
                                        if face == 0 && plainIndex(c) != nil { w[k] = width(c) } else { shape(k..<(k &+ 1), &face) }
                                        k &+= 1
                                        wordStart = k
                                        slow = false
                                        continue
                                    }
                                    // A CJK character is a segment of its own with the marks after it
                                    // (`ShapeSegments`): measured alone from the table when the shaper
                                    // sets it so (`aloneCode`, one look-up), and shaped with its marks
                                    // when a mark follows.
                                    if c >= 0x1100 || aloneEnd == k {
                                        let code = c >= 0x1100 ? aloneCode(c) : 0
                                        if code & Self.wideAloneBit != 0 {
                                            if slow { shape(wordStart..<k, &face) }
                                            w[k] = advance(of: c)
                                            face = UInt16(code & ~Self.wideAloneBit &- 1)
                                            k &+= 1
                                            wordStart = k
                                            aloneEnd = k
                                            slow = false
                                            continue
                                        }
                                        if aloneEnd == k && Pagination.isMark(c) {
                                            var end = k &+ 1
                                            let limit = min(count, k &- 1 &+ ShapeSegments.maximumLength)
                                            while end < limit && Pagination.isMark(s[end]) { end &+= 1 }
                                            shape((k &- 1)..<end, &face)
                                            k = end
                                            wordStart = k
                                            slow = false
                                            continue
                                        }
                                    }
                                    if !slow && k &- wordStart >= ShapeSegments.maximumLength {
                                        slow = true  // shaped in pieces of the maximum length: measured so too
                                    }
                                    if !slow {
                                        if let i = plainIndex(c) {
                                            w[k] = width(c)
                                            if k != wordStart {
                                                let pair = previous &* side &+ i
                                                if shaped[pair >> 6] & (1 << UInt64(pair & 63)) != 0 {
                                                    slow = true
                                                } else {
                                                    w[k &- 1] += kern[Int(rows[previous]) &+ i]
                                                }
                                            }
                                            previous = i
                                        } else {
                                            slow = true
                                        }
                                    }
                                    k &+= 1
                                }
                                if slow { shape(wordStart..<count, &face) }
                            }
                        }
                    }
                }
                }
        }
    }
}
