extension Typesetter {
    /// The width of a word space: U+0020 shaped alone in the face that maps it first.
    mutating func spaceWidth() -> Float {
        if spaceAdvance < 0 { spaceAdvance = shapes.single(0x20).width }
        return spaceAdvance
    }

    /// Total-fit lines for the justified paragraph in `scalars[0..<n]` (see `fillLines`),
    /// its text starting at `first` with an indent of `indent`: appends them and returns
    /// true, or returns false and appends nothing when total fit does not apply (a forced
    /// break inside the paragraph; text broken mostly between letters, as Thai is; a
    /// paragraph over `TotalFit.longestParagraph`) or no pass sets the paragraph.
    mutating func fillLinesOptimally(count n: Int, first: Int, indent: Float, available: Float, firstFlags: TypesetLine.Flags,
                                     flags paragraphFlags: TypesetLine.Flags, scalarStart: Int,
                                     into lines: inout [TypesetLine]) -> Bool {
        let space = spaceWidth(), hyphen = hyphenWidth()
        guard space > 0, n - first <= TotalFit.longestParagraph else { return false }
        let geometry = TotalFitLine(first: first, indent: indent, available: available, hyphen: hyphen,
                                    stretch: space * TotalFit.stretchPerSpace, shrink: space * TotalFit.shrinkPerSpace)
        let found: Bool = scalars.withUnsafeBufferPointer { s in
            actions.withUnsafeBufferPointer { a in
                widths.withUnsafeBufferPointer { w in
                    // Breaks after spaces, and breaks elsewhere (after a hyphen or a dash, or
                    // between the letters of a script written without spaces).
                    var spaceBreaks = 0, otherBreaks = 0
                    for i in first..<(n - 1) where a[i] != 0 {
                        if a[i] == BreakAction.mandatory.rawValue { return false }
                        if isTypesetSpace(s[i]) { spaceBreaks += 1 } else { otherBreaks += 1 }
                    }
                    guard otherBreaks <= spaceBreaks else { return false }
                    sumWidths(s, w, count: n, first: first)
                    for pass in TotalFit.passes {
                        collectEnds(s, a, count: n, first: first, hyphenating: pass.hyphenates && settings.hyphenates && blockHyphenates)
                        if search(s, geometry, loosest: pass.loosest) { return true }
                    }
                    return false
                }
            }
        }
        guard found else { return false }
        emitChosen(geometry, count: n, firstFlags: firstFlags, flags: paragraphFlags, scalarStart: scalarStart, into: &lines)
        return true
    }

    /// Fills `totalFit`'s widths and word spaces before each scalar (from `first`).
    private func sumWidths(_ s: UnsafeBufferPointer<UInt32>, _ w: UnsafeBufferPointer<Float>, count n: Int, first: Int) {
        let work = totalFit
        work.reserve(scalars: n)
        let before = work.widthBefore, gapsBefore = work.gapsBefore
        var sum: Float = 0, gaps: Int32 = 0
        for i in 0..<n {
            before[i] = sum
            gapsBefore[i] = gaps
            if i >= first {
                sum += w[i]
                if i > first && isTypesetSpace(s[i]) && !isTypesetSpace(s[i - 1]) { gaps += 1 }
            }
        }
        before[n] = sum
        gapsBefore[n] = gaps
    }

    /// Fills `totalFit.ends` with the places a line may end: the paragraph's start first (the
    /// line before the first), every break opportunity, each soft hyphen, and with
    /// `hyphenating` the hyphenation points of its words (`hyphenationPoints`); its end last.
    private func collectEnds(_ s: UnsafeBufferPointer<UInt32>, _ a: UnsafeBufferPointer<UInt8>, count n: Int, first: Int,
                             hyphenating: Bool) {
        let work = totalFit
        work.hyphenPoints.removeAll(keepingCapacity: true)
        if hyphenating { hyphenationPoints(in: s, count: n, from: first, into: &work.hyphenPoints) }
        work.reserve(ends: n - first + work.hyphenPoints.count + 2)
        let ends = work.ends, hyphenated = work.hyphenated, points = work.hyphenPoints
        var count = 0
        func add(_ end: Int32, _ hyphen: Bool) {
            ends[count] = end
            hyphenated[count] = hyphen
            count += 1
        }
        add(Int32(first), false)
        var next = 0  // the next hyphenation point not yet placed
        for i in first..<(n - 1) {
            let end = Int32(i + 1)
            while next < points.count && points[next] < end {
                add(points[next], true)
                next += 1
            }
            if a[i] != 0 {
                if next < points.count && points[next] == end { next += 1 }
                add(end, s[i] == 0xAD)
            }
        }
        add(Int32(n), false)
        work.endCount = count
    }

    /// Knuth and Plass's search over `totalFit.ends`: for each place in order, the least
    /// demerits of reaching it from every earlier place a line can start at (the active
    /// ones), by fitness class and hyphens in a row. A place drops out once a line from it
    /// would have to shrink past r = −1 (later lines are only wider); the places after one
    /// whose line would be too loose are not tried (theirs are looser). Returns whether the
    /// paragraph's end was reached with no line looser than `loosest`.
    private func search(_ s: UnsafeBufferPointer<UInt32>, _ geometry: TotalFitLine, loosest: Float) -> Bool {
        let work = totalFit
        let m = work.endCount, states = TotalFitScratch.statesPerEnd
        let ends = work.ends, hyphenated = work.hyphenated
        let demerits = work.demerits, previous = work.previous, reached = work.reached
        for k in 0..<(m * states) {
            demerits[k] = .infinity
            previous[k] = -1
        }
        for k in 0..<m { reached[k] = 0 }
        let startState = 2 * 3  // decent, no hyphen before
        demerits[startState] = 0
        reached[0] = 1 << startState
        work.active.removeAll(keepingCapacity: true)
        work.active.append(0)
        for j in 1..<m {
            let end = Int(ends[j])
            let hyphenEnds = hyphenated[j]
            let last = j == m - 1
            let ink = geometry.inkEnd(s, end)
            var k = 0
            while k < work.active.count {
                let i = work.active[k]
                let r = geometry.ratio(work, from: i, toInk: ink, hyphen: hyphenEnds, last: last)
                if r < -1 {
                    if !hyphenEnds { work.active.remove(at: k) } else { k += 1 }
                    continue
                }
                // Lines from later places hold less and have fewer spaces: looser still.
                if r > loosest { break }
                k += 1
                let fitness = TotalFit.fitness(r)
                let line = TotalFit.linePenalty + TotalFit.badness(r)
                var base = line * line
                if hyphenEnds { base += TotalFit.hyphenPenalty * TotalFit.hyphenPenalty }
                if hyphenated[i] {
                    if hyphenEnds { base += TotalFit.doubleHyphenDemerits }
                    if last { base += TotalFit.finalHyphenDemerits }
                }
                var mask = reached[i]
                while mask != 0 {
                    let before = mask.trailingZeroBitCount
                    mask &= mask - 1
                    let inRow = before % 3
                    if hyphenEnds && inRow == Self.hyphenatedLinesInARow { continue }
                    var d = demerits[i * states + before] + base
                    if abs(before / 3 - fitness) > 1 { d += TotalFit.adjacentFitnessDemerits }
                    let state = fitness * 3 + (hyphenEnds ? inRow + 1 : 0)
                    if d < demerits[j * states + state] {
                        demerits[j * states + state] = d
                        previous[j * states + state] = Int32(i * states + before)
                        reached[j] |= 1 << state
                    }
                }
            }
            if reached[j] != 0 && !last { work.active.append(j) }
            if work.active.isEmpty { return false }
        }
        return reached[m - 1] != 0
    }

    /// Appends the lines of the best way found by `search`.
    private func emitChosen(_ geometry: TotalFitLine, count n: Int, firstFlags: TypesetLine.Flags,
                            flags paragraphFlags: TypesetLine.Flags, scalarStart: Int, into lines: inout [TypesetLine]) {
        let work = totalFit
        let states = TotalFitScratch.statesPerEnd, m = work.endCount
        var state = (m - 1) * states
        for k in state..<(m * states) where work.demerits[k] < work.demerits[state] { state = k }
        var chosen: [Int] = []
        while state >= 0 {
            chosen.append(state / states)
            state = Int(work.previous[state])
        }
        chosen.reverse()  // place 0 (the start), then each line's end
        let base = Int32(scalarStart)
        scalars.withUnsafeBufferPointer { s in
            for (index, j) in chosen.enumerated().dropFirst() {
                let i = chosen[index - 1]
                let start = i == 0 ? 0 : Int(work.ends[i]), end = Int(work.ends[j])
                let hyphenEnds = work.hyphenated[j]
                var flags = i == 0 ? firstFlags : paragraphFlags
                if hyphenEnds { flags.insert(.hyphenated) }
                if end >= n { flags.insert(.paragraphEnd) }
                let width = geometry.naturalWidth(work, from: i, toInk: geometry.inkEnd(s, end), hyphen: hyphenEnds)
                lines.append(TypesetLine(start: base + Int32(start), end: base + Int32(end), width: width, flags: flags))
            }
        }
    }
}

/// What total fit measures a paragraph's lines against: where its text starts, its first
/// line's indent, the measure, the hyphen's width and a word space's stretch and shrink.
struct TotalFitLine {
    let first: Int
    let indent: Float
    let available: Float
    let hyphen: Float
    let stretch: Float
    let shrink: Float

    /// Where the ink of a line ending at `end` ends: before its trailing spaces.
    @inline(__always)
    func inkEnd(_ s: UnsafeBufferPointer<UInt32>, _ end: Int) -> Int {
        var ink = end
        while ink > first && isTypesetSpace(s[ink - 1]) { ink -= 1 }
        return ink
    }

    /// The natural width of the line from place `start` (an index into the scratch's ends)
    /// to `ink`: the first line's indent, and the hyphen when it ends in one.
    @inline(__always)
    func naturalWidth(_ work: TotalFitScratch, from start: Int, toInk ink: Int, hyphen hyphenEnds: Bool) -> Float {
        let from = max(Int(work.ends[start]), first)
        return work.widthBefore[ink] - work.widthBefore[from] + (start == 0 ? indent : 0) + (hyphenEnds ? hyphen : 0)
    }

    /// The adjustment ratio of that line: its spaces' share of stretch (> 0) or shrink (< 0)
    /// that fills the measure; +∞ for a short line with no space to stretch, −∞ for one that
    /// cannot shrink. A paragraph's last line is set at its natural width (r = 0) and may
    /// not shrink.
    @inline(__always)
    func ratio(_ work: TotalFitScratch, from start: Int, toInk ink: Int, hyphen hyphenEnds: Bool, last: Bool) -> Float {
        let natural = naturalWidth(work, from: start, toInk: ink, hyphen: hyphenEnds)
        let gaps = Float(work.gapsBefore[ink] - work.gapsBefore[max(Int(work.ends[start]), first)])
        if natural <= available {
            return last ? 0 : gaps > 0 ? (available - natural) / (gaps * stretch) : .infinity
        }
        return last || gaps == 0 ? -.infinity : (available - natural) / (gaps * shrink)
    }
}
