import Foundation
import Testing

/// A signal while the reader opens a book (before its loop runs, when nothing looks at the
/// quit flag and there is no reading yet to save) ends it at once, as it ends `paginate`;
/// also when its parent started it with the signal blocked (as this test's thread does: a
/// child inherits the mask of the thread that spawned it).
@Suite struct QuitSignalTests {
    @Test func aSignalWhileTheBookOpensEndsTheReaderAtOnce() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A book whose first page a scripted run waits for the whole layout of: seconds.
        let paragraph = String(repeating: "The story goes on with words of ordinary length. ", count: 40)
        let book = folder.appendingPathComponent("long.txt")
        try Data(Array(repeating: paragraph, count: 6_000).joined(separator: "\n\n").utf8).write(to: book)
        let script = folder.appendingPathComponent("script.txt")
        try Data("tick @100\nquit @200\n".utf8).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Pageturn.binary)
        process.arguments = ["read", "--headless", "--script", script.path, book.path,
                             "--state-dir", folder.appendingPathComponent("state").path,
                             "--cache-dir", folder.appendingPathComponent("cache").path]
        var environment = ProcessInfo.processInfo.environment
        environment["PAGETURN_TRACE"] = "1"
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        // The trace's "book opened" comes once the handlers are installed and the book read:
        // the first page is being laid out.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("book opened") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        process.terminate()
        process.waitUntilExit()
        // Ended by the signal: through the reader's handler (status 128 + 15), or by its default
        // action if it came before the handler was installed; never a run to its end.
        let byHandler = process.terminationReason == .exit && process.terminationStatus == 128 + SIGTERM
        let byDefault = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM
        #expect(byHandler || byDefault,
                "\(process.terminationReason) \(process.terminationStatus): \(String(decoding: seen, as: UTF8.self))")
    }
}
