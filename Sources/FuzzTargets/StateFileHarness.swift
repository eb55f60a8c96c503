import Foundation
import ReaderState

/// Puts the input where `StateStore` keeps a book's state file and loads it. Whatever the
/// bytes, loading returns a usable state and never traps; a state it accepts must be sound and
/// survive a save and a load unchanged; a file it refuses must be moved aside intact with a
/// one-line reason, or left where it is (a newer format) untouched.
enum StateFileHarness {
    static let key = BookKey(textDigest: 0x0123_4567_89AB_CDEF)

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        let folder = FuzzScratch.newFolder("state")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(directory: folder)
        let file = store.fileURL(for: key)
        do {
            try Data(bytes).write(to: file)
        } catch {
            return  // the scratch folder is not writable: nothing to test here
        }
        switch store.load(key) {
        case .fresh:
            throw FuzzFinding("state file: a file of \(bytes.count) bytes loaded as no file at all")
        case .loaded(let state):
            try expect(state.problem == nil, "state file: accepted an unsound state: \(state.problem ?? "")")
            do {
                try store.save(state, for: key)
            } catch {
                throw FuzzFinding("state file: an accepted state cannot be saved again: \(error)")
            }
            let again = store.load(key)
            try expect(again == .loaded(state), "state file: saved and loaded again, \(state) came back as \(again)")
        case .recovered(_, let problem, let movedTo):
            try expectOneLine(problem, "state file: the reason")
            guard let movedTo else { throw FuzzFinding("state file: the damaged file was not moved aside: \(problem)") }
            try expect(!FileManager.default.fileExists(atPath: file.path), "state file: the damaged file is still in place")
            let kept = try? Data(contentsOf: movedTo)
            try expect(kept == Data(bytes), "state file: the file moved aside is not the file that was there")
        case .leftAlone(_, let problem, let cause):
            try expectOneLine(problem, "state file: the reason")
            try expect(cause == .newerFormat, "state file: a readable file left alone as \(cause): \(problem)")
            let kept = try? Data(contentsOf: file)
            try expect(kept == Data(bytes), "state file: a file left alone was changed")
        }
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        let folder = FuzzScratch.newFolder("state-seeds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = StateStore(directory: folder)
        var state = BookState(position: 12_345, title: "Alice’s Adventures in Wonderland")
        state.bookmarks = [Bookmark(name: "the rabbit hole", offset: 2_000, created: Date(timeIntervalSinceReferenceDate: 800_000_000.25)),
                           Bookmark(name: "茶会", offset: 40_000, created: Date(timeIntervalSinceReferenceDate: 0))]
        state.settings = ["fontSize": .number(21.5), "curl": .string("cylinder"), "theme": .string("night")]
        var written: [(name: String, bytes: [UInt8])] = []
        if (try? store.save(state, for: key)) != nil, let data = try? Data(contentsOf: store.fileURL(for: key)) {
            written.append(("saved-full", Array(data)))
        }
        if (try? store.save(BookState(), for: key)) != nil, let data = try? Data(contentsOf: store.fileURL(for: key)) {
            written.append(("saved-default", Array(data)))
        }
        let hand = [
            ("newer-format", #"{"format": 2, "position": 10}"#),
            ("wrong-type", #"{"format": 1, "position": "ten", "bookmarks": [{"name": "x", "offset": -1, "created": 0}]}"#),
            ("fraction", #"{"format": 1, "position": 12.5, "settings": {"fontSize": 1e40}}"#),
            ("truncated", #"{"format": 1, "bookmarks": [{"name": "a\u0009b", "#),
        ]
        return written + hand.map { ($0.0, Array($0.1.utf8)) }
    }
}
