import FoundationEssentials

/// A `data:` URL (RFC 2397): a file written into the document that shows it, as an `img`'s
/// `src` may be — `data:[media type][;base64],data`, the data percent-encoded or in base64.
/// The reader shows such a picture where the document puts it, never as a document of its own.
enum DataURL {
    /// The longest `data:` URL a picture may be: 1 MiB of text (a document's own pictures are
    /// small; a larger one is a placeholder).
    static let longest = 1 << 20

    /// Whether `href` is a `data:` URL.
    static func isDataURL(_ href: some StringProtocol) -> Bool {
        href.utf8.count > 5 && href.prefix(5).lowercased() == "data:"
    }

    /// The bytes `url` holds, or nil when it is no `data:` URL, is longer than `longest`, or
    /// its base64 does not decode.
    static func bytes(of url: String) -> [UInt8]? {
        guard isDataURL(url), url.utf8.count <= longest, let comma = url.firstIndex(of: ",") else { return nil }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = url[url.index(after: comma)...]
        let octets = percentDecodedBytes(payload)
        if header.hasSuffix(";base64") {
            return Data(base64Encoded: Data(octets.filter { $0 > 0x20 }), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
        }
        return octets
    }

    /// `text`'s bytes with each `%XX` escape decoded to its octet (RFC 2397's data is octets,
    /// not necessarily UTF-8).
    static func percentDecodedBytes(_ text: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8[...]
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: b - 0x30
            case 0x41...0x46: b - 0x37
            case 0x61...0x66: b - 0x57
            default: nil
            }
        }
        while let b = utf8.popFirst() {
            if b == 0x25, let first = utf8.first, let high = hex(first), let low = utf8.dropFirst().first.flatMap(hex) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return bytes
    }

    /// A `data:` URL holding `bytes` of `mediaType`, in base64.
    static func make(_ bytes: [UInt8], mediaType: String) -> String {
        "data:\(mediaType);base64," + Data(bytes).base64EncodedString()
    }
}
