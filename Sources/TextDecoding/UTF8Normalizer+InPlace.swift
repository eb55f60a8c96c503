@preconcurrency import Glibc

extension UTF8Normalizer {
    /// Normalizes `bytes` where they lie, when all the normalization asks for is to drop a
    /// BOM and the CR of each CRLF and to turn lone CRs into LF (a Windows or old Mac book):
    /// the output is the front of the input's own storage, so no second buffer is written.
    ///
    /// Why: a fresh 3 MB buffer costs about 800 first-touch page faults, 2 ms on this
    /// machine, half of War and Peace's cold decode. The output is never longer than the
    /// input here, so moving each line back over the dropped bytes is safe.
    ///
    /// One read-only pass checks and counts everything first; only then is anything moved.
    /// So input this cannot handle (a NUL or an ill-formed sequence anywhere, which grow
    /// into U+FFFD) comes back untouched with nil, for `normalize(_:strict:)`. Storage shared
    /// with another array is copied first, as for any mutation.
    static func normalizeInPlace(_ bytes: inout [UInt8]) -> Output? {
        let n = bytes.count
        guard n > 0 else { return nil }
        var state = State(expectedScalars: n)
        let hasBOM = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let found = bytes.withUnsafeBufferPointer {
            scan($0.baseAddress!, n, from: hasBOM ? 3 : 0, droppingCRs: true, &state)
        }
        guard found.stop == n else { return nil }
        if found.dropped > 0 || found.loneCRs > 0 {
            let kept = bytes.withUnsafeMutableBufferPointer { dropBOMAndCRs($0.baseAddress!, n, from: hasBOM ? 3 : 0) }
            bytes.removeLast(n - kept)
        }
        return Output(utf8: bytes, scalarCount: state.scalars, replacements: 0, checkpoints: state.checkpoints)
    }

    /// Moves each run between CRs back to where the output has got to, leaving out the CR
    /// of a CRLF and writing LF for a lone CR; returns the output's length. Runs are found
    /// with `memchr` and moved with `memmove` (a book's lines are tens of bytes long).
    private static func dropBOMAndCRs(_ base: UnsafeMutablePointer<UInt8>, _ n: Int, from start: Int) -> Int {
        var i = start
        var o = 0
        while i < n {
            let end = memchr(base + i, 0x0D, n - i).map { $0.assumingMemoryBound(to: UInt8.self) - base } ?? n
            if o != i { memmove(base + o, base + i, end - i) }
            o += end - i
            guard end < n else { break }
            if end + 1 < n && base[end + 1] == 0x0A {
                i = end + 1  // CRLF: the LF is the next run's first byte
            } else {
                base[o] = 0x0A
                o += 1
                i = end + 1
            }
        }
        return o
    }
}
