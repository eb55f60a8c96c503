import CZip
import FileWriting

/// An EPUB's ZIP, read with libzip (OCF: stored and deflated entries, its first entry
/// `mimetype`, stored, holding `application/epub+zip`).
///
/// Entries whose names could reach outside the book (`..`, an absolute name, a backslash) are
/// passed over and counted (`unsafeNames`): a book is only ever read from memory, but its
/// links must not name them. Two entries of one name refuse the book (which of them is meant
/// is unknown). An entry is read only within `ContainerLimits`.
final class ZipContainer: EPUBContainer {
    private let zip: OpaquePointer
    private var entries: [String: UInt64] = [:]
    /// Entries passed over for their names.
    private(set) var unsafeNames = 0
    /// Bytes inflated so far, and the most the whole book may inflate to
    /// (`ContainerLimits.bookBudget`).
    private var inflated = 0
    private var budget = ContainerLimits.largestFile
    /// Whether only each file's own limits hold, not the whole book's budget: for a book
    /// already opened whose pictures the pages read again and again (`EPUBFiles`).
    var limitsEachFileOnly = false

    /// Opens the ZIP at `path`.
    convenience init(path: String) throws(EPUBError) {
        var message = [CChar](repeating: 0, count: 256)
        var code: Int32 = 0
        guard let zip = pt_zip_open(path.fileSystemPath, &code, &message, message.count) else {
            throw Self.openError(code: code, libzipSays: Self.string(message))
        }
        try self.init(zip: zip)
    }

    /// Opens the ZIP held in `bytes` (the fuzz harnesses' way in).
    convenience init(bytes: [UInt8]) throws(EPUBError) {
        var message = [CChar](repeating: 0, count: 256)
        var code: Int32 = 0
        guard let zip = bytes.withUnsafeBytes({ pt_zip_open_memory($0.baseAddress, $0.count, &code, &message, message.count) })
        else { throw Self.openError(code: code, libzipSays: Self.string(message)) }
        try self.init(zip: zip)
    }

    private init(zip: OpaquePointer) throws(EPUBError) {
        self.zip = zip
        let count = pt_zip_count(zip)
        var stored = 0
        defer { budget = ContainerLimits.bookBudget(stored: stored) }
        for index in 0..<UInt64(max(0, count)) {
            guard let entry = entry(index) else { continue }
            guard EPUBPath.isSafeEntryName(entry.name) else {
                unsafeNames += 1
                continue
            }
            stored += Int(clamping: entry.compressedSize)
            if entry.name.hasSuffix("/") { continue }  // a folder
            guard entries[entry.name] == nil else { throw .badArchive("two entries are named \(entry.name)") }
            entries[entry.name] = index
        }
        guard count > 0, let first = entry(0), first.name == "mimetype" else {
            throw .notEPUB(entries["mimetype"] == nil ? "no mimetype entry" : "mimetype is not its first entry")
        }
        let mimetype = try data(at: "mimetype")
        guard String(decoding: mimetype, as: UTF8.self).trimmingCharacters(in: " \r\n\t") == "application/epub+zip"
        else { throw .notEPUB("its mimetype is not application/epub+zip") }
    }

    deinit { pt_zip_close(zip) }

    private struct Entry {
        let name: String
        let size: UInt64
        let compressedSize: UInt64
        let method: Int32
        let encrypted: Bool
    }

    private func entry(_ index: UInt64) -> Entry? {
        var name: UnsafePointer<CChar>?
        var size: UInt64 = 0, compressed: UInt64 = 0
        var method: Int32 = 0, encrypted: Int32 = 0
        guard pt_zip_entry(zip, index, &name, &size, &compressed, &method, &encrypted) == 0, let name else { return nil }
        return Entry(name: String(cString: name), size: size, compressedSize: compressed, method: method,
                     encrypted: encrypted != 0)
    }

    func contains(_ path: String) -> Bool { entries[path] != nil }

    func statedSize(of path: String) -> Int {
        entries[path].flatMap { entry($0) }.map { Int(clamping: $0.size) } ?? 0
    }

    func data(at path: String) throws(EPUBError) -> [UInt8] {
        guard let index = entries[path], let entry = entry(index) else { throw .missing(path) }
        guard !entry.encrypted else { throw .badArchive("\(path) is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            throw .badArchive("\(path) is compressed by method \(entry.method) (EPUB allows stored and deflated)")
        }
        let limit = ContainerLimits.largestFile
        if entry.size > UInt64(limit) { throw .tooLarge("\(path) inflates to \(entry.size) bytes, past the \(limit >> 20) MiB limit") }
        guard limitsEachFileOnly || inflated + Int(entry.size) <= budget else {
            throw .tooLarge("the book inflates past \(budget >> 20) MiB at \(path) (a zip bomb?)")
        }
        inflated += Int(entry.size)
        // Never more than the stated size and one byte: a stream that runs on past it is refused.
        let capacity = Int(entry.size) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var message = [CChar](repeating: 0, count: 256)
        let read = bytes.withUnsafeMutableBytes { pt_zip_read(zip, index, $0.baseAddress, UInt64(capacity), &message, message.count) }
        guard read >= 0 else { throw .badArchive("\(path): \(Self.string(message))") }
        guard read == entry.size else { throw .badArchive("\(path) does not inflate to the size its entry states") }
        if read > ContainerLimits.ratioCheckedFrom && UInt64(read) > entry.compressedSize * UInt64(ContainerLimits.largestRatio) {
            throw .tooLarge("\(path) inflates more than \(ContainerLimits.largestRatio) times (a zip bomb?)")
        }
        bytes.removeLast(capacity - Int(read))
        return bytes
    }

    func prefix(at path: String, count: Int) throws(EPUBError) -> [UInt8] {
        guard let index = entries[path], let entry = entry(index) else { throw .missing(path) }
        guard entry.size > UInt64(count) else { return try data(at: path) }
        guard !entry.encrypted, entry.method == 0 || entry.method == 8 else { throw .badArchive("\(path) cannot be read") }
        guard limitsEachFileOnly || inflated + count <= budget else { throw .tooLarge("the book inflates past \(budget >> 20) MiB at \(path) (a zip bomb?)") }
        inflated += count
        var bytes = [UInt8](repeating: 0, count: count)
        var message = [CChar](repeating: 0, count: 256)
        let read = bytes.withUnsafeMutableBytes { pt_zip_read(zip, index, $0.baseAddress, UInt64(count), &message, message.count) }
        guard read >= 0 else { throw .badArchive("\(path): \(Self.string(message))") }
        bytes.removeLast(count - Int(read))
        return bytes
    }

    private static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension ZipContainer {
    /// libzip's refusal to open an archive (its `ZIP_ER_*` code), in words.
    static func openError(code: Int32, libzipSays why: String) -> EPUBError {
        switch code {
        case -1: .libraryMissing(why)
        case 10: .badArchive("two entries have one name")  // ZIP_ER_EXISTS
        case 19: .badArchive("no ZIP directory at its end (cut short?)")  // ZIP_ER_NOZIP
        case 21: .badArchive("its ZIP directory is inconsistent (cut short or altered)")  // ZIP_ER_INCONS
        case 11, 14: .missing("memory or the file (\(why))")  // ZIP_ER_OPEN, ZIP_ER_MEMORY
        default: .badArchive(why.lowercased())
        }
    }
}

extension String {
    /// The string without `characters` at either end.
    func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        guard let start = firstIndex(where: { !set.contains($0) }) else { return "" }
        let end = lastIndex(where: { !set.contains($0) })!
        return String(self[start...end])
    }
}
