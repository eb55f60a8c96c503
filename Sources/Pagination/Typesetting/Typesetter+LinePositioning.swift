extension LayoutSettings {
    /// The first-line indent of a paragraph in pixels: for CJK `cjkIndent` (2 em), or 1 em
    /// for Japanese; `latinIndent` (1 em) for others in `book`; none in `plain`; never more than
    /// leaves room for two characters.
    func firstLineIndent(cjk: Bool) -> Float {
        guard preset == .book else { return 0 }
        let em = cjk ? (language?.isJapanese == true ? min(cjkIndent, 1) : cjkIndent) : latinIndent
        return min(em * fontSize, max(0, contentWidth - 2 * fontSize))
    }
}

extension Typesetter {
    /// The baseline of each of a page's lines, px from the page's top: lines one
    /// `lineHeight` apart from the top margin, with the space `LayoutSettings.spaceAbove`
    /// gives a heading, a scene break or a paragraph (as `PageSplitter` counts it). A line
    /// that takes several rows of the grid sits on its last row's baseline, in register with
    /// the body text.
    public func baselines<C: Collection<TypesetLine>>(of lines: C) -> [Float] {
        var top = settings.margin
        var result: [Float] = []
        result.reserveCapacity(lines.count)
        var previous: TypesetLine.Flags?
        for line in lines {
            top += settings.spaceAbove(line.flags, after: previous)
            if line.flags.contains(.floated) {
                // A floated picture takes the paragraph's space above it and no room of its own:
                // placed with the line after it.
                result.append(top + advances.ascent)
                previous = line.flags
                continue
            }
            result.append(top + Float(max(line.rows, 1) - 1) * settings.lineHeight + advances.ascent)
            top += line.height(settings.lineHeight)
            previous = line.flags
        }
        return result
    }

    /// A page's lines with every glyph where it is drawn (see `PageLayout`): a table row's
    /// cells' lines in their columns.
    public mutating func position<C: Collection<TypesetLine>>(_ lines: C) -> [PositionedLine] {
        var placed: [PositionedLine] = []
        placed.reserveCapacity(lines.count)
        for (line, baseline) in zip(lines, baselines(of: lines)) {
            if line.flags.contains(.tableRow) {
                for cell in cellLines(ofRow: line, baseline: baseline) { placed.append(position(cell.line, baseline: cell.baseline)) }
            } else {
                placed.append(position(line, baseline: baseline))
            }
        }
        return placed
    }

    /// Where every glyph of `line` goes, justified as the `book` preset sets text: lines
    /// that end a paragraph (or were broken inside a word for want of any break, or at a
    /// forced break) keep their natural spacing; a hyphenated line ends in a hyphen and is
    /// justified; other lines stretch (or, chosen so by total fit, shrink) their word spaces
    /// (Latin) or the gaps between characters (CJK) so the ink fills the text box exactly. A hanging mark sits past it.
    /// The paragraph's own leading spaces in `book` get no glyphs.
    ///
    /// Direction (UAX #9): the line's levels are its paragraph's (`paragraphLevels`), its
    /// trailing spaces set to the paragraph's level (rule L1), its segments shaped each in
    /// its own direction and ordered for display by rule L2. A right-to-left paragraph's
    /// lines are aligned and indented at the right and its last line ends at its right.
    public mutating func position(_ line: TypesetLine, baseline: Float) -> PositionedLine {
        // A picture is drawn, not its U+FFFC (`placePictures`).
        if !line.flags.isDisjoint(with: [.picture, .tableRow]) || line.start == line.end { return PositionedLine(baseline: baseline, range: Int(line.start)..<Int(line.end), runs: []) }
        let startByte = text.byteOffset(ofScalar: Int(line.start))
        let endByte = text.byteOffset(ofScalar: Int(line.end))
        var count = decodeScalars(bytes: startByte..<endByte, insideParagraph: !line.flags.contains(.paragraphStart))
        if let structure {
            hasStyles = false
            markStyles(of: structure, bytes: startByte..<endByte, count: count)
        } else if settings.emphasizes && textHasUnderscore() {
            // The spans of the line's paragraph, of which the line may hold a part.
            markEmphasis(bytes: startByte..<endByte, paragraph: paragraphBytes(holding: startByte), count: count)
        } else {
            hasStyles = false
        }
        let book = settings.preset == .book
        let cjk = line.flags.contains(.cjk)
        let rightToLeft = line.flags.contains(.rightToLeft)
        var first = 0
        if book && line.flags.contains(.paragraphStart) {
            while first < count && isTypesetSpace(scalars[first]) { first += 1 }
        }
        // A drop cap is drawn apart, beside the lines as `fillLines` set them.
        let drop = structure?.dropCaps.isEmpty == false && !rightToLeft && !line.flags.isDisjoint(with: [.paragraphStart, .besideDropCap])
            ? dropCapBox(holdingByte: startByte, measure: blockGeometry(atByte: startByte, rightToLeft: false)?.width ?? settings.contentWidth)
            : nil
        let dropCapHere = drop != nil && line.flags.contains(.paragraphStart) && drop!.end < count
        if let drop, dropCapHere { first = max(first, drop.end) }
        if line.flags.contains(.title) {
            // The title page's brackets and labels are the file's, not drawn (`TitleMatter`).
            scalars.withUnsafeBufferPointer { s in
                if line.flags.contains(.paragraphEnd) && titleMatter?.bracketed == true {
                    count -= TitleMatter.hiddenSuffix(UnsafeBufferPointer(rebasing: s[first..<count]))
                }
                if line.flags.contains(.paragraphStart) { first += TitleMatter.hiddenPrefix(UnsafeBufferPointer(rebasing: s[first..<count]), bracketed: titleMatter?.bracketed == true) }
            }
        }
        let paragraphLevel: UInt8 = rightToLeft ? 1 : 0
        let bidi = self.bidi, shapes = self.shapes
        let lineStyles = hasStyles ? styles[first..<max(first, count)] : nil

        // The line's segments in logical order, shaped, each with its level and width.
        typealias Segment = PlacedSegment
        var segments: [Segment] = []
        let inParagraph = paragraphLevels(ofLineAt: startByte..<endByte, lineStart: Int(line.start), first: first, count: count,
                                          paragraphLevel: paragraphLevel)
        scalars.withUnsafeBufferPointer { all in
            levels.withUnsafeMutableBufferPointer { l in
                let s = UnsafeBufferPointer(rebasing: all[first..<count])
                let lineLevels = UnsafeMutableBufferPointer(rebasing: l[first..<count])
                let mixed = inParagraph ?? bidi.resolve(s, paragraphLevel: paragraphLevel, rightToLeftByDefault: rightToLeft,
                                                        into: lineLevels).mixed
                // Rule L1: trailing white space takes the paragraph's level.
                var k = s.count - 1
                while k >= 0 && ShapeSegments.isSeparator(s[k]) {
                    lineLevels[k] = paragraphLevel
                    k -= 1
                }
                segments = shapes.placedSegments(of: s, levels: mixed ? UnsafeBufferPointer(lineLevels) : nil,
                                                 paragraphLevel: paragraphLevel, styles: lineStyles, offset: first)
            }
        }

        if trimsPunctuation { trimPunctuation(&segments, count: count, line: line) }
        if structure?.letterSpacing.isEmpty == false { addLetterSpacing(to: &segments, bytes: startByte..<endByte, count: count) }
        inlinePictureSink.placed.removeAll(keepingCapacity: true)
        let inlineScalars = structure?.pictures.isEmpty == false
            ? widenInlinePictures(inlinePictures(bytes: startByte..<endByte), in: &segments) : []
        // Floats leave the line's flow for its ends.
        let floats = takeFloats(from: &segments, count: count)

        // A hyphenated line ends in a hyphen, shaped alone after the line's last character; its
        // cluster is that character's, so that every glyph of a page is inside the page.
        let hyphenated = line.flags.contains(.hyphenated) && !segments.isEmpty
        if hyphenated {
            var hyphen: UInt32 = 0x2D
            let range = withUnsafePointer(to: &hyphen) { shapes.glyphs(of: UnsafeBufferPointer(start: $0, count: 1), rightToLeft: false) }
            let glyphs = Array(shapes.glyphs[range])
            // In the direction of the word it ends (a Latin word at the end of a Hebrew line).
            let level = segments.last { !$0.space }?.level ?? paragraphLevel
            segments.append(Segment(start: count - 1, glyphs: glyphs, width: glyphs.reduce(0) { $0 + $1.advance },
                                    level: level, space: false, stretches: false, style: []))
        }

        // Justification: each gap between the first and the last ink segment (logically)
        // widens by an equal share of the missing width, or narrows by an equal share of the
        // excess on a line total-fit breaking chose to shrink; a hanging mark is not part of
        // the justified measure.
        var last = segments.count - 1
        while last >= 0 && segments[last].space { last -= 1 }
        let trailing = segments[(last + 1)...].reduce(Float(0)) { $0 + $1.width }
        // A styled block (a structured book's) is set as its style says: its insets, indent and
        // alignment; headings are centred only when the style centres them. The line is placed
        // in the block's own pixels from `origin` and drawn `scale` times larger (see
        // `BlockGeometry`).
        let geometry = blockGeometry(atByte: startByte, rightToLeft: rightToLeft)
        let fullMeasure = geometry?.width ?? settings.contentWidth
        var measure = max(0, fullMeasure - floats.leftWidth - floats.rightWidth)
        var origin = settings.textLeft + (geometry?.left ?? 0) + floats.leftWidth * (geometry?.scale ?? 1)
        let scale = geometry?.scale ?? 1
        // A block's last line may be set apart (CSS `text-align-last`).
        let lastLine = line.flags.contains(.paragraphEnd) ? geometry?.lastLine : nil
        let centred = book && (lastLine.map { $0 == .centered } ?? geometry.map { $0.alignment == .centered } ?? line.flags.isCentred)
        let atEnd = lastLine.map { $0 == .end } ?? (geometry?.alignment == .end)
        let justify = book && !centred && !atEnd && !line.flags.contains(.verse) && geometry?.ragged != true
            && (lastLine == .justified || line.flags.isDisjoint(with: [.paragraphEnd, .emergencyBreak, .forcedBreak]))
        var indent: Float
        if line.flags.contains(.verse) {
            // As `fillLines` set it: the line's leading spaces, a turnover one em further in.
            indent = line.flags.contains(.paragraphStart) ? verseIndent(leadingSpaces: first, measure: fullMeasure)
                : min(verseIndent(leadingSpaces: leadingSpaces(ofLineHolding: startByte), measure: fullMeasure) + settings.fontSize,
                      fullMeasure / 2)
        } else {
            indent = line.flags.isIndented ? settings.firstLineIndent(cjk: cjk) : 0
        }
        if let geometry, !line.flags.contains(.verse) {
            indent = line.flags.contains(.paragraphStart) && !line.flags.contains(.unindented) ? geometry.indent : 0
        }
        if let drop, dropCapHere || line.flags.contains(.besideDropCap) { indent = drop.indent }
        // Beside a floated picture, as `fillLines` set the line: at the paragraph's start side,
        // further in; at its end side, a narrower measure (from the left, right to left).
        let float = structure != nil && !line.flags.isDisjoint(with: [.paragraphStart, .besideFloat])
            ? floatBeside(paragraphAtByte: startByte) : nil
        if let float {
            if float.right == rightToLeft {
                indent = (line.flags.contains(.paragraphStart) ? indent : 0) + float.width
            } else {
                measure = max(0, measure - float.width)
                if rightToLeft { origin += float.width }
            }
        }
        var lastGap = last
        // A mark hangs past the measure's edge, unless a float stands there: the line shrinks.
        let floated = !floats.left.isEmpty || !floats.right.isEmpty || (float.map { $0.right != rightToLeft } ?? false)
        if line.flags.contains(.hangingPunctuation) && lastGap >= 0 && !floated { lastGap -= 1 }
        // The missing width, from the glyphs as placed here (the line's natural width up to
        // its last justified segment, the indent included).
        let natural = indent + segments.prefix(max(lastGap + 1, 0)).reduce(Float(0)) { $0 + $1.width }
        let extra = measure - natural
        if justify && extra != 0 {
            let firstInk = segments.firstIndex { !$0.space } ?? segments.count
            var gaps: [Int] = []
            if firstInk < lastGap {
                for k in firstInk..<lastGap where segments[k].stretches || (cjk && !segments[k].space && segments[k].width > 0) {
                    gaps.append(k)
                }
            }
            for k in gaps { segments[k].width += extra / Float(gaps.count) }
        }

        // Where the line starts: a heading or a scene break centred in the text box; else the
        // indent at the paragraph's start side; a right-to-left
        // line's ink ends at the right edge of the text box (less the indent), its trailing
        // spaces past its left end.
        var pen: Float
        let ink = segments.reduce(Float(0)) { $0 + $1.width } - trailing
        if centred {
            pen = max(0, (measure - ink) / 2)
        } else if rightToLeft != atEnd {
            // Ink ending at the end side: a right-to-left line, or a left-to-right one set at
            // its end (`text-align: right`). A right-to-left line's trailing spaces lie past
            // its left end.
            pen = measure - ink - (rightToLeft ? indent + trailing : 0)
        } else {
            // At the left: a left-to-right line after its indent, or a right-to-left line set
            // at its end.
            pen = atEnd ? 0 : indent
        }

        var runs: [GlyphRun] = []
        // The hyphen is a run of its own: generated, not the book's text.
        let hyphenSegment = hyphenated ? segments.count - 1 : -1
        var hyphenRun: Int?
        // Where the rightmost glyph's advance ends (`PositionedLine.end`).
        var end: Float = 0
        let em = settings.fontSize * scale
        /// Draws `segment` from `pen`, px of the block's from `origin`.
        func place(_ segment: PlacedSegment, isHyphen: Bool, from pen: Float, origin: Float) {
            var x = pen
            // A raised or lowered run sits off the baseline, its glyphs drawn smaller.
            let shift = segment.style.contains(.raised) ? -Self.raise * em : segment.style.contains(.lowered) ? Self.lower * em : 0
            let runScale = scale * segment.style.scale
            for g in segment.glyphs {
                if !inlineScalars.isEmpty, inlineScalars.contains(segment.start + Int(g.cluster)) {
                    // A picture among the words: no glyph, its place noted.
                    inlinePictureSink.placed.append((Int(line.start) + segment.start + Int(g.cluster), origin + (x + g.xOffset) * scale))
                    x += g.advance
                    continue
                }
                let placed = PositionedGlyph(id: g.id, x: origin + (x + g.xOffset) * scale, y: baseline + shift - g.yOffset * scale,
                                             cluster: line.start + Int32(segment.start + Int(g.cluster)))
                if let last = runs.last, last.font == g.font, last.style == segment.style,
                   (hyphenRun == runs.count - 1) == isHyphen {
                    runs[runs.count - 1].glyphs.append(placed)
                } else {
                    runs.append(GlyphRun(font: g.font, glyphs: [placed], style: segment.style, scale: runScale))
                    if isHyphen { hyphenRun = runs.count - 1 }
                }
                x += g.advance
                end = max(end, origin + x * scale)
            }
        }
        // Runs go left to right: the left floats, the flow, the right floats (at the measure's
        // ends, outside the flow's box).
        let blockLeft = origin - floats.leftWidth * scale
        var floatPen: Float = 0
        for k in BidiLevels.visualOrder(of: floats.left.map(\.level)) {
            place(floats.left[k], isHyphen: false, from: floatPen, origin: blockLeft)
            floatPen += floats.left[k].width
        }
        for k in BidiLevels.visualOrder(of: segments.map(\.level)) {
            place(segments[k], isHyphen: k == hyphenSegment, from: pen, origin: origin)
            pen += segments[k].width
        }
        floatPen = fullMeasure - floats.rightWidth
        for k in BidiLevels.visualOrder(of: floats.right.map(\.level)) {
            place(floats.right[k], isHyphen: false, from: floatPen, origin: blockLeft)
            floatPen += floats.right[k].width
        }
        if let drop, dropCapHere {
            let capRuns = dropCapRun(drop, x: origin, baseline: baseline, cluster: line.start)
            runs.insert(contentsOf: capRuns, at: 0)
            hyphenRun = hyphenRun.map { $0 + capRuns.count }
        }
        return PositionedLine(baseline: baseline, range: Int(line.start)..<Int(line.end), runs: runs, hyphenRun: hyphenRun, end: end)
    }
}

extension Typesetter {
    /// Collapses adjacent fullwidth punctuation on a line being placed, as `measure` did for
    /// its paragraph (`PunctuationTrim`): each scalar's width is its cluster's advance, as
    /// measured, and the neighbours across the line's ends are the text's own, so the line is
    /// placed as wide as it was measured. A mark's last glyph loses half an em of advance; one
    /// that loses its start side is moved left by half an em. Left-to-right lines only.
    func trimPunctuation(_ segments: inout [PlacedSegment], count: Int, line: TypesetLine) {
        guard !line.flags.contains(.rightToLeft), segments.allSatisfy({ $0.level & 1 == 0 }) else { return }
        let em = settings.fontSize, centred = centredStops
        // Each scalar's width as measured: the advance of the glyphs of the cluster it starts.
        var measured = [Float](repeating: 0, count: count)
        for segment in segments {
            for g in segment.glyphs where segment.start + Int(g.cluster) < count {
                measured[segment.start + Int(g.cluster)] += g.advance
            }
        }
        func outside(_ offset: Int) -> (UInt32, Bool)? {
            guard offset >= 0, offset < text.scalarCount else { return nil }
            let c = text.scalar(at: offset)
            guard PunctuationTrim.kind(of: c, centredStops: centred) != .other, c < 0x10000 else { return nil }
            return (c, PunctuationTrim.isFullWidth(shapes.single(c).width, em: em))
        }
        var k = 0  // the segment that holds scalar i
        for i in 0..<count where scalars[i] >= 0xB7 && PunctuationTrim.isFullWidth(measured[i], em: em) {
            let before = i > 0 ? (scalars[i - 1], PunctuationTrim.isFullWidth(measured[i - 1], em: em)) : outside(Int(line.start) - 1)
            let after = i + 1 < count ? (scalars[i + 1], PunctuationTrim.isFullWidth(measured[i + 1], em: em)) : outside(Int(line.end))
            let side = PunctuationTrim.side(of: scalars[i], before: before, after: after, centredStops: centred)
            guard side != .none else { continue }
            while k + 1 < segments.count && segments[k + 1].start <= i { k += 1 }
            let cluster = UInt16(truncatingIfNeeded: i - segments[k].start)
            guard let last = segments[k].glyphs.lastIndex(where: { $0.cluster == cluster }) else { continue }
            segments[k].glyphs[last].advance -= em / 2
            segments[k].width -= em / 2
            if side == .start {
                for g in segments[k].glyphs.indices where segments[k].glyphs[g].cluster == cluster {
                    segments[k].glyphs[g].xOffset -= em / 2
                }
            }
        }
    }
}
