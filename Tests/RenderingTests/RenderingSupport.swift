import Foundation
import Fonts
import PageTurner
import Pagination
import ReaderState
import Rendering
import Synchronization
import Testing

/// Every rendering test runs inside this suite, one at a time: SDL is used from one thread.
@Suite(.serialized) enum Rendering {}

/// What the tests share: the sample book, the fonts, SDL on its dummy driver.
enum Fixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func book(_ name: String = "alice-excerpt.txt") throws -> Book {
        let data = try Data(contentsOf: repository.appendingPathComponent("assets/books/\(name)"))
        return Book(text: BookText(normalizedUTF8: [UInt8](data)), title: "Alice's Adventures in Wonderland")
    }

    static func fonts() throws -> FontSet {
        let locator = try #require(FontLocator())
        return try #require(try locator.defaultFontSet(), "no font installed (fonts-dejavu-core)")
    }

    /// A session on the sample book with exact pages (no background pass), no page cache.
    static func session(width: Int = 800, height: Int = 1000, curl: CurlModel = .classic,
                        configure: (inout ReaderStart) -> Void = { _ in }) throws -> ReaderSession {
        try SDLRuntime.start(headless: true)
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        start.preferences.curl = curl
        configure(&start)
        return ReaderSession(book: try book(), fonts: try fonts(),
                             pageSize: Size(width: Double(width), height: Double(height)), start: start)
    }

    /// Draws page `page` still, or turning towards `incoming` at `pose`.
    static func render(_ session: ReaderSession, page: Int, incoming: Int = -1, pose: TurnPose? = nil) throws -> Frame {
        let size = session.pageSize
        let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height))
        session.drawTurn(pose: pose, from: page, to: incoming, on: canvas)
        return canvas.readPixels()
    }
}

/// A fresh state folder for one test (created by the first save or `plant`), removed when
/// the test lets go of it.
final class StateFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-state-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A store in the folder.
    var store: StateStore { StateStore(directory: url) }

    /// Puts `data` where the state of `key` is saved.
    func plant(_ data: Data, for key: BookKey) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try data.write(to: store.fileURL(for: key))
    }

    /// The names in the folder, sorted.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}

/// Lines a `SessionPersistence` reports, collected from whichever thread reports them
/// (its writer's queue, for a failed save): read them after `flush()`.
final class Reports: Sendable {
    private let collected = Mutex<[String]>([])

    func append(_ line: String) { collected.withLock { $0.append(line) } }

    var lines: [String] { collected.withLock { $0 } }
}

extension Frame {
    /// Whether (x, y) is ink: clearly darker than the paper.
    func isInk(_ x: Int, _ y: Int, below threshold: Double = 160) -> Bool { luminance(x: x, y: y) < threshold }

    /// The number of ink pixels in a rectangle.
    func inkCount(x: Range<Int>, y: Range<Int>, below threshold: Double = 160) -> Int {
        var n = 0
        for yy in y { for xx in x where isInk(xx, yy, below: threshold) { n += 1 } }
        return n
    }

    /// The darkest luminance in a rectangle.
    func darkest(x: Range<Int>, y: Range<Int>) -> Double {
        var d = 255.0
        for yy in y { for xx in x { d = min(d, luminance(x: xx, y: yy)) } }
        return d
    }
}
