import FileWriting
import FoundationEssentials
import Pagination

/// Advance tables kept on disk, one file per font set and pixel size, so that a command does
/// not read every glyph of both faces at each start (about 8 ms for DejaVu Sans and WenQuanYi
/// Micro Hei; reading the file back takes well under one).
///
/// A file is named and tagged by the set's `fingerprint` (paths, face indexes, file sizes and
/// modification times, builder version) and the size's bits, and checked whole on reading
/// (`AdvanceTable(archive:key:)`); a replaced font file changes the fingerprint. At most
/// `keptFiles` tables are kept (a reader changing font sizes would otherwise leave one per
/// size); the oldest go first. Writing is best effort: a cache that cannot be written costs
/// only the time to build the table.
public struct AdvanceTableCache: Sendable {
    public let directory: URL
    public static let keptFiles = 8

    public init(directory: URL = FontCacheFolder.standard) {
        self.directory = directory
    }

    /// The key a table of `set` at `pixelSize` is filed and tagged under.
    static func key(_ set: FontSet, pixelSize: Float) -> UInt64 {
        var hasher = StableHasher()
        hasher.combine(set.fingerprint)
        hasher.combine(pixelSize.bitPattern)
        return hasher.value
    }

    func fileURL(key: UInt64) -> URL {
        directory.appendingPathComponent("advances-\(String(key, radix: 16)).bin")
    }

    /// The table from disk, or nil when there is none or it does not check out (then the
    /// caller builds the table and its `store` replaces the file). The header is read first
    /// (`CacheFile`): a file whose size is not the one it announces is not read further.
    public func load(_ set: FontSet, pixelSize: Float) -> AdvanceTable? {
        let key = Self.key(set, pixelSize: pixelSize)
        guard let bytes = CacheFile.read(fileURL(key: key).path, headerSize: AdvanceTable.archiveHeaderSize,
                                         expectedSize: AdvanceTable.archiveLength) else { return nil }
        return AdvanceTable(archive: bytes, key: key, faceCount: set.faces.count)
    }

    /// Saves `table` (ignoring failures), then removes the oldest tables beyond `keptFiles`.
    public func store(_ table: AdvanceTable, for set: FontSet, pixelSize: Float) {
        let key = Self.key(set, pixelSize: pixelSize)
        do {
            try PrivateFolder.create(directory.path)
            try AtomicFile.write(table.archive(key: key), to: fileURL(key: key))
        } catch {
            return
        }
        prune()
    }

    private func prune() {
        CacheFolder.prune(directory, keepingAtMost: Self.keptFiles, bytes: .max) { $0.hasPrefix("advances-") && $0.hasSuffix(".bin") }
    }
}
