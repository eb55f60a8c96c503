/// Paths inside an EPUB and the links between its files (OCF §3: paths are relative to the
/// container's root; an href is a URL relative to the document that holds it).
enum EPUBPath {
    /// Whether a ZIP entry's name stays inside the book: not absolute, no `..` or `.` segment,
    /// no backslash, no NUL.
    static func isSafeEntryName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains("\0") else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." }
    }

    /// The folder of `path` ("" at the root), with its slash.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// The path inside the book an `href` in the document at `base` names, and its fragment;
    /// nil for a link out of the book (a scheme: `http:`, `mailto:`) or an empty path with no
    /// fragment. A `..` at the root stays at the root, as the URL Standard's path parsing keeps
    /// it (EPUB 3.3 §4.2.2: the container's root is its URLs' root): `../../img.jpg` from a
    /// document at the root is `img.jpg`, never a file outside the book.
    static func resolve(_ href: String, from base: String) -> (path: String, fragment: String?)? {
        var reference = Substring(href.trimmingCharacters(in: " \t\r\n"))
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            fragment = percentDecoded(reference[reference.index(after: hash)...])
            reference = reference[..<hash]
        }
        if let query = reference.firstIndex(of: "?") { reference = reference[..<query] }
        if isExternal(String(reference)) { return nil }
        if reference.isEmpty {
            guard fragment != nil else { return nil }
            return (base, fragment)
        }
        let joined = reference.hasPrefix("/") ? String(reference.dropFirst()) : folder(of: base) + reference
        var segments: [Substring] = []
        for segment in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == ".." {
                if !segments.isEmpty { segments.removeLast() }
                continue
            }
            segments.append(segment)
        }
        let path = segments.map { percentDecoded($0) }.joined(separator: "/")
        return path.isEmpty ? nil : (path, fragment)
    }

    /// Whether `href` names a scheme (`http:`, `mailto:`): a letter, then letters, digits,
    /// `+`, `-` or `.`, then a colon before any slash.
    static func isExternal(_ href: String) -> Bool {
        guard let colon = href.firstIndex(of: ":") else { return false }
        let scheme = href[..<colon]
        guard let first = scheme.first, first.isASCII && first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// `text` with its `%XX` escapes decoded (an escape that is not UTF-8 is kept as written).
    static func percentDecoded<S: StringProtocol>(_ text: S) -> String {
        guard text.contains("%") else { return String(text) }
        return String(validating: percentDecodedBytes(text), as: UTF8.self) ?? String(text)
    }

    /// `text`'s bytes with each `%XX` escape decoded to its octet (a `data:` URL's data is
    /// octets, not necessarily UTF-8).
    static func percentDecodedBytes<S: StringProtocol>(_ text: S) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = Array(text.utf8)[...]
        while let b = utf8.popFirst() {
            if b == 0x25, utf8.count >= 2, let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return bytes
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x37
        case 0x61...0x66: b - 0x57
        default: nil
        }
    }
}
