/// How evenly a layout's justified lines are spaced: for each line that is justified, its
/// adjustment ratio r (Knuth–Plass): the share of its word spaces' stretch (r > 0, half a
/// space each) or shrink (r < 0, a third of a space each) it takes to fill the measure. A
/// line past r = 1 has spaces over one and a half times their width, where rivers show.
public struct LineFit: Sendable, Equatable {
    /// The ratio of every justified line with at least one word space, in order.
    public var ratios: [Float]
    /// How many lines were justified with no word space to stretch (a long word alone).
    public var rigidLines: Int
    /// How many lines end in an inserted hyphen, and how many lines there are.
    public var hyphenatedLines: Int
    public var lines: Int

    /// The mean of |r|.
    public var meanAbsoluteRatio: Float {
        ratios.isEmpty ? 0 : ratios.reduce(0) { $0 + abs($1) } / Float(ratios.count)
    }

    /// The 95th percentile of |r| (nearest rank).
    public var absoluteRatio95: Float {
        guard !ratios.isEmpty else { return 0 }
        let sorted = ratios.map(abs).sorted()
        return sorted[min(sorted.count - 1, Int((Float(sorted.count) * 0.95).rounded(.up)) - 1)]
    }

    /// The share of justified lines stretched past r = 1 (0…1).
    public var shareLooserThanOne: Float {
        ratios.isEmpty ? 0 : Float(ratios.filter { $0 > 1 }.count) / Float(ratios.count)
    }

    /// Hyphens per 100 lines.
    public var hyphensPer100Lines: Float {
        lines == 0 ? 0 : 100 * Float(hyphenatedLines) / Float(lines)
    }
}

extension Typesetter {
    /// The fit of `lines`, laid out by this typesetter's settings: each justified line's
    /// ratio from its natural width (`TypesetLine.width`) and its word spaces (runs of
    /// spaces between its first and last ink), as justification spreads them.
    public mutating func fit(of lines: [TypesetLine]) -> LineFit {
        let space = spaceWidth()
        var fit = LineFit(ratios: [], rigidLines: 0, hyphenatedLines: 0, lines: lines.count)
        let available = settings.contentWidth
        for line in lines {
            if line.flags.contains(.hyphenated) { fit.hyphenatedLines += 1 }
            guard settings.preset == .book, !line.flags.isCentred, !line.flags.contains(.cjk),
                  line.flags.isDisjoint(with: [.paragraphEnd, .emergencyBreak, .forcedBreak, .hangingPunctuation])
            else { continue }
            let startByte = text.byteOffset(ofScalar: Int(line.start)), endByte = text.byteOffset(ofScalar: Int(line.end))
            let count = decodeScalars(bytes: startByte..<endByte, insideParagraph: !line.flags.contains(.paragraphStart))
            var first = 0, last = count
            while first < count && isTypesetSpace(scalars[first]) { first += 1 }
            while last > first && isTypesetSpace(scalars[last - 1]) { last -= 1 }
            var gaps = 0
            for k in first..<last where isTypesetSpace(scalars[k]) && !isTypesetSpace(scalars[k - 1]) { gaps += 1 }
            guard gaps > 0, space > 0 else {
                fit.rigidLines += 1
                continue
            }
            let slack = available - line.width
            let r = slack >= 0 ? slack / (Float(gaps) * space * TotalFit.stretchPerSpace)
                : slack / (Float(gaps) * space * TotalFit.shrinkPerSpace)
            fit.ratios.append(r)
        }
        return fit
    }
}

extension Paginator {
    /// The fit of `map`'s lines, laid out by this paginator (see `Typesetter.fit(of:)`).
    public func fit(of map: PageMap) -> LineFit {
        var typesetter = makeTypesetter()
        defer { typesetter.finish() }
        return typesetter.fit(of: map.lines)
    }
}
