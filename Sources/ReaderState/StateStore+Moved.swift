import FoundationEssentials

extension StateStore {
    /// The state saved for another version of the book whose file is `file` (an absolute path):
    /// of this store's state files other than `key`'s, the newest that names that file
    /// (`BookState.file`). Nil when there is none. A book that was edited since it was read
    /// has a new key (its text's digest); whether this state's places are still in its text
    /// is the caller's to judge (`TextAnchor`). Damaged or unreadable files are passed over,
    /// never moved or changed.
    public func state(savedFor file: String, except key: BookKey) -> BookState? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        var newest: (date: Date, state: BookState)?
        for name in names where name.hasSuffix(".json") && name != key.hex + ".json" {
            let url = directory.appendingPathComponent(name)
            guard case .state(let state) = examine(url), state.file == file else { continue }
            let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date ?? .distantPast
            if newest.map({ date > $0.date }) ?? true { newest = (date, state) }
        }
        return newest?.state
    }
}

/// A book's state as a list of books read shows it: the state, its key and when it was last
/// saved.
public struct SavedBook: Sendable {
    public let key: BookKey
    public let state: BookState
    /// When the state file was last written: when the book was last read.
    public let saved: Date
}

extension StateStore {
    /// Every book's state in this store that names its file (`BookState.file`), newest first;
    /// at most `limit` of them. Damaged or unreadable files are passed over, never moved or
    /// changed (`problems` gets one line for each).
    public func savedBooks(limit: Int = 100_000, problems: inout [String]) -> [SavedBook] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var books: [SavedBook] = []
        for name in names where name.hasSuffix(".json") && name.utf8.count == 21 {
            guard let key = BookKey(hex: String(name.dropLast(5))) else { continue }
            let url = directory.appendingPathComponent(name)
            switch examine(url) {
            case .state(let state) where state.file != nil:
                let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date ?? .distantPast
                books.append(SavedBook(key: key, state: state, saved: date))
            case .damaged(let problem), .leftAlone(let problem, _):
                problems.append("the reading state \(url.path) cannot be read: \(problem)")
            default:
                continue
            }
        }
        books.sort { $0.saved > $1.saved }
        return Array(books.prefix(limit))
    }
}
