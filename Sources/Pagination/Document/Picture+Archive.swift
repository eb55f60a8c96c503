extension DocumentStructure.Picture {
    /// Writes the picture into a cache file being made (`DocumentStructure.archive(into:)`).
    func archive(into out: inout BinaryWriter) {
        out.u32(UInt32(start))
        out.string(source)
        out.u32(UInt32(pixelWidth))
        out.u32(UInt32(pixelHeight))
        for length in [width, height, maxWidth, maxHeight] { Self.archive(length, into: &out) }
        out.u32((fillsPage ? 1 : 0) | UInt32(floatSide.rawValue) << 1 | (isInline ? 8 : 0))
        out.string(alternative)
    }

    /// A picture `archive(into:)` wrote, its U+FFFC at a byte after `previous` and inside
    /// `0..<limit`; nil when the bytes do not make one.
    static func unarchive(from input: inout BinaryReader, after previous: Int, limit: Int) -> Self? {
        guard let start = input.u32().map(Int.init), start > previous, start < limit, let source = input.string(atMost: 1 << 20),
              let w = input.u32(), let h = input.u32(), w <= Int32.max, h <= Int32.max else { return nil }
        var lengths: [PictureLength?] = []
        for _ in 0..<4 {
            guard let length = unarchiveLength(from: &input) else { return nil }
            lengths.append(length)
        }
        guard let flags = input.u32(), flags <= 13, let side = FloatSide(rawValue: UInt8((flags >> 1) & 3)),
              let alternative = input.string() else { return nil }
        let fills = flags & 1
        var picture = Self(start: start, source: source, pixelWidth: Int32(w), pixelHeight: Int32(h), width: lengths[0],
                           height: lengths[1], maxWidth: lengths[2], maxHeight: lengths[3], fillsPage: fills == 1,
                           alternative: alternative)
        picture.floatSide = side
        picture.isInline = flags & 8 != 0
        return picture
    }

    /// A length as a kind (0 none, 1 ems, 2 percent) and a value.
    static func archive(_ length: PictureLength?, into out: inout BinaryWriter) {
        switch length {
        case nil: out.u32(0); out.u32(0)
        case .ems(let n)?: out.u32(1); out.u32(n.bitPattern)
        case .percent(let p)?: out.u32(2); out.u32(p.bitPattern)
        }
    }

    /// A length `archive` wrote (`.some(nil)` for none), or nil when damaged: a value finite and
    /// not below zero.
    static func unarchiveLength(from input: inout BinaryReader) -> PictureLength?? {
        guard let kind = input.u32(), let value = input.float(), value >= 0, value <= 100_000 else { return nil }
        switch kind {
        case 0: return .some(nil)
        case 1: return .some(.ems(value))
        case 2: return .some(.percent(value))
        default: return nil
        }
    }

    /// Adds a length (or none) to a digest: its kind and its value.
    static func combine(_ length: PictureLength?, into h: inout StableHasher) {
        switch length {
        case nil: h.combine(UInt64(0))
        case .ems(let n)?: h.combine(UInt64(1) << 32 | UInt64(n.bitPattern))
        case .percent(let p)?: h.combine(UInt64(2) << 32 | UInt64(p.bitPattern))
        }
    }

    /// Adds the picture to a digest (`DocumentStructure.digest`).
    func combine(into h: inout StableHasher) {
        h.combine(UInt64(start))
        h.combine(source)
        h.combine(UInt64(UInt32(bitPattern: pixelWidth)) << 32 | UInt64(UInt32(bitPattern: pixelHeight)))
        for length in [width, height, maxWidth, maxHeight] { Self.combine(length, into: &h) }
        h.combine(UInt64(fillsPage ? 1 : 0) | UInt64(floatSide.rawValue) << 1 | (isInline ? 8 : 0))
        h.combine(alternative)
    }
}

extension DocumentStructure {
    /// Writes the pictures (`archive(into:)` ends with them).
    func archivePictures(into out: inout BinaryWriter) {
        out.u32(UInt32(pictures.count))
        for picture in pictures { picture.archive(into: &out) }
    }

    /// Reads the pictures `archivePictures` wrote for a text of `limit` bytes; false when damaged.
    mutating func unarchivePictures(from input: inout BinaryReader, limit: Int) -> Bool {
        guard let count = input.count(atMost: limit) else { return false }
        var previous = -1
        for _ in 0..<count {
            guard let picture = Picture.unarchive(from: &input, after: previous, limit: limit) else { return false }
            pictures.append(picture)
            previous = picture.start
        }
        return true
    }
}
