/// An EPUB's files given in memory by path (tests and the fuzz harnesses make books so).
final class MemoryContainer: EPUBContainer {
    private let files: [String: [UInt8]]

    init(files: [String: [UInt8]]) { self.files = files }

    func contains(_ path: String) -> Bool { files[path] != nil }

    func statedSize(of path: String) -> Int { files[path]?.count ?? 0 }

    func data(at path: String) throws(EPUBError) -> [UInt8] {
        guard let bytes = files[path] else { throw .missing(path) }
        return bytes
    }
}
