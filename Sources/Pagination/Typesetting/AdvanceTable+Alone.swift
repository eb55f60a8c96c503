// Which characters the shaper sets alone exactly as the table measures them.
extension AdvanceTable {
    /// The face (+1) in which the shaper sets `scalar`, shaped on its own, as one glyph of
    /// the table's advance with no offset; 0 when it does something else or nobody asked.
    /// A CJK character alone on its segment is then measured by one look-up here, without
    /// shaping (`Fonts` fills this by shaping every character of every face once).
    @inlinable @inline(__always)
    public func faceAlone(_ scalar: UInt32) -> UInt8 {
        aloneCode(scalar) & ~Self.wideAloneBit
    }

    /// Set in `aloneCode` for an East Asian wide character that is not a mark: a segment of its
    /// own (`ShapeSegments`), so that the one-pass measure needs no other look-up.
    @usableFromInline static let wideAloneBit: UInt8 = 0x80

    /// `faceAlone`, with `wideAloneBit` for a wide character that is no mark.
    @inlinable @inline(__always)
    func aloneCode(_ scalar: UInt32) -> UInt8 {
        let block = Int(truncatingIfNeeded: scalar >> Self.blockShift)
        guard block < Self.blockCount, !aloneBlocks.isEmpty else { return 0 }
        let stored = Int(aloneBlocks.withUnsafeBufferPointer { $0[block] })
        return aloneFaces.withUnsafeBufferPointer { $0[stored << Self.blockShift | Int(scalar & 0xFF)] }
    }

    /// Records that the shaper sets `scalar` alone as the table measures it, in face `face`
    /// (0 the primary face, then the fallbacks; up to 126).
    public mutating func setAlone(_ scalar: UInt32, face: Int) {
        let block = Int(scalar >> Self.blockShift)
        guard block < Self.blockCount, (0..<127).contains(face) else { return }
        if aloneBlocks.isEmpty {
            aloneBlocks = [UInt16](repeating: 0, count: Self.blockCount)
            aloneFaces = [UInt8](repeating: 0, count: 256)  // block 0: nothing known
        }
        if aloneBlocks[block] == 0 {
            precondition(aloneFaces.count / 256 < Int(UInt16.max), "alone table full")
            aloneBlocks[block] = UInt16(aloneFaces.count >> Self.blockShift)
            aloneFaces.append(contentsOf: repeatElement(0, count: 256))
        }
        aloneFaces[Int(aloneBlocks[block]) << Self.blockShift | Int(scalar & 0xFF)] = UInt8(face + 1)
            | (isEastAsianWide(scalar) && !isMark(scalar) ? Self.wideAloneBit : 0)
    }
}
