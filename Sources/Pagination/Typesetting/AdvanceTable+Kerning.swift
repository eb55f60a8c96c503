// The advance table's kerning square and the flags of its fast path (see `AdvanceTable`).
extension AdvanceTable {
    /// The first General Punctuation character with a kerning index (‐ U+2010) and the end
    /// of the range (U+2080): dashes, curly quotes, the ellipsis, primes.
    public static let punctuationKerning: Range<UInt32> = 0x2010..<0x2080
    /// How many characters have a kerning index: those below `kerningLimit`, then
    /// `punctuationKerning`.
    public static let kerningSide = Int(kerningLimit) + punctuationKerning.count

    /// A character's row and column in the kerning square, or nil when it has none.
    @inlinable @inline(__always)
    public static func kerningIndex(_ c: UInt32) -> Int? {
        if c < kerningLimit { return Int(c) }
        let p = c &- punctuationKerning.lowerBound
        return p < UInt32(punctuationKerning.count) ? Int(kerningLimit) + Int(p) : nil
    }

    /// The pair's cell in the kerning square, or nil.
    @inlinable @inline(__always)
    static func pairIndex(_ left: UInt32, _ right: UInt32) -> Int? {
        guard let l = kerningIndex(left), let r = kerningIndex(right) else { return nil }
        return l &* kerningSide &+ r
    }

    /// Records the kerning between two characters with a kerning index; others are ignored.
    public mutating func setKerning(_ adjustment: Float, between left: UInt32, and right: UInt32) {
        guard let l = Self.kerningIndex(left), let r = Self.kerningIndex(right) else { return }
        setKerning(cell: l * Self.kerningSide + r, adjustment)
    }

    /// Records the kerning of the pair in `cell` of the kerning square (below its size).
    mutating func setKerning(cell: Int, _ adjustment: Float) {
        let (l, r) = cell.quotientAndRemainder(dividingBy: Self.kerningSide)
        allocateKerning()
        if kerningRows[l] == 0 {
            if adjustment == 0 { return }
            kerningRows[l] = Int32(kerning.count)
            kerning.append(contentsOf: repeatElement(0, count: Self.kerningSide))
        }
        kerning[Int(kerningRows[l]) + r] = adjustment
    }

    /// Calls `body` with every pair that has a kerning, in the order of its cell in the kerning
    /// square (left index × `kerningSide` + right index), and its value.
    func forEachKerningPair(_ body: (Int, Float) -> Void) {
        for (l, row) in kerningRows.enumerated() where row != 0 {
            for r in 0..<Self.kerningSide where kerning[Int(row) + r] != 0 {
                body(l * Self.kerningSide + r, kerning[Int(row) + r])
            }
        }
    }

    /// Marks `scalar` (one with a kerning index) as pair-kerned: the shaper gives it its
    /// nominal glyph and advance, adjusted by this table's kerning with its neighbours, in any
    /// word of pair-kerned characters without a shaped pair.
    public mutating func setPairKerned(_ scalar: UInt32) {
        guard let index = Self.kerningIndex(scalar) else { return }
        allocateKerning()
        pairKerned[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// Whether `scalar` is pair-kerned (see `setPairKerned`).
    @inlinable @inline(__always)
    public func isPairKerned(_ scalar: UInt32) -> Bool {
        guard let index = Self.kerningIndex(scalar), !pairKerned.isEmpty else { return false }
        return pairKerned.withUnsafeBufferPointer { $0[index >> 6] } & (1 << UInt64(index & 63)) != 0
    }

    /// Marks a pair the shaper does more with than kern (a ligature, a contextual form): a
    /// word holding it is shaped, never measured from the table.
    public mutating func setPairShaped(_ left: UInt32, _ right: UInt32) {
        guard let pair = Self.pairIndex(left, right) else { return }
        allocateKerning()
        shapedPairs[pair >> 6] |= 1 << UInt64(pair & 63)
    }

    /// Whether the shaper does more with `left` then `right` than kern them.
    public func isPairShaped(_ left: UInt32, _ right: UInt32) -> Bool {
        guard let pair = Self.pairIndex(left, right), !shapedPairs.isEmpty else { return false }
        return shapedPairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0
    }

    mutating func allocateKerning() {
        guard kerningRows.isEmpty else { return }
        let pairs = Self.kerningSide * Self.kerningSide
        kerning = [Float](repeating: 0, count: Self.kerningSide)
        kerningRows = [Int32](repeating: 0, count: Self.kerningSide)
        pairKerned = [UInt64](repeating: 0, count: (Self.kerningSide + 63) / 64)
        shapedPairs = [UInt64](repeating: 0, count: (pairs + 63) / 64)
    }
}
