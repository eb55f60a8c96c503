@preconcurrency internal import Glibc

/// Fonts an EPUB obfuscates (OCF 3.3 §4.3.5, `META-INF/encryption.xml`), by their path in
/// the book, and the undoing of it, in memory only (a de-obfuscated font is never written).
///
/// - **IDPF's algorithm** (`http://www.idpf.org/2008/embedding`): the first 1040 bytes of
///   the font XORed, byte by byte in turn, with the 20 bytes of the SHA-1 of the package's
///   unique identifier, its white space (U+0020, U+0009, U+000D, U+000A) removed.
/// - **Adobe's** (`http://ns.adobe.com/pdf/enc#RC`): the first 1024 bytes XORed with the 16
///   bytes of the book's `urn:uuid:` identifier.
///
/// A file encrypted with any other algorithm is not the book's to give: reading it fails
/// with a line naming the algorithm. SHA-1 is OpenSSL's (`libcrypto.so.3`, opened with
/// dlopen the first time a book needs it), not written here.
struct FontObfuscation: Sendable {
    enum Method: Sendable, Hashable {
        case idpf
        case adobe
        /// Encrypted otherwise (the algorithm's URI): not readable.
        case other(String)
    }

    /// The method of each file `encryption.xml` lists, by path.
    let methods: [String: Method]
    /// The keys, made from the package's identifiers (nil where one cannot be: no identifier,
    /// no UUID, no SHA-1 on the machine).
    private let idpfKey: [UInt8]?
    private let adobeKey: [UInt8]?

    static let idpfAlgorithm = "http://www.idpf.org/2008/embedding"
    static let adobeAlgorithm = "http://ns.adobe.com/pdf/enc#RC"

    /// The obfuscation `encryptionXML` (the file's bytes; nil when the book has none)
    /// describes, for a book whose `dc:identifier`s are `identifiers` (the unique one first).
    init(encryptionXML: [UInt8]?, identifiers: [String]) {
        var methods: [String: Method] = [:]
        if let bytes = encryptionXML, let tree = try? XMLTree(bytes: bytes, htmlFallback: false) {
            for data in tree.root.elements where data.name == "EncryptedData" {
                let algorithm = data.elements.first { $0.name == "EncryptionMethod" }?.attribute("Algorithm") ?? ""
                guard let reference = data.elements.first(where: { $0.name == "CipherData" })?.elements
                        .first(where: { $0.name == "CipherReference" })?.attribute("URI"),
                      let path = EPUBPath.resolve(reference, from: "")?.path else { continue }
                methods[path] = switch algorithm {
                case Self.idpfAlgorithm: .idpf
                case Self.adobeAlgorithm: .adobe
                default: .other(algorithm)
                }
                if methods.count >= 10_000 { break }
            }
        }
        self.methods = methods
        let needs = Array(methods.values)
        let unique = identifiers.first.map { String($0.unicodeScalars.filter { !" \t\r\n".unicodeScalars.contains($0) }) }
        idpfKey = needs.contains(.idpf) ? unique.flatMap { SHA1.digest(Array($0.utf8)) } : nil
        adobeKey = needs.contains(.adobe) ? identifiers.lazy.compactMap(Self.uuidBytes).first : nil
    }

    /// `bytes`, the file at `path` as the book stores it, as the font it hides; unchanged
    /// for a file that is not obfuscated.
    func reveal(_ bytes: [UInt8], at path: String) throws(EPUBError) -> [UInt8] {
        guard let method = methods[path] else { return bytes }
        let key: [UInt8]?, length: Int
        switch method {
        case .idpf: (key, length) = (idpfKey, 1040)
        case .adobe: (key, length) = (adobeKey, 1024)
        case .other(let algorithm): throw .malformed("\(path) is encrypted (\(algorithm.isEmpty ? "no algorithm named" : algorithm))")
        }
        guard let key, !key.isEmpty else { throw .malformed("\(path) is obfuscated with a key this book does not give") }
        var revealed = bytes
        for k in 0..<min(length, revealed.count) { revealed[k] ^= key[k % key.count] }
        return revealed
    }

    /// The 16 bytes of a `urn:uuid:` identifier (or a bare UUID), nil for any other.
    static func uuidBytes(_ identifier: String) -> [UInt8]? {
        var text = identifier.trimmingCharacters(in: " \t\r\n").lowercased()
        if text.hasPrefix("urn:uuid:") { text.removeFirst(9) }
        let hex = text.filter { $0 != "-" }
        guard hex.count == 32 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}

/// SHA-1 from OpenSSL's libcrypto, opened with dlopen on first use.
enum SHA1 {
    private typealias Function = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?
    private static let function: Function? = {
        for name in ["libcrypto.so.3", "libcrypto.so"] {
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(library, "SHA1") else { continue }
            return unsafeBitCast(symbol, to: Function.self)
        }
        return nil
    }()

    /// The 20-byte digest of `bytes`, or nil where libcrypto cannot be opened.
    static func digest(_ bytes: [UInt8]) -> [UInt8]? {
        guard let function else { return nil }
        var out = [UInt8](repeating: 0, count: 20)
        bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { _ = function(input.baseAddress, input.count, $0.baseAddress) }
        }
        return out
    }
}
