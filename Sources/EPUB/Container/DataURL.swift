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
        let octets = EPUBPath.percentDecodedBytes(payload)
        if header.hasSuffix(";base64") {
            return Data(base64Encoded: Data(octets.filter { $0 > 0x20 }), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
        }
        return octets
    }

    /// A `data:` URL holding `bytes` of `mediaType`, in base64.
    static func make(_ bytes: [UInt8], mediaType: String) -> String {
        "data:\(mediaType);base64," + Data(bytes).base64EncodedString()
    }
}
