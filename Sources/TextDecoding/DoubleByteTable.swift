@preconcurrency import Glibc

/// GB18030's one- and two-byte characters (ASCII and the whole two-byte plane: GB2312, GBK
/// and the rest) decoded from one flat table, and everything else (its four-byte sequences,
/// bytes that do not decode) handed to iconv one character at a time.
///
/// glibc converts GB18030 in two steps (to UCS-4, then to UTF-8) at about 130 MB/s here: 9 ms
/// of a cold start on a 1.2 MB GBK book. The loop over this table runs several times faster.
/// The table is not hand-written: it is iconv's own answer for each of the 23,940 byte pairs,
/// asked once per process in one buffer, so the output is byte for byte
/// what `IconvDecoder` gives, replacements included (the tests hold the two to that).
///
/// Why this is exact: GB18030 is stateless and every character is decided by its own bytes:
/// a byte below 0x80 is ASCII; a lead byte 0x81–0xFE followed by 0x40–0x7E or 0x80–0xFE is a
/// two-byte character (the table), followed by 0x30–0x39 the start of a four-byte one. So a
/// character iconv would decode inside the whole text it decodes alone, and where iconv would
/// stop at an invalid byte (`EILSEQ`: replace it and skip one byte) or at a character cut
/// off by the end of the text (`EINVAL`: replace it and stop), the single step here does too.
struct DoubleByteTable: Sendable {
    /// Each pair's UTF-8, packed: the bytes in the low three bytes, the count in the high one
    /// (0: not in the table, decided by iconv).
    private let entries: [UInt32]
    private let encoding: TextEncoding

    static let leads: ClosedRange<UInt8> = 0x81...0xFE
    static let trails: ClosedRange<UInt8> = 0x40...0xFE
    private static let leadCount: UInt8 = 126
    private static let trailCount: UInt8 = 191

    /// GB18030's table, or nil if iconv does not answer as expected (then iconv decodes all).
    static let gb18030: DoubleByteTable? = build(.gb18030)

    /// Asks iconv for every pair whose trail byte is in the two-byte ranges, all in one
    /// buffer: each pair it accepts gives one character, in order; a pair it refuses is left
    /// out of the table (and decided by iconv when met) and the conversion goes on after it.
    /// Nil unless every accepted pair gave exactly one character.
    static func build(_ encoding: TextEncoding) -> DoubleByteTable? {
        var pairs: [UInt8] = []
        var slots: [Int] = []
        pairs.reserveCapacity(2 * leads.count * Int(trailCount))
        slots.reserveCapacity(leads.count * Int(trailCount))
        for lead in leads {
            for trail in trails where trail != 0x7F {
                pairs.append(lead)
                pairs.append(trail)
                slots.append(Int(lead - leads.lowerBound) * Int(trailCount) + Int(trail - trails.lowerBound))
            }
        }
        guard let name = encoding.iconvName else { return nil }
        let cd = iconv_open("UTF-8", name)
        guard let cd, Int(bitPattern: cd) != -1 else { return nil }
        defer { iconv_close(cd) }
        var entries = [UInt32](repeating: 0, count: leads.count * Int(trailCount))
        var output = [UInt8](repeating: 0, count: 4 * pairs.count)
        let ok = pairs.withUnsafeMutableBytes { input in
            output.withUnsafeMutableBytes { out in
                let base = input.baseAddress!.assumingMemoryBound(to: CChar.self)
                var pair = 0
                while pair < slots.count {
                    var inPointer: UnsafeMutablePointer<CChar>? = base + 2 * pair
                    var inLeft = 2 * (slots.count - pair)
                    var outPointer: UnsafeMutablePointer<CChar>? = out.baseAddress!.assumingMemoryBound(to: CChar.self)
                    var outLeft = out.count
                    let result = iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
                    let error = errno
                    let consumed = 2 * (slots.count - pair) - inLeft
                    guard consumed % 2 == 0 else { return false }
                    // Split what came out into characters, one per pair consumed.
                    var at = 0
                    let produced = out.count - outLeft
                    for k in 0..<(consumed / 2) {
                        guard at < produced else { return false }
                        let count = UTF8Bytes.sequenceLength(out[at])
                        guard count > 0, at + count <= produced else { return false }
                        // A pair that maps outside the BMP (glibc maps a few, e.g. FE 51 to
                        // U+20087) does not fit three bytes: iconv decides it when met.
                        if count <= 3 {
                            var packed = UInt32(count) << 24
                            for i in 0..<count { packed |= UInt32(out[at + i]) << (8 * UInt32(i)) }
                            entries[slots[pair + k]] = packed
                        }
                        at += count
                    }
                    guard at == produced else { return false }
                    pair += consumed / 2
                    if result == -1 {
                        guard error == EILSEQ else { return false }
                        pair += 1  // refused: not in the table
                    }
                }
                return true
            }
        }
        return ok ? DoubleByteTable(entries: entries, encoding: encoding) : nil
    }

    /// UTF-8 from `convert(_:)`, counted as it was written.
    struct Conversion {
        var utf8: [UInt8]
        /// Bytes that did not decode (each became U+FFFD).
        var replacements: Int
        /// The scalars and index checkpoints of `utf8`, when it needs no normalizing (no CR,
        /// NUL or leading BOM); nil when `UTF8Normalizer` must go over it.
        var counted: UTF8Normalizer.State?
    }

    /// Converts `input` to UTF-8 as `IconvDecoder.convert` does (not a sample, no limit),
    /// counting the scalars on the way, so that a clean text needs no second pass.
    func convert(_ input: UnsafeBufferPointer<UInt8>) -> Conversion {
        let n = input.count
        guard let p = input.baseAddress, n > 0 else {
            return Conversion(utf8: [], replacements: 0, counted: UTF8Normalizer.State(expectedScalars: 0))
        }
        var replacements = 0
        var single: SingleCharacterDecoder?
        var state = UTF8Normalizer.State(expectedScalars: n)
        var clean = true
        // At most three bytes out per byte in (a replaced byte).
        let utf8 = [UInt8](unsafeUninitializedCapacity: 3 * n + 16) { out, written in
            let o = out.baseAddress!
            var w = 0
            var i = 0
            entries.withUnsafeBufferPointer { table in
                while i < n {
                    // ASCII eight bytes at a time.
                    while i + 8 <= n && UTF8Bytes.word(p, i) & UTF8Bytes.highBits == 0 {
                        let word = UTF8Bytes.word(p, i)
                        UnsafeMutableRawPointer(o + w).storeBytes(of: word.littleEndian, as: UInt64.self)
                        if UTF8Bytes.zeroBytes(word) | UTF8Bytes.zeroBytes(word ^ UTF8Bytes.carriageReturns) != 0 { clean = false }
                        state.asciiScalars(8, at: w)
                        i += 8
                        w += 8
                    }
                    // Two-byte characters, a run at a time (most of a Chinese text). The entry
                    // is stored whole: its count byte and any byte past the character land
                    // where the next character goes (the buffer has room to spare).
                    while i + 1 < n {
                        let lead = p[i] &- Self.leads.lowerBound, trail = p[i + 1] &- Self.trails.lowerBound
                        guard lead < Self.leadCount, trail < Self.trailCount else { break }
                        let e = table[Int(lead) * Int(Self.trailCount) + Int(trail)]
                        guard e != 0 else { break }
                        state.scalar(at: w)
                        UnsafeMutableRawPointer(o + w).storeBytes(of: e.littleEndian, as: UInt32.self)
                        w += Int(e >> 24)
                        i += 2
                    }
                    guard i < n else { break }
                    let b = p[i]
                    if b < 0x80 {
                        if b == 0x0D || b == 0 { clean = false }
                        state.scalar(at: w)
                        o[w] = b
                        i += 1
                        w += 1
                        continue
                    }
                    // Not in the table (a four-byte character, a pair iconv maps past the
                    // BMP, a byte that fits nowhere, a lead byte at the end): iconv decides.
                    if single == nil { single = SingleCharacterDecoder(encoding) }
                    let step = single?.step(p + i, available: n - i, into: o + w)
                        ?? .replaced(consumed: 1)  // iconv will not open: as if every byte were refused
                    switch step {
                    case .decoded(let consumed, let produced):
                        // iconv may have gone on past the character, into a CR or NUL.
                        for k in 0..<produced where o[w + k] & 0xC0 != 0x80 {
                            if o[w + k] == 0x0D || o[w + k] == 0 { clean = false }
                            state.scalar(at: w + k)
                        }
                        i += consumed
                        w += produced
                    case .replaced(let consumed):
                        state.scalar(at: w)
                        (o[w], o[w + 1], o[w + 2]) = UTF8Bytes.replacement
                        w += 3
                        replacements += 1
                        i += consumed
                    }
                }
            }
            // A decoded BOM (GB18030 has one: 84 31 95 33) is dropped by the normalizer.
            if w >= 3 && o[0] == 0xEF && o[1] == 0xBB && o[2] == 0xBF { clean = false }
            written = w
        }
        return Conversion(utf8: utf8, replacements: replacements, counted: clean ? state : nil)
    }
}

/// One character (or one refused byte) at a time through iconv, for what the table leaves.
private final class SingleCharacterDecoder {
    enum Step {
        /// Converted `consumed` bytes into `produced` bytes of UTF-8.
        case decoded(consumed: Int, produced: Int)
        /// Refused: write U+FFFD and skip `consumed` bytes (1, or all that is left at the end).
        case replaced(consumed: Int)
    }

    private let cd: iconv_t

    init?(_ encoding: TextEncoding) {
        guard let name = encoding.iconvName else { return nil }
        let cd = iconv_open("UTF-8", name)
        guard let cd, Int(bitPattern: cd) != -1 else { return nil }
        self.cd = cd
    }

    deinit { iconv_close(cd) }

    /// Decodes the character at `p` (`available` bytes left in the text) into `out` (room for
    /// at least 12 bytes): iconv is given at most four bytes, the longest character, and what
    /// it converted is kept even if it stopped after it.
    func step(_ p: UnsafePointer<UInt8>, available: Int, into out: UnsafeMutablePointer<UInt8>) -> Step {
        let window = min(4, available)
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: p).assumingMemoryBound(to: CChar.self)
        var inLeft = window
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(out).assumingMemoryBound(to: CChar.self)
        var outLeft = 12
        let result = iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
        let error = errno
        let consumed = window - inLeft
        if consumed > 0 { return .decoded(consumed: consumed, produced: 12 - outLeft) }
        // Nothing converted: a cut character at the very end stops the text (as iconv does).
        if result == -1 && error == EINVAL && window == available { return .replaced(consumed: available) }
        return .replaced(consumed: 1)
    }
}
