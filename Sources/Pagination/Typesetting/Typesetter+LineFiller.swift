extension Typesetter {
    /// Greedy line filling over the paragraph in `scalars[0..<count]` (whose break actions
    /// are in `actions` and shaped widths in `widths`), appending one `TypesetLine` per line.
    ///
    /// A line takes characters while their ink fits the content width; trailing spaces
    /// hang. When a character overflows, the line ends at the last break opportunity; when
    /// there is none (a word longer than the line), just before the character; a single
    /// glyph wider than the line sits on a line of its own. With hanging punctuation, a
    /// closing mark that overflows stays on the line and hangs into the margin instead of
    /// pushing the previous character down. With hyphenation patterns, the word that
    /// overflows is first hyphenated where its part and a hyphen still fit
    /// (`hyphenationEnd`), at most `hyphenatedLinesInARow` lines in a row unless the line has
    /// no other break; a soft hyphen is a
    /// break only where the text before it and a hyphen fit, and the line then ends in one.
    mutating func fillLines(count n: Int, scalarStart: Int, into lines: inout [TypesetLine]) {
        let rightToLeft = paragraphLevel == 1
        let geometry = blockGeometry(atByte: text.byteOffset(ofScalar: scalarStart), rightToLeft: rightToLeft)
        let available = geometry?.width ?? settings.contentWidth
        let hang = settings.hangsPunctuation
        // A justified line puts the mark right at the edge: it may hang into the margin, which
        // a block drawn larger (`BlockGeometry.scale`) measures in its own, larger pixels.
        let hangRoom = settings.textLeft / (geometry?.scale ?? 1)
        let book = settings.preset == .book
        let base = Int32(scalarStart)
        let hyphen = hyphenWidth()
        // The patterns are read at the first overflow; a block may refuse hyphens (`hyphens: none`).
        let hyphenates = settings.hyphenates && kind != .verse && kind != .title && blockHyphenates
        // `book` does not draw a paragraph's own leading spaces; it indents instead.
        var first = 0
        if book { while first < n && isTypesetSpace(scalars[first]) { first &+= 1 } }
        guard first < n else {
            lines.append(TypesetLine(start: base, end: base + Int32(n), width: 0, flags: [.paragraphStart, .paragraphEnd]))
            return
        }
        let cjk = isEastAsianWide(scalars[first])
        var paragraphFlags: TypesetLine.Flags = cjk ? [.cjk] : []
        if rightToLeft { paragraphFlags.insert(.rightToLeft) }
        switch kind {
        case .heading: paragraphFlags.insert(.heading)
        case .sceneBreak: paragraphFlags.insert(.sceneBreak)
        case .verse: paragraphFlags.insert(.verse)
        case .title: paragraphFlags.insert(.title)
        case .text: break
        }
        var firstFlags = paragraphFlags.union(unindented ? [.paragraphStart, .unindented] : .paragraphStart)
        if kind == .verse && startsStanza { firstFlags.insert(.stanzaStart) }
        // The title page's paragraphs (the title, the author) stand apart; a line of one that
        // the file wraps does not.
        if kind == .title && startsStanza { firstFlags.insert(.spaceBefore) }
        if let structure {
            // A structured book breaks its pages where its documents start, not at headings.
            if kind == .heading { paragraphFlags.insert(.keepsPage) }
            let block = structure.block(holding: text.byteOffset(ofScalar: scalarStart))
            if block?.breaksPage == true { firstFlags.insert(.pageBreakBefore) }
            if block?.style?.spaceBefore == true { firstFlags.insert(.spaceBefore) }
            firstFlags.formUnion(paragraphFlags)
        }
        var indent = kind == .verse ? verseIndent(leadingSpaces: first, measure: available)
            : firstFlags.isIndented ? settings.firstLineIndent(cjk: cjk) : 0
        if let geometry, kind != .verse { indent = unindented ? 0 : geometry.indent }
        // A verse line too long for the measure turns over one em further in.
        let turnover: Float = kind == .verse ? min(indent + settings.fontSize, available / 2) : 0
        // A drop cap stands beside the first lines (its letter left out of them).
        let drop = kind == .text && structure != nil && !rightToLeft
            ? dropCapBox(holdingByte: text.byteOffset(ofScalar: scalarStart), measure: available).flatMap { $0.end < n ? $0 : nil } : nil
        if let drop {
            first = max(first, drop.end)
            indent = drop.indent
        }
        // A floated picture before the paragraph stands beside its first lines.
        let float = structure != nil && kind == .text ? floatBeside(paragraphAtByte: text.byteOffset(ofScalar: scalarStart)) : nil
        // (At the paragraph's start side it indents its lines; at its end side, it narrows them.)
        let floatAtStart = float.map { $0.right == rightToLeft } ?? false
        if floatAtStart { indent += float!.width }
        let firstLine = lines.count
        defer {
            if let drop { finishLines(beside: drop.lines, flag: .besideDropCap, from: firstLine, into: &lines) }
            if let float { finishLines(beside: float.lines, flag: .besideFloat, from: firstLine, into: &lines) }
        }
        if book && drop == nil && float == nil && settings.lineBreaking == .optimal && kind == .text && !cjk && (geometry?.alignment ?? .justified) == .justified,
           fillLinesOptimally(count: n, first: first, indent: indent, available: available, firstFlags: firstFlags,
                              flags: paragraphFlags, scalarStart: scalarStart, into: &lines) {
            return
        }
        scalars.withUnsafeBufferPointer { s in
            actions.withUnsafeBufferPointer { a in
                widths.withUnsafeBufferPointer { widths in
                    var flags = firstFlags
                    var lineStart = 0
                    var measureStart = first
                    var x: Float = indent
                    var ink = x
                    var lineOrigin = x  // where the pen starts on the current line (the indent, then 0)
                    var lastBreak = -1
                    var inkAtBreak: Float = 0
                    var breakAfterSoftHyphen = false
                    var hyphensInRow = 0
                    var i = first
                    // The measure of the line being filled: narrower beside a float at the right.
                    var limit = float != nil && !floatAtStart ? available - float!.width : available

                    @inline(__always)
                    func emit(_ end: Int, _ width: Float, _ extra: TypesetLine.Flags) {
                        var f = flags.union(extra)
                        if end >= n { f.insert(.paragraphEnd) }
                        hyphensInRow = f.contains(.hyphenated) ? hyphensInRow + 1 : 0
                        lines.append(TypesetLine(start: base + Int32(lineStart), end: base + Int32(end), width: width, flags: f))
                        flags = paragraphFlags
                        lineStart = end
                        measureStart = end
                        // The next line stands beside the drop cap or the float, or turns over (verse).
                        let beside = drop.map { lines.count - firstLine < $0.lines } ?? false
                        if beside { flags.insert(.besideDropCap) }
                        let besideFloat = float.map { lines.count - firstLine < $0.lines } ?? false
                        if besideFloat { flags.insert(.besideFloat) }
                        limit = besideFloat && !floatAtStart ? available - float!.width : available
                        let origin = beside ? drop?.indent ?? 0 : besideFloat && floatAtStart ? float!.width : turnover
                        x = origin
                        ink = origin
                        lineOrigin = origin
                        lastBreak = -1
                    }

                    /// The ink width of the current line up to (not including) scalar `end`.
                    func inkBefore(_ end: Int) -> Float {
                        var pen = lineOrigin, ink = lineOrigin
                        for j in measureStart..<end {
                            pen += widths[j]
                            if !isTypesetSpace(s[j]) { ink = pen }
                        }
                        return ink
                    }

                    while i < n {
                        let c = s[i]
                        let w = widths[i]
                        if isTypesetSpace(c) {
                            x += w
                        } else {
                            let right = x + w
                            if right > limit && i > measureStart {
                                if hang && a[i] != 0 && w <= hangRoom && isHangingPunctuation(c) {
                                    emit(i &+ 1, ink, .hangingPunctuation)
                                    i &+= 1
                                    continue
                                }
                                let floor = lastBreak >= lineStart ? lastBreak &+ 1 : measureStart
                                // A third hyphen in a row only rather than a break inside a word with none.
                                let hyphenAllowed = hyphensInRow < Self.hyphenatedLinesInARow || lastBreak < lineStart
                                if hyphenates && hyphenAllowed,
                                   let end = hyphenationEnd(in: s, count: n, overflow: i, floor: floor,
                                                            fits: { inkBefore($0) + hyphen <= limit }) {
                                    emit(end, inkBefore(end) + hyphen, .hyphenated)
                                    i = end
                                } else if lastBreak >= lineStart {
                                    let end = lastBreak &+ 1
                                    emit(end, breakAfterSoftHyphen ? inkAtBreak + hyphen : inkAtBreak,
                                         breakAfterSoftHyphen ? .hyphenated : [])
                                    i = end
                                } else {
                                    // Nothing fits whole (CSS `overflow-wrap: anywhere`): the line
                                    // ends at the last grapheme cluster boundary that fits.
                                    let cut = emergencyBreak(in: s, count: n, lineStart: measureStart, overflow: i)
                                    if cut != i { i = cut; ink = inkBefore(cut) }
                                    emit(i, ink, .emergencyBreak)
                                }
                                continue
                            }
                            x = right
                            ink = right
                        }
                        let action = a[i]
                        if action != 0 {
                            if action == BreakAction.mandatory.rawValue {
                                emit(i &+ 1, ink, i &+ 1 < n ? .forcedBreak : [])
                            } else if c != 0xAD {
                                lastBreak = i
                                inkAtBreak = ink
                                breakAfterSoftHyphen = false
                            } else if ink + hyphen <= limit {
                                lastBreak = i
                                inkAtBreak = ink
                                breakAfterSoftHyphen = true
                            }
                        }
                        i &+= 1
                    }
                    if lineStart < n { emit(n, ink, []) }
                }
            }
        }
    }
}

/// Combining marks and joiners (UAX #14 classes CM and ZWJ), which belong to the
/// character before them.
@inline(__always)
func isMark(_ c: UInt32) -> Bool {
    let cls = lineBreakClass(of: c)
    return cls == .CM || cls == .ZWJ
}

/// Spaces that hang at the end of a line and take no part in its measured width.
@inline(__always)
func isTypesetSpace(_ c: UInt32) -> Bool {
    c == 0x20 || c == 0x3000 || c == 0x09
}

/// CJK closing marks allowed to hang into the right margin: full-width stops, commas,
/// closing brackets, ！ and ？ (JLREQ's line-start prohibited marks set full width). Curly
/// quotes are left out: Latin text uses them too, and Latin text does not hang.
@inline(__always)
func isHangingPunctuation(_ c: UInt32) -> Bool {
    switch c {
    case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF61, 0xFF64, 0xFE50, 0xFE51, 0xFE52,
        0x300D, 0x300F, 0x3011, 0x3009, 0x300B, 0x3015, 0x3017, 0x3019, 0x301B,
        0xFF09, 0xFF3D, 0xFF5D, 0xFF01, 0xFF1F:
        return true
    default:
        return false
    }
}
