import Dispatch
import Foundation
import Testing

/// Two `pageturn read` processes on one book and one state folder (two windows, or
/// a window and a script): neither loses the other's bookmarks.
@Suite("Two readers on one book")
struct SharedStateCommandTests {
    static let sample = "assets/books/alice-excerpt.txt"

    /// Goes to each of `pages` (1-based) in turn and bookmarks it: a save each time. Pages
    /// are reached by number, not by turning from where the reader opened: a reader opens at
    /// the position the other one saved last, whichever that is.
    static func script(bookmarking pages: [Int]) -> String {
        var lines: [String] = [], t = 100
        for target in pages {
            lines.append("press g \(target) Return @\(t)")
            lines.append("press b @\(t + 300)")
            lines.append("press Return @\(t + 400)")
            t += 600
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("two scripted readers started together, each bookmarking its own pages: the file has every bookmark of both")
    func bothReadersBookmarksKept() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let scripts = [Self.script(bookmarking: [2, 4, 6, 8]), Self.script(bookmarking: [3, 5, 7, 9])]
        nonisolated(unsafe) var results: [Pageturn.Result?] = [nil, nil]
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let result = try? Pageturn.run(["read", Self.sample, "--headless", "--script", "-", "--state-dir", state.path,
                                            "--cache-dir", dir.appendingPathComponent("cache\(k)").path],
                                           stdin: scripts[k])
            lock.withLock { results[k] = result }
        }
        var ownOffsets: [Set<Int>] = []
        for result in results {
            let result = try #require(result)
            #expect(result.status == 0 && result.stderr.isEmpty, "stderr: \(result.stderr)")
            let summary = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let marks = try #require(summary?["bookmarks"] as? [[String: Any]])
            ownOffsets.append(Set(marks.compactMap { $0["offset"] as? Int }))
        }
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: state.path).first { $0.hasSuffix(".json") })
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: state.appendingPathComponent(file))) as? [String: Any]
        let saved = Set(try #require(json?["bookmarks"] as? [[String: Any]]).compactMap { $0["offset"] as? Int })
        #expect(saved.count == 8, "four bookmarks of each reader, on eight different pages: \(saved.sorted())")
        #expect(saved == ownOffsets[0].union(ownOffsets[1]), "each reader's own, and nothing else")
    }
}
