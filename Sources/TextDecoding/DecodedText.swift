/// A book's text, decoded and normalized, ready for the pagination core.
///
/// `utf8` is always valid UTF-8 with LF line ends and no leading BOM. Reading positions
/// are scalar offsets into it; ``index`` converts them to byte offsets and back.
public struct DecodedText: Sendable {
    /// The normalized text: BOM dropped, CRLF and lone CR turned into LF, undecodable
    /// bytes and NULs replaced by U+FFFD (EF BF BD). Always valid UTF-8.
    public let utf8: [UInt8]
    /// The number of Unicode scalars in ``utf8``.
    public let scalarCount: Int
    /// The canonical name of the encoding the bytes were decoded from: "UTF-8",
    /// "UTF-16LE", "UTF-16BE", "GB18030" (also for GBK and GB2312), "Big5",
    /// "Shift_JIS" (decoded as CP932), "EUC-JP", "EUC-KR", "windows-1252", or another
    /// name iconv knows when one was asked for.
    public let encoding: String
    /// How many bytes or byte sequences did not decode and became U+FFFD (NULs after
    /// the first 8 KiB included). Zero for a clean file.
    public let replacementCount: Int
    /// Scalar offset ↔ byte offset in ``utf8``.
    public let index: ScalarIndex

    init(_ normalized: UTF8Normalizer.Output, encoding: String, extraReplacements: Int = 0) {
        utf8 = normalized.utf8
        scalarCount = normalized.scalarCount
        self.encoding = encoding
        replacementCount = normalized.replacements + extraReplacements
        index = ScalarIndex(utf8: normalized.utf8, checkpoints: normalized.checkpoints,
                            scalarCount: normalized.scalarCount)
    }

    /// The text as a `String` (a copy, O(n)): handy for tests and short texts; the
    /// pagination core reads ``utf8`` directly.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// Whether the book has no text at all.
    public var isEmpty: Bool { utf8.isEmpty }
}
