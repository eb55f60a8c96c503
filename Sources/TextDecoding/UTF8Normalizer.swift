/// Turns UTF-8 bytes (from the file, or from iconv) into the normalized text the
/// pagination core reads, in one pass that also counts scalars and builds the
/// ``ScalarIndex``:
///
/// - a leading BOM (EF BB BF) is dropped;
/// - CRLF becomes LF, and a lone CR becomes LF;
/// - NUL becomes U+FFFD (the decoder has already rejected files with an early NUL);
/// - each ill-formed sequence (maximal subpart) becomes U+FFFD and is counted.
///
/// Speed: plain ASCII goes 8 bytes at a time (one load, a few mask operations, one
/// store); the first special byte in a word is found with `trailingZeroBitCount`. Runs
/// of common three-byte characters (CJK, kana, punctuation) take one check and one
/// 4-byte store each, and runs of two-byte letters (Greek, Cyrillic, Hebrew, Arabic) one
/// check each when nothing is copied. When
/// nothing needs to change (valid UTF-8 without BOM, CR or NUL, the common case), the
/// input array itself is returned and nothing is copied. Otherwise the output is written
/// once into an array allocated with room for the input plus slack, and the array grows
/// (rarely: only many replacements can outgrow the slack).
enum UTF8Normalizer {
    /// Normalized text with its counts and index checkpoints.
    struct Output {
        var utf8: [UInt8]
        var scalarCount: Int
        var replacements: Int
        var checkpoints: [Int]
    }

    /// Normalizes `bytes`. In `strict` mode returns nil at the first ill-formed sequence
    /// instead of replacing it (that is how undetected input is tried as UTF-8 first).
    static func normalize(_ bytes: [UInt8], strict: Bool) -> Output? {
        let n = bytes.count
        if n == 0 { return Output(utf8: [], scalarCount: 0, replacements: 0, checkpoints: []) }
        var state = State(expectedScalars: n)
        let hasBOM = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let skipped = hasBOM ? 3 : 0
        var inPos = skipped
        if !hasBOM {
            inPos = bytes.withUnsafeBufferPointer { scan($0.baseAddress!, n, &state).stop }
            if inPos == n {
                return Output(utf8: bytes, scalarCount: state.scalars, replacements: 0,
                              checkpoints: state.checkpoints)
            }
            // The scan stops at a CR, a NUL or an ill-formed sequence (a byte ≥ 0x80).
            if strict && bytes[inPos] >= 0x80 { return nil }
        }
        // Copy mode: the output so far is bytes[skipped..<inPos], unchanged.
        var outPos = inPos - skipped
        var capacity = (n - skipped) + (n >> 4) + 64
        var output: [UInt8] = []
        var isFirstRound = true
        while true {
            var outcome = Outcome.done
            let previous = output
            output = [UInt8](unsafeUninitializedCapacity: capacity) { dst, initialized in
                let dst = dst.baseAddress!
                bytes.withUnsafeBufferPointer { src in
                    let src = src.baseAddress!
                    if isFirstRound {
                        dst.initialize(from: src + skipped, count: outPos)
                    } else if outPos > 0 {
                        previous.withUnsafeBufferPointer { dst.initialize(from: $0.baseAddress!, count: outPos) }
                    }
                    outcome = copy(src, n, &inPos, dst, &outPos, capacity, &state, strict: strict)
                }
                initialized = outPos
            }
            isFirstRound = false
            switch outcome {
            case .done:
                return Output(utf8: output, scalarCount: state.scalars,
                              replacements: state.replacements, checkpoints: state.checkpoints)
            case .invalid:
                return nil
            case .needsSpace:
                capacity = max(capacity * 2, outPos + (n - inPos) * 3 + 64)
            }
        }
    }

    /// Normalizes UTF-8 that is known to be well-formed (iconv's output). When there is
    /// nothing to drop or replace, one pass counts the scalars 8 bytes at a time (a
    /// popcount of the non-continuation bytes) without validating or copying; otherwise
    /// it falls back to `normalize(_:strict:)`.
    static func normalizeWellFormed(_ bytes: [UInt8]) -> Output {
        let n = bytes.count
        let hasBOM = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        guard n > 0, !hasBOM else { return normalize(bytes, strict: false)! }
        var state = State(expectedScalars: n)
        let clean = bytes.withUnsafeBufferPointer { buffer -> Bool in
            let src = buffer.baseAddress!
            var i = 0
            while n - i >= 8 {
                let w = UTF8Bytes.word(src, i)
                if UTF8Bytes.zeroBytes(w) | UTF8Bytes.zeroBytes(w ^ UTF8Bytes.carriageReturns) != 0 { return false }
                // Bit 7 of each byte that starts a scalar: not 10xxxxxx.
                let starts = (~w | (w << 1)) & UTF8Bytes.highBits
                let count = starts.nonzeroBitCount
                if state.scalars + count > state.nextCheckpoint {
                    for k in 0..<8 where src[i + k] & 0xC0 != 0x80 { state.scalar(at: i + k) }
                } else {
                    state.scalars += count
                }
                i += 8
            }
            while i < n {
                let byte = src[i]
                if byte == 0x0D || byte == 0 { return false }
                if byte & 0xC0 != 0x80 { state.scalar(at: i) }
                i += 1
            }
            return true
        }
        guard clean else { return normalize(bytes, strict: false)! }
        return Output(utf8: bytes, scalarCount: state.scalars, replacements: 0, checkpoints: state.checkpoints)
    }

    /// Scalar count and index checkpoints, updated as scalars are emitted.
    struct State {
        var scalars = 0
        var replacements = 0
        var checkpoints: [Int] = []
        var nextCheckpoint = 0

        init(expectedScalars: Int) {
            checkpoints.reserveCapacity(expectedScalars / ScalarIndex.checkpointInterval + 2)
        }

        /// Records that one scalar starts at output offset `offset`.
        @inline(__always)
        mutating func scalar(at offset: Int) {
            if scalars == nextCheckpoint {
                checkpoints.append(offset)
                nextCheckpoint += ScalarIndex.checkpointInterval
            }
            scalars += 1
        }

        /// Records `count` (at most 8) ASCII scalars starting at output offset `offset`.
        @inline(__always)
        mutating func asciiScalars(_ count: Int, at offset: Int) {
            if scalars + count > nextCheckpoint {
                checkpoints.append(offset + (nextCheckpoint - scalars))
                nextCheckpoint += ScalarIndex.checkpointInterval
            }
            scalars += count
        }
    }

    enum Outcome { case done, invalid, needsSpace }

    /// Reads without writing from `start`, counting scalars, while the input needs no change
    /// but drops: returns where it stopped (`n` at the end, else the first CR, NUL or
    /// ill-formed sequence), how many bytes before it the output leaves out (`start`
    /// itself, a skipped BOM, plus one for each CR of a CRLF) and how many lone CRs it met.
    /// With `droppingCRs`, a CR does not stop it: the CR of a CRLF is left out and a lone CR
    /// counts as the LF it becomes. Checkpoints are recorded at output offsets.
    static func scan(_ src: UnsafePointer<UInt8>, _ n: Int, from start: Int = 0, droppingCRs: Bool = false,
                     _ state: inout State) -> (stop: Int, dropped: Int, loneCRs: Int) {
        var i = start
        var dropped = start
        var loneCRs = 0
        while i < n {
            if n - i >= 8 {
                let w = UTF8Bytes.word(src, i)
                let special = UTF8Bytes.specialBytes(w)
                if special == 0 {  // most words: eight plain ASCII bytes
                    state.asciiScalars(8, at: i - dropped)
                    i += 8
                    continue
                }
                let (plain, crlfs) = droppingCRs ? asciiRun(w) : (special.trailingZeroBitCount >> 3, 0)
                if plain > 0 {
                    if crlfs == 0 {
                        state.asciiScalars(plain, at: i - dropped)
                    } else if state.scalars + plain - crlfs > state.nextCheckpoint {
                        // A checkpoint inside: byte by byte, for its exact offset.
                        for k in 0..<plain {
                            if src[i + k] == 0x0D { dropped += 1 } else { state.scalar(at: i + k - dropped) }
                        }
                    } else {
                        state.scalars += plain - crlfs
                        dropped += crlfs
                    }
                    i += plain
                    if plain == 8 { continue }
                }
            }
            // Runs of CJK characters, and of letters of the two-byte scripts, skip the word test.
            while i < n && UTF8Bytes.isCommonThreeByteSequence(src, i, n) {
                state.scalar(at: i - dropped)
                i += 3
            }
            while UTF8Bytes.isTwoByteSequence(src, i, n) {
                state.scalar(at: i - dropped)
                i += 2
            }
            if i == n { break }
            let byte = src[i]
            if byte < 0x80 {
                if byte == 0 || (byte == 0x0D && !droppingCRs) { return (i, dropped, loneCRs) }
                if byte == 0x0D {
                    if i + 1 < n && src[i + 1] == 0x0A {
                        dropped += 1  // CRLF: only the LF stays
                        i += 1
                        continue
                    }
                    loneCRs += 1
                }
                state.scalar(at: i - dropped)
                i += 1
            } else {
                let length = UTF8Bytes.multibyteSequence(src, i, n)
                if length < 0 { return (i, dropped, loneCRs) }
                state.scalar(at: i - dropped)
                i += length
            }
        }
        return (n, dropped, loneCRs)
    }

    /// The ASCII bytes at the start of `w` that `scan` in `droppingCRs` mode can take in
    /// one step, and how many of them are the CR of a CRLF: the run goes on through each
    /// CRLF whose LF is in the same word (a CRLF book ends a line every 50 bytes or so) and
    /// stops at a non-ASCII byte, a NUL or any other CR, which the byte-by-byte path takes.
    @inline(__always)
    static func asciiRun(_ w: UInt64) -> (plain: Int, crlfs: Int) {
        let others = (w & UTF8Bytes.highBits) | UTF8Bytes.zeroBytes(w)
        var plain = others == 0 ? 8 : others.trailingZeroBitCount >> 3
        let crs = UTF8Bytes.bytes(of: w, equalTo: 0x0D) & UTF8Bytes.firstBytes(plain)
        guard crs != 0 else { return (plain, 0) }
        let paired = crs & (UTF8Bytes.bytes(of: w, equalTo: 0x0A) >> 8)
        let unpaired = crs & ~paired
        if unpaired != 0 { plain = unpaired.trailingZeroBitCount >> 3 }
        return (plain, (paired & UTF8Bytes.firstBytes(plain)).nonzeroBitCount)
    }

    /// Copies from `inPos` to the end, normalizing. Returns `.needsSpace` (having
    /// consumed nothing it could not write) when a replacement would leave fewer than
    /// `remaining input + 8` free bytes, which the 8-byte stores need.
    private static func copy(
        _ src: UnsafePointer<UInt8>, _ n: Int, _ inPos: inout Int,
        _ dst: UnsafeMutablePointer<UInt8>, _ outPos: inout Int, _ capacity: Int,
        _ state: inout State, strict: Bool
    ) -> Outcome {
        var i = inPos
        var o = outPos
        defer { inPos = i; outPos = o }
        let raw = UnsafeMutableRawPointer(dst)
        while i < n {
            if n - i >= 8 {
                let w = UTF8Bytes.word(src, i)
                let special = UTF8Bytes.specialBytes(w)
                // Store all 8 bytes even when only some are plain: the rest is rewritten.
                raw.storeBytes(of: w.littleEndian, toByteOffset: o, as: UInt64.self)
                let plain = special == 0 ? 8 : special.trailingZeroBitCount >> 3
                if plain > 0 {
                    state.asciiScalars(plain, at: o)
                    i += plain
                    o += plain
                    if plain == 8 { continue }
                }
            }
            // Runs of CJK characters skip the word test; each is copied with one 4-byte
            // store (the 8 bytes of slack make that safe).
            while n - i >= 4 && UTF8Bytes.isCommonThreeByteSequence(src, i, n) {
                state.scalar(at: o)
                raw.storeBytes(of: UnsafeRawPointer(src + i).loadUnaligned(as: UInt32.self),
                               toByteOffset: o, as: UInt32.self)
                i += 3
                o += 3
            }
            let byte = src[i]
            if byte < 0x80 {
                if byte == 0x0D {
                    if i + 1 < n && src[i + 1] == 0x0A { i += 1; continue }  // CRLF: keep the LF
                    state.scalar(at: o)
                    dst[o] = 0x0A
                    o += 1
                    i += 1
                } else if byte == 0 {
                    if capacity - o < (n - i - 1) + 3 + 8 { return .needsSpace }
                    state.scalar(at: o)
                    writeReplacement(dst, &o)
                    state.replacements += 1
                    i += 1
                } else {
                    state.scalar(at: o)
                    dst[o] = byte
                    o += 1
                    i += 1
                }
                continue
            }
            let length = UTF8Bytes.multibyteSequence(src, i, n)
            if length > 0 {
                state.scalar(at: o)
                dst[o] = byte
                dst[o + 1] = src[i + 1]
                if length > 2 { dst[o + 2] = src[i + 2] }
                if length > 3 { dst[o + 3] = src[i + 3] }
                o += length
                i += length
            } else {
                if strict { return .invalid }
                if capacity - o < (n - i + length) + 3 + 8 { return .needsSpace }
                state.scalar(at: o)
                writeReplacement(dst, &o)
                state.replacements += 1
                i -= length
            }
        }
        return .done
    }

    @inline(__always)
    private static func writeReplacement(_ dst: UnsafeMutablePointer<UInt8>, _ o: inout Int) {
        dst[o] = UTF8Bytes.replacement.0
        dst[o + 1] = UTF8Bytes.replacement.1
        dst[o + 2] = UTF8Bytes.replacement.2
        o += 3
    }
}
