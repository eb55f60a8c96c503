import FileWriting
import FoundationEssentials

/// What the person told the shelf, kept with the reading states (`shelf.json` beside them in
/// `$XDG_STATE_HOME/pageturn`): the library folders they named (`--library`), and the books
/// they removed from its history (a book removed is not shown until it is opened again; its
/// file and its reading state are left as they are).
///
/// The file is small JSON, written atomically and privately; one that cannot be read is
/// treated as empty (and reported by `load`), never trusted in part.
public struct ShelfSettings: Codable, Sendable, Equatable {
    /// Library folders named with `--library`, absolute, in the order first given.
    public var folders: [String] = []
    /// Paths of books removed from the shelf's history.
    public var removed: [String] = []

    /// More than this many of either are not kept.
    public static let mostEntries = 10_000
    static let largestFile = 4 << 20

    public init(folders: [String] = [], removed: [String] = []) {
        self.folders = folders
        self.removed = removed
    }

    /// The settings' file in the state folder `folder` (`$XDG_STATE_HOME/pageturn` by default).
    public static func file(in folder: URL? = nil) -> URL {
        (folder ?? UserFolders.state().appendingPathComponent("pageturn")).appendingPathComponent("shelf.json")
    }

    /// The settings at `url`: empty when there are none; empty and a one-line problem when the
    /// file cannot be read or trusted.
    public static func load(from url: URL) -> (settings: ShelfSettings, problem: String?) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (ShelfSettings(), nil) }
        guard let bytes = CacheFile.read(url.path, limit: largestFile) else {
            return (ShelfSettings(), "\(url.path) is not a readable file of at most \(largestFile >> 20) MiB; the shelf starts empty")
        }
        do {
            var settings = try JSONDecoder().decode(ShelfSettings.self, from: Data(bytes))
            settings.folders = Array(settings.folders.filter { $0.hasPrefix("/") }.prefix(mostEntries))
            settings.removed = Array(settings.removed.prefix(mostEntries))
            return (settings, nil)
        } catch {
            return (ShelfSettings(), "\(url.path) cannot be read as the shelf's settings; the shelf starts empty")
        }
    }

    /// Writes the settings to `url` (its folder made private when missing).
    public func save(to url: URL) throws {
        try PrivateFolder.create(url.deletingLastPathComponent().path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(self), to: url)
    }

    /// Adds `folders` (absolute paths) not already kept; true when any was new.
    public mutating func add(folders new: [String]) -> Bool {
        let before = folders.count
        for folder in new where !folders.contains(folder) && folders.count < Self.mostEntries { folders.append(folder) }
        return folders.count != before
    }

    /// Removes `path` from the shelf's history; true when it was not removed already.
    public mutating func remove(_ path: String) -> Bool {
        guard !removed.contains(path) else { return false }
        if removed.count >= Self.mostEntries { removed.removeFirst() }
        removed.append(path)
        return true
    }

    /// Brings `path` back onto the shelf (it was opened again); true when it had been removed.
    public mutating func restore(_ path: String) -> Bool {
        guard let k = removed.firstIndex(of: path) else { return false }
        removed.remove(at: k)
        return true
    }
}
