import Foundation
@testable import ReaderState

/// A fresh folder for one test, removed when the test lets go of it.
final class ScratchDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-state-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A store in a `state` folder inside the scratch folder (not created yet), whose clock
    /// is fixed so the names of files moved aside are known, which reads its files with
    /// `readFile` (by default as the program does) and waits `lockTimeout` s for a lock.
    func store(clock: Date = Date(timeIntervalSince1970: 1_750_000_000),
               readFile: @escaping @Sendable (String) -> StateStore.ReadOutcome = StateStore.readStateFile,
               lockTimeout: Double = 5) -> StateStore {
        StateStore(directory: url.appendingPathComponent("state"), clock: { clock }, readFile: readFile,
                   lockTimeout: lockTimeout)
    }

    /// The names in `folder`, sorted.
    func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

extension BookKey {
    static let alice = BookKey(textDigest: 0x0123_4567_89AB_CDEF)
    static let hongLou = BookKey(textDigest: 0x2A)
}
