import Dispatch
import Foundation
import Testing

/// The shelf as a person meets it: `pageturn read` with no book in a real window under Xvfb,
/// three books in the library, looked at with `xwd`, a cover clicked with `xdotool`.
@Suite("The shelf in a real window", .serialized)
struct ShelfWindowTests {
    static let width = 900, height = 700
    static let paper: UInt32 = 0xFAF8F2  // Theme.paper's background

    /// The reader started as a person starts it, its trace on standard error read line by line.
    final class Reader {
        let process = Process()
        private let lines = LineQueue()

        init(_ arguments: [String], environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: Pageturn.binary)
            process.arguments = arguments
            var env = ProcessInfo.processInfo.environment
            env.merge(environment) { $1 }
            env["PAGETURN_TRACE"] = "1"
            process.environment = env
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            let queue = lines
            err.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty { handle.readabilityHandler = nil; queue.close() } else { queue.add(data) }
            }
            try process.run()
        }

        /// Waits until a line of the trace contains `text` (the reader's own report that it
        /// reached that point); fails after a minute with what it said.
        func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try #require(lines.waitFor(text, timeout: 60), "the reader never said '\(text)': \(lines.all)",
                         sourceLocation: sourceLocation)
        }
    }

    /// Runs `xdotool ARGS`, returning what it printed.
    @discardableResult
    static func xdotool(_ arguments: [String], display: [String: String]) throws -> String {
        let result = try Pageturn.run(["-c", "exec xdotool \"$@\"", "xdotool"] + arguments, environment: display, shell: true)
        try #require(result.status == 0, "xdotool \(arguments.joined(separator: " ")): \(result.stderr) (make test installs xdotool)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The window's title as a desktop shows it: its `_NET_WM_NAME` (UTF-8), read with xprop.
    static func title(_ window: String, display: [String: String]) throws -> String {
        let result = try Pageturn.run(["-c", "exec xprop -id \"$0\" _NET_WM_NAME", window], environment: display, shell: true)
        try #require(result.status == 0, "xprop: \(result.stderr) (make test installs x11-utils)")
        // _NET_WM_NAME(UTF8_STRING) = "War and Peace — PageTurn"
        guard let open = result.stdout.firstIndex(of: "\""), let close = result.stdout.lastIndex(of: "\""), open < close else {
            return result.stdout
        }
        return String(result.stdout[result.stdout.index(after: open)..<close])
    }

    static func screenshot(_ window: String, display: [String: String]) throws -> XWDScreenshot {
        let folder = try Pageturn.temporaryFolder()
        let file = folder.appendingPathComponent("shot.xwd")
        let result = try Pageturn.run(["-c", "exec xwd -silent -id \"$0\" -out \"$1\"", window, file.path], environment: display, shell: true)
        try #require(result.status == 0, "xwd: \(result.stderr) (make test installs x11-apps)")
        return try XWDScreenshot(Data(contentsOf: file))
    }

    @Test("three books on the shelf where its scene says, drawn; a click opens one at its page")
    func shelfInAWindow() throws {
        let server = try VirtualDisplay.start()
        defer { server.stop() }
        let library = try ShelfCommandTests.Library()
        let size = ["--width", "\(Self.width)", "--height", "\(Self.height)"]
        // Where the covers are, from the same shelf headless.
        let headless = try library.read("tick @0\n")
        let covers = try #require(headless["covers"] as? [[String: Any]])
        try #require(covers.count == 3, "\(headless)")

        let reader = try Reader(["read"] + size + library.places, environment: server.environment)
        defer { if reader.process.isRunning { reader.process.terminate() } }
        try reader.waitFor("settled")
        let window = try Self.xdotool(["search", "--sync", "--classname", "^pageturn$"], display: server.environment)
            .split(separator: "\n").first.map(String.init) ?? ""
        #expect(try Self.title(window, display: server.environment) == "PageTurn")
        let shelf = try Self.screenshot(window, display: server.environment)
        try #require(shelf.width == Self.width && shelf.height == Self.height, "the window is \(shelf.width) × \(shelf.height)")
        for cover in covers {
            let x = Int(cover["x"] as? Double ?? 0), y = Int(cover["y"] as? Double ?? 0)
            let w = Int(cover["width"] as? Double ?? 0), h = Int(cover["height"] as? Double ?? 0)
            let path = cover["path"] as? String ?? ""
            // The cover is drawn where the scene puts it: hardly any paper inside it…
            #expect(shelf.shareDiffering(from: Self.paper, x: x + 4, y: y + 4, width: w - 8, height: h - 8) > 0.9, "\(path): its cover")
            // …its title in ink below it, and paper in the gap beside it.
            #expect(shelf.shareDiffering(from: Self.paper, x: x, y: y + h + 4, width: w, height: 20) > 0.02, "\(path): its title")
            #expect(shelf.shareDiffering(from: Self.paper, x: x + w + 8, y: y, width: 10, height: h) < 0.01, "\(path): the gap")
        }
        // Sherlock Holmes's own cover (a dark photograph), not a lettered one: most of its
        // pixels are dark.
        let epub = try #require(covers.first { $0["path"] as? String == library.epub })
        let ex = Int(epub["x"] as? Double ?? 0), ey = Int(epub["y"] as? Double ?? 0)
        #expect(shelf.shareDiffering(from: 0x000000, x: ex + 10, y: ey + 10, width: 40, height: 40, tolerance: 70) < 0.5,
                "the EPUB's own cover picture is drawn")

        // A click on War and Peace opens it.
        let war = try #require(covers.first { $0["path"] as? String == library.gutenberg })
        let wx = war["x"] as? Double ?? 0, wy = war["y"] as? Double ?? 0
        let cx = Int(wx + (war["width"] as? Double ?? 0) / 2), cy = Int(wy + (war["height"] as? Double ?? 0) / 2)
        try Self.xdotool(["mousemove", "--window", window, "\(cx)", "\(cy)", "click", "1"], display: server.environment)
        try reader.waitFor("book shown: War and Peace")
        try reader.waitFor("settled")
        #expect(try Self.title(window, display: server.environment) == "War and Peace — PageTurn")
        let page = try Self.screenshot(window, display: server.environment)
        #expect(page.shareDiffering(from: Self.paper, x: cx - 40, y: cy - 40, width: 80, height: 80) < 0.3, "a page, not a cover")
        #expect(page.shareDiffering(from: Self.paper, x: 0, y: 0, width: Self.width, height: Self.height) > 0.003, "ink on the page")
        // Ctrl+Q, typed into the window (focused first: there is no window manager to give it focus).
        try Self.xdotool(["windowfocus", "--sync", window], display: server.environment)
        try Self.xdotool(["key", "ctrl+q"], display: server.environment)
        reader.process.waitUntilExit()
        #expect(reader.process.terminationStatus == 0)
        #expect(try library.shelf().first?["title"] as? String == "War and Peace", "the book read comes first")
    }
}

extension ShelfWindowTests {
    @Test("the window opens where it was last on the display, at its size; a size asked for opens centred")
    func windowComesBack() throws {
        let server = try VirtualDisplay.start()
        defer { server.stop() }
        let library = try ShelfCommandTests.Library()
        let book = ["read", library.gutenberg] + library.places
        func open(_ arguments: [String]) throws -> (Reader, String) {
            let reader = try Reader(arguments, environment: server.environment)
            try reader.waitFor("settled")
            let window = try Self.xdotool(["search", "--sync", "--classname", "^pageturn$"], display: server.environment)
                .split(separator: "\n").first.map(String.init) ?? ""
            return (reader, window)
        }
        func quit(_ reader: Reader, _ window: String) throws {
            try Self.xdotool(["windowfocus", "--sync", window], display: server.environment)
            try Self.xdotool(["key", "ctrl+q"], display: server.environment)
            reader.process.waitUntilExit()
            #expect(reader.process.terminationStatus == 0)
        }
        func geometry(_ window: String) throws -> String {
            try Self.xdotool(["getwindowgeometry", "--shell", window], display: server.environment)
                .split(separator: "\n").filter { !$0.hasPrefix("WINDOW=") && !$0.hasPrefix("SCREEN=") }.joined(separator: " ")
        }
        let (first, window) = try open(book)
        try Self.xdotool(["windowsize", "--sync", window, "640", "720"], display: server.environment)
        try Self.xdotool(["windowmove", "--sync", window, "40", "50"], display: server.environment)
        let moved = try geometry(window)
        #expect(moved == "X=40 Y=50 WIDTH=640 HEIGHT=720")
        try quit(first, window)
        // Again, on the shelf this time: the same place.
        let (second, again) = try open(["read"] + library.places)
        #expect(try geometry(again) == moved)
        try quit(second, again)
        // A size asked for wins, centred.
        let (third, asked) = try open(book + ["--width", "500", "--height", "600"])
        #expect(try geometry(asked).hasSuffix("WIDTH=500 HEIGHT=600"))
        try quit(third, asked)
    }
}

/// Lines of text arriving from another thread, waited for.
final class LineQueue: @unchecked Sendable {
    private let lock = NSCondition()
    private var text = ""
    private var closed = false

    func add(_ data: Data) {
        lock.lock()
        text += String(decoding: data, as: UTF8.self)
        lock.broadcast()
        lock.unlock()
    }

    func close() {
        lock.lock()
        closed = true
        lock.broadcast()
        lock.unlock()
    }

    var all: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }

    /// Whether a line containing `needle` arrived after those already waited past, within
    /// `timeout` seconds; the text up to that line is then consumed.
    func waitFor(_ needle: String, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let found = text.range(of: needle) {
                let end = text[found.upperBound...].firstIndex(of: "\n") ?? text.endIndex
                text.removeSubrange(..<end)
                return true
            }
            if closed || !lock.wait(until: deadline) { return false }
        }
    }
}
