extension DocumentStructure {
    /// Writes the structure into a cache file being made (`EPUBCache`): blocks, italics, the
    /// ranges of each inline attribute (`InlineSpans.Attributes.all`, in its order), links,
    /// letter spacings, parts, languages, pictures, typefaces, tables, drop caps.
    public func archive(into out: inout BinaryWriter) {
        out.u32(UInt32(blocks.count))
        for block in blocks {
            out.u32(UInt32(block.start))
            out.u32(UInt32(block.role.rawValue) | (block.breaksPage ? 0x100 : 0) | (block.unindented ? 0x200 : 0)
                    | (block.style != nil ? 0x400 : 0) | (block.style?.spaceBefore == true ? 0x800 : 0)
                    | (block.style?.hyphenates == false ? 0x1000 : 0) | UInt32(block.style?.direction.map { $0.rawValue + 1 } ?? 0) << 13
                    | (block.keepsLinesTogether ? 0x8000 : 0) | (block.keepsWithNext ? 0x1_0000 : 0))
            if let style = block.style {
                out.u32(UInt32(style.alignment.rawValue) | UInt32(style.lastLine.map { $0.rawValue + 1 } ?? 0) << 8)
                for value in [style.indent, style.startInset, style.endInset, style.fontScale] { out.u32(value.bitPattern) }
            }
        }
        for ranges in [italics] + InlineSpans.Attributes.all.map({ spans[$0] }) {
            out.u32(UInt32(ranges.count))
            for range in ranges {
                out.u32(UInt32(range.lowerBound))
                out.u32(UInt32(range.upperBound))
            }
        }
        out.u32(UInt32(links.count))
        for link in links {
            out.u32(UInt32(link.range.lowerBound))
            out.u32(UInt32(link.range.upperBound))
            out.string(link.href)
        }
        out.u32(UInt32(letterSpacing.count))
        for spaced in letterSpacing {
            out.u32(UInt32(spaced.range.lowerBound))
            out.u32(UInt32(spaced.range.upperBound))
            out.u32(spaced.ems.bitPattern)
        }
        out.u32(UInt32(parts.count))
        for part in parts {
            out.u32(UInt32(part.start))
            out.string(part.name)
        }
        out.u32(UInt32(languages.count))
        for run in languages {
            out.u32(UInt32(run.start))
            out.string(run.tag ?? "")
        }
        archivePictures(into: &out)
        archiveTypefaces(into: &out)
        archiveTables(into: &out)
        DropCap.archive(dropCaps, into: &out)
    }

    /// Reads a structure `archive(into:)` wrote for `text`, or nil when the bytes do not make
    /// one that holds for it: blocks in order on line starts, ranges in order inside the text,
    /// lengths finite and bounded. A cache file is never trusted further than that.
    public static func unarchive(from input: inout BinaryReader, text: BookText) -> DocumentStructure? {
        let n = text.utf8.count
        var structure = DocumentStructure()
        guard let blockCount = input.count(atMost: n) else { return nil }
        var previous = -1
        for _ in 0..<blockCount {
            guard let start = input.u32().map(Int.init), let flags = input.u32(), start > previous, start < n,
                  start == 0 || text.utf8[start - 1] == 0x0A, let role = Role(rawValue: UInt8(flags & 0xFF)) else { return nil }
            var style: Style?
            if flags & 0x400 != 0 {
                guard let raw = input.u32(), raw <= 0xFFFF, let alignment = Style.Alignment(rawValue: UInt8(raw & 0xFF)),
                      raw >> 8 == 0 || Style.LastLine(rawValue: UInt8(raw >> 8) - 1) != nil,
                      let indent = input.float(), let startInset = input.float(), let endInset = input.float(),
                      let fontScale = input.float(), Style.fontScales.contains(fontScale),
                      [indent, startInset, endInset].allSatisfy({ abs($0) <= 1000 }) else { return nil }
                let direction = (flags >> 13) & 3
                guard direction < 3 else { return nil }
                style = Style(alignment: alignment, indent: indent, startInset: startInset, endInset: endInset,
                              spaceBefore: flags & 0x800 != 0, fontScale: fontScale,
                              direction: direction == 0 ? nil : Style.Direction(rawValue: UInt8(direction - 1)),
                              hyphenates: flags & 0x1000 == 0,
                              lastLine: raw >> 8 == 0 ? nil : Style.LastLine(rawValue: UInt8(raw >> 8) - 1))
            }
            structure.blocks.append(Block(start: start, role: role, breaksPage: flags & 0x100 != 0,
                                          unindented: flags & 0x200 != 0, style: style,
                                          keepsLinesTogether: flags & 0x8000 != 0, keepsWithNext: flags & 0x1_0000 != 0))
            previous = start
        }
        guard let italics = input.ranges(within: n) else { return nil }
        structure.italics = italics
        for attribute in InlineSpans.Attributes.all {
            guard let ranges = input.ranges(within: n) else { return nil }
            structure.spans[attribute] = ranges
        }
        guard let linkCount = input.count(atMost: n) else { return nil }
        for _ in 0..<linkCount {
            guard let lower = input.u32().map(Int.init), let upper = input.u32().map(Int.init), lower < upper, upper <= n,
                  let href = input.string() else { return nil }
            structure.spans.links.append(Link(range: lower..<upper, href: href))
        }
        guard let spacedCount = input.count(atMost: n) else { return nil }
        var spacedEnd = 0
        for _ in 0..<spacedCount {
            guard let lower = input.u32().map(Int.init), let upper = input.u32().map(Int.init), lower >= spacedEnd,
                  lower < upper, upper <= n, let ems = input.float(), abs(ems) <= 1 else { return nil }
            structure.spans.spacings.append(LetterSpacing(range: lower..<upper, ems: ems))
            spacedEnd = upper
        }
        guard let partCount = input.count(atMost: n + 1) else { return nil }
        var partStart = 0
        for _ in 0..<partCount {
            guard let start = input.u32().map(Int.init), start >= partStart, start <= n, let name = input.string() else { return nil }
            structure.parts.append(Part(start: start, name: name))
            partStart = start
        }
        guard let languageCount = input.count(atMost: n + 1) else { return nil }
        var languageStart = -1
        for _ in 0..<languageCount {
            guard let start = input.u32().map(Int.init), start > languageStart, start <= n, let tag = input.string(),
                  tag.utf8.count <= longestLanguageTag else { return nil }
            structure.languages.append(LanguageRun(start: start, tag: tag.isEmpty ? nil : tag))
            languageStart = start
        }
        guard structure.unarchivePictures(from: &input, limit: n),
              structure.unarchiveTypefaces(from: &input, limit: n),
              structure.unarchiveTables(from: &input, text: text),
              let caps = DropCap.unarchive(from: &input, text: text) else { return nil }
        structure.dropCaps = caps
        return structure
    }
}

extension BinaryWriter {
    /// A string: its UTF-8 length, then its bytes.
    public mutating func string(_ s: String) {
        var copy = s
        copy.withUTF8 { bytes in
            u32(UInt32(bytes.count))
            raw(UnsafeRawBufferPointer(bytes))
        }
    }
}

extension BinaryReader {
    /// A count no larger than `most` (more is a damaged file).
    public mutating func count(atMost most: Int) -> Int? {
        guard let value = u32().map(Int.init), value <= most else { return nil }
        return value
    }

    public mutating func float() -> Float? {
        guard let bits = u32() else { return nil }
        let value = Float(bitPattern: bits)
        return value.isFinite ? value : nil
    }

    /// A string `BinaryWriter.string` wrote: valid UTF-8, at most `most` bytes (64 KiB unless
    /// said: a picture's `data:` URL may be longer).
    public mutating func string(atMost most: Int = 65_536) -> String? {
        guard let length = count(atMost: most), offset + length <= bytes.count else { return nil }
        return String(validating: bytes(length), as: UTF8.self)
    }

    /// Ranges in order, none overlapping, inside `0..<limit`.
    mutating func ranges(within limit: Int) -> [Range<Int>]? {
        guard let count = count(atMost: limit) else { return nil }
        var ranges: [Range<Int>] = []
        var end = 0
        for _ in 0..<count {
            guard let lower = u32().map(Int.init), let upper = u32().map(Int.init), lower >= end, lower < upper,
                  upper <= limit else { return nil }
            ranges.append(lower..<upper)
            end = upper
        }
        return ranges
    }
}
