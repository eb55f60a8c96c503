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
