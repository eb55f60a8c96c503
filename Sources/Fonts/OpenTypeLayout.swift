@preconcurrency internal import CFreeType

/// Bounds-checked big-endian reads over an SFNT table's bytes. Reads past the end return 0
/// instead of trapping, so a malformed font yields wrong (empty) data, never a crash;
/// callers check `fits` before looping over counts taken from the font.
struct FontBytes {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    /// True when `length` bytes starting at `offset` are inside the table.
    func fits(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count - length
    }

    func u16(_ offset: Int) -> Int {
        guard fits(offset, 2) else { return 0 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func i16(_ offset: Int) -> Int { Int(Int16(truncatingIfNeeded: u16(offset))) }

    func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }

    func tag(_ offset: Int) -> UInt32 { UInt32(truncatingIfNeeded: u32(offset)) }
}

/// A four-character OpenType tag as a number (`"kern"` → 0x6B65726E).
func openTypeTag(_ text: StaticString) -> UInt32 {
    precondition(text.utf8CodeUnitCount == 4, "tags have four characters")
    return text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
}

extension FontFace {
    /// The raw bytes of the SFNT table `tag` (e.g. 'GPOS'), or nil when the face has none.
    func sfntTable(_ tag: UInt32) -> FontBytes? {
        withFace { face -> FontBytes? in
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0, length > 0,
                  length < 64 << 20
            else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            let error = bytes.withUnsafeMutableBufferPointer {
                FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, $0.baseAddress, &length)
            }
            return error == 0 ? FontBytes(bytes: bytes) : nil
        }
    }
}

/// The common header of GSUB and GPOS: script list → language system → features →
/// lookups. Only what is needed to find the lookups one feature runs for one script.
struct LayoutTable {
    let data: FontBytes
    let scriptList: Int
    let featureList: Int
    let lookupList: Int

    /// The most subtables one reader visits. Real fonts use a few dozen for kerning; the
    /// cap keeps a malformed font (say, one subtable listed 65535 times) from stalling the
    /// table build.
    static let subtableBudget = 2048

    init?(_ data: FontBytes) {
        guard data.fits(0, 10), data.u16(0) == 1 else { return nil }
        self.data = data
        scriptList = data.u16(4)
        featureList = data.u16(6)
        lookupList = data.u16(8)
    }

    /// The lookup indexes, ascending (the order shapers apply them in), that feature
    /// `feature` runs under the default language system of the first script found among
    /// `scripts`, like HarfBuzz's choice for text in that script with no language set.
    func lookupIndexes(feature: UInt32, scripts: [UInt32]) -> [Int] {
        guard let langSys = defaultLangSys(scripts: scripts) else { return [] }
        let featureCount = data.u16(featureList)
        var features: [Int] = []
        let required = data.u16(langSys + 2)
        if required != 0xFFFF { features.append(required) }
        let indexCount = data.u16(langSys + 4)
        for i in 0..<indexCount { features.append(data.u16(langSys + 6 + 2 * i)) }

        var lookups = Set<Int>()
        for index in features where index < featureCount {
            let record = featureList + 2 + 6 * index
            guard data.tag(record) == feature else { continue }
            let table = featureList + data.u16(record + 4)
            let count = data.u16(table + 2)
            guard data.fits(table + 4, 2 * count) else { continue }
            for i in 0..<count { lookups.insert(data.u16(table + 4 + 2 * i)) }
        }
        return lookups.sorted()
    }

    /// The offset of the default LangSys table of the first script present, if any.
    private func defaultLangSys(scripts: [UInt32]) -> Int? {
        let count = data.u16(scriptList)
        guard data.fits(scriptList + 2, 6 * count) else { return nil }
        for wanted in scripts {
            for i in 0..<count {
                let record = scriptList + 2 + 6 * i
                guard data.tag(record) == wanted else { continue }
                let script = scriptList + data.u16(record + 4)
                let langSys = data.u16(script)
                return langSys == 0 ? nil : script + langSys
            }
        }
        return nil
    }

    /// The subtables of lookup `index` as (lookup type, absolute offset), with Extension
    /// subtables (GPOS type 9, GSUB type 7) resolved to what they wrap.
    func subtables(ofLookup index: Int, extensionType: Int) -> [(type: Int, offset: Int)] {
        guard index < data.u16(lookupList) else { return [] }
        let lookup = lookupList + data.u16(lookupList + 2 + 2 * index)
        let type = data.u16(lookup)
        let count = data.u16(lookup + 4)
        guard data.fits(lookup + 6, 2 * count) else { return [] }
        var result: [(type: Int, offset: Int)] = []
        for i in 0..<count {
            let subtable = lookup + data.u16(lookup + 6 + 2 * i)
            if type == extensionType {
                guard data.u16(subtable) == 1 else { continue }
                result.append((data.u16(subtable + 2), subtable + data.u32(subtable + 4)))
            } else {
                result.append((type, subtable))
            }
        }
        return result
    }

    /// The coverage index of `glyph` in the Coverage table at `offset`, or nil.
    func coverageIndex(_ glyph: Int, coverage offset: Int) -> Int? {
        switch data.u16(offset) {
        case 1:
            let count = data.u16(offset + 2)
            var low = 0, high = count
            while low < high {
                let mid = (low + high) >> 1
                let value = data.u16(offset + 4 + 2 * mid)
                if value == glyph { return mid }
                if value < glyph { low = mid + 1 } else { high = mid }
            }
            return nil
        case 2:
            return rangeRecord(holding: glyph, table: offset).map { $0.value + glyph - $0.start }
        default:
            return nil
        }
    }

    /// In a format-2 Coverage or ClassDef table at `offset` (a count, then records of start
    /// glyph, end glyph and a value, sorted), the record whose range holds `glyph`.
    private func rangeRecord(holding glyph: Int, table offset: Int) -> (start: Int, value: Int)? {
        var low = 0, high = data.u16(offset + 2)
        while low < high {
            let mid = (low + high) >> 1
            let record = offset + 4 + 6 * mid
            let start = data.u16(record), end = data.u16(record + 2)
            if glyph < start { high = mid } else if glyph > end { low = mid + 1 } else {
                return (start, data.u16(record + 4))
            }
        }
        return nil
    }

    /// The class of `glyph` in the ClassDef table at `offset` (0 when not listed).
    func glyphClass(_ glyph: Int, classDef offset: Int) -> Int {
        switch data.u16(offset) {
        case 1:
            let start = data.u16(offset + 2), count = data.u16(offset + 4)
            guard glyph >= start, glyph - start < count else { return 0 }
            return data.u16(offset + 6 + 2 * (glyph - start))
        case 2:
            return rangeRecord(holding: glyph, table: offset)?.value ?? 0
        default:
            return 0
        }
    }
}
