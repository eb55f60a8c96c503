import CUchardet

/// A thin wrapper over libuchardet (Debian's 0.0.7), loaded on the first guess (`CUchardet`).
///
/// uchardet is a statistical guess. It is usually right on a few KiB of CJK text, but
/// 0.0.7 sometimes answers ISO-8859-x for CJK samples, so `EncodingDetector` treats its
/// answer as one vote to confirm by decoding, never as the verdict.
enum Uchardet {
    /// uchardet's name for the charset of `sample` (e.g. "GB18030", "BIG5",
    /// "SHIFT_JIS", "ISO-8859-1"), or nil when it has no idea.
    static func guess(_ sample: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = sample.baseAddress, !sample.isEmpty, let detector = pageturn_uchardet_new() else {
            return nil
        }
        defer { pageturn_uchardet_delete(detector) }
        let status = base.withMemoryRebound(to: CChar.self, capacity: sample.count) {
            pageturn_uchardet_handle_data(detector, $0, sample.count)
        }
        guard status == 0 else { return nil }
        pageturn_uchardet_data_end(detector)
        guard let charset = pageturn_uchardet_get_charset(detector) else { return nil }
        let name = String(cString: charset)
        return name.isEmpty ? nil : name
    }
}
