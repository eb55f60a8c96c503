/// Turns the bytes of a TXT book into normalized UTF-8 (``DecodedText``).
///
/// Reads UTF-8 (with or without BOM), UTF-16LE/BE (with or without BOM), GB18030 (and so GBK and
/// GB2312), Big5, Shift_JIS and EUC-JP, detected automatically (see
/// ``detectEncoding(_:)``) or named by the caller. Whatever the bytes, decoding never
/// traps or hangs: what does not decode becomes U+FFFD and is counted in
/// ``DecodedText/replacementCount``. The only input refused is binary data (a NUL in
/// the first 8 KiB).
///
/// Valid UTF-8 (most books) is validated, counted and indexed in one pass and not copied; a
/// BOM and CRs are then dropped in the same storage (`normalizeInPlace`); UTF-8 with NULs or
/// ill-formed bytes is copied once; other encodings go through iconv
/// first (GB18030's one- and two-byte characters through a table made from iconv's answers,
/// `DoubleByteTable`).
public enum TextDecoder {
    /// The largest file ``decodeFile(atPath:encoding:)`` reads: 1 GiB, far beyond any
    /// book, so that a wrong path to a disk image fails with a message instead of
    /// exhausting memory.
    public static let maximumFileSize = 1 << 30

    /// Decodes and normalizes `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - encoding: an encoding name that overrides detection, matched
    ///     case-insensitively and ignoring `-`, `_` and spaces: "utf8", "utf-16le",
    ///     "gbk", "gb2312", "cp936", "big5", "cp950", "sjis", "shift-jis", "cp932",
    ///     "eucjp", "latin1", ... or any name glibc's iconv knows ("KOI8-R").
    /// - Returns: the normalized text; empty input gives an empty text (encoding
    ///   "UTF-8", or the one asked for), not an error.
    /// - Throws: ``TextDecodingError/unknownEncoding(_:)`` for a name nobody knows,
    ///   ``TextDecodingError/notText(path:offset:)`` for binary data.
    ///
    /// `bytes` is consumed: when the caller hands over the only reference, UTF-8 is
    /// normalized in its storage instead of a copy.
    public static func decode(_ bytes: consuming [UInt8], encoding: String? = nil) throws(TextDecodingError) -> DecodedText {
        var chosen: TextEncoding?
        if let encoding {
            chosen = bytes.withUnsafeBytes { TextEncoding.resolve(encoding, bytes: $0) }
            if chosen == nil { throw .unknownEncoding(encoding) }
        }
        if bytes.isEmpty {
            return DecodedText(UTF8Normalizer.normalize([], strict: false)!, encoding: chosen?.name ?? "UTF-8")
        }
        if chosen == nil {
            // A BOM decides; else the zero bytes of UTF-16 without one, confirmed by decoding.
            chosen = bytes.withUnsafeBufferPointer { EncodingDetector.bomEncoding($0) ?? UTF16Sniffer.detect($0) }
        }
        let width = chosen?.codeUnitWidth ?? 1
        if let offset = bytes.withUnsafeBufferPointer({ EncodingDetector.firstNUL($0, codeUnitWidth: width) }) {
            throw .notText(path: nil, offset: offset)
        }
        if chosen == nil {
            // Most books are UTF-8: try that first, in the same single pass that
            // normalizes; it stops at the first ill-formed sequence (or a NUL: then again,
            // copying).
            if let normalized = UTF8Normalizer.normalizeInPlace(&bytes) ?? UTF8Normalizer.normalize(bytes, strict: true) {
                return DecodedText(normalized, encoding: TextEncoding.utf8.name)
            }
            // Not UTF-8 as it stands; if detection still says UTF-8 (a damaged byte), in place
            // has been tried already: `decode(_:as:)` copies, replacing.
            chosen = bytes.withUnsafeBufferPointer { EncodingDetector.detectLegacy($0) }
        } else if chosen == .utf8, let normalized = UTF8Normalizer.normalizeInPlace(&bytes) {
            return DecodedText(normalized, encoding: TextEncoding.utf8.name)
        }
        return decode(bytes, as: chosen!)
    }

    /// Reads the file at `path` and decodes it like ``decode(_:encoding:)``.
    ///
    /// - Throws: ``TextDecodingError/fileNotFound(path:)``,
    ///   ``TextDecodingError/isDirectory(path:)``,
    ///   ``TextDecodingError/cannotRead(path:reason:)``,
    ///   ``TextDecodingError/fileTooLarge(path:size:limit:)``,
    ///   ``TextDecodingError/streamTooLarge(path:kind:limit:)`` (a FIFO or device that goes on
    ///   past `limit` bytes, by default ``maximumFileSize``), and what ``decode(_:encoding:)``
    ///   throws (with the path filled in); a stream that is plainly not text (`/dev/zero`) is
    ///   refused after its first 8 KiB. A FIFO is read as a stream: this waits for a writer.
    ///
    /// `whenRead` sees the file's bytes as read, before they are decoded (the reader guesses
    /// the book's language from them, to load what it needs meanwhile).
    public static func decodeFile(atPath path: String, encoding: String? = nil, limit: Int = maximumFileSize,
                                  whenRead: (UnsafeBufferPointer<UInt8>) -> Void = { _ in })
        throws(TextDecodingError) -> DecodedText {
        var forced: TextEncoding?
        if let encoding {
            forced = TextEncoding.resolve(encoding)
            if forced == nil { throw .unknownEncoding(encoding) }  // before reading a large file for nothing
        }
        let bytes = try FileReader.read(atPath: path, limit: limit, codeUnitWidth: forced?.codeUnitWidth)
        bytes.withUnsafeBufferPointer(whenRead)
        do {
            return try decode(bytes, encoding: encoding)
        } catch .notText(_, let offset) {
            throw .notText(path: path, offset: offset)
        }
    }

    /// Whether `bytes` look like UTF-8 at a glance: no byte order mark of another encoding,
    /// and their first 4 KiB well-formed UTF-8 (up to the last whole sequence) without a NUL
    /// (UTF-16 without a BOM is well-formed UTF-8). For a guess made before decoding;
    /// `decode` decides.
    public static func looksLikeUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let bom = EncodingDetector.bomEncoding(bytes), bom.name != "UTF-8" { return false }
        var end = min(bytes.count, 4096)
        if end < bytes.count {
            while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // back to a sequence's start
            if end == 0 { return false }
        }
        let prefix = UnsafeBufferPointer(rebasing: bytes[..<end])
        return !prefix.contains(0) && UTF8Validator.isValid(prefix)
    }

    /// Guesses the encoding of `bytes` without decoding them: the canonical name
    /// (as in ``DecodedText/encoding``), or nil when the bytes are not text (a NUL in
    /// the first 8 KiB outside UTF-16). Empty input is "UTF-8".
    ///
    /// A BOM decides; else UTF-16's zero bytes, confirmed by decoding; else valid UTF-8 is UTF-8; else uchardet's guess on a sample is
    /// checked by decoding the sample with each CJK candidate, and windows-1252 is the
    /// fallback when no CJK encoding fits.
    public static func detectEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        EncodingDetector.detect(bytes.assumingMemoryBound(to: UInt8.self))?.name
    }

    /// The canonical name for an encoding name or alias ("gbk" → "GB18030",
    /// "sjis" → "Shift_JIS"), or nil when it is unknown. A bare "UTF-16" is "UTF-16LE"
    /// here; decoding follows the BOM.
    public static func canonicalEncodingName(_ name: String) -> String? {
        TextEncoding.resolve(name)?.name
    }

    /// Decodes with a known encoding.
    private static func decode(_ bytes: [UInt8], as encoding: TextEncoding) -> DecodedText {
        if encoding == .utf8 {
            return DecodedText(UTF8Normalizer.normalize(bytes, strict: false)!, encoding: encoding.name)
        }
        if encoding == .gb18030, let table = DoubleByteTable.gb18030 {
            let converted = bytes.withUnsafeBufferPointer { table.convert($0) }
            let normalized = converted.counted.map {
                UTF8Normalizer.Output(utf8: converted.utf8, scalarCount: $0.scalars, replacements: 0, checkpoints: $0.checkpoints)
            } ?? UTF8Normalizer.normalizeWellFormed(converted.utf8)
            return DecodedText(normalized, encoding: encoding.name, extraReplacements: converted.replacements)
        }
        let converted = bytes.withUnsafeBufferPointer { IconvDecoder.convert($0, from: encoding) }
            ?? IconvDecoder.Output(utf8: [], replacements: 0)
        // iconv's output is valid UTF-8; this drops a decoded BOM and CRs, maps NULs
        // and counts and indexes the scalars. It copies only if there was something to drop.
        let normalized = UTF8Normalizer.normalizeWellFormed(converted.utf8)
        return DecodedText(normalized, encoding: encoding.name, extraReplacements: converted.replacements)
    }
}
