import Foundation
import Fonts
import PageTurner
import Pagination
import Reader
import ReaderState
import Synchronization

/// What the session and rendering tests share: the sample book, the fonts, sessions on them.
public enum ReaderFixture {
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    public static func book(_ name: String = "alice-excerpt.txt") throws -> Book {
        let data = try Data(contentsOf: repository.appendingPathComponent("assets/books/\(name)"))
        return Book(text: BookText(normalizedUTF8: [UInt8](data)), title: "Alice's Adventures in Wonderland")
    }

    /// The default book faces (Noto Serif and Noto Serif CJK SC), found with fontconfig; one
    /// set for the whole test process, as the reader keeps one, so that HarfBuzz's tables of
    /// its faces are built once.
    public static func fonts() throws -> FontSet {
        guard let set = sharedFonts else { throw Missing("no book face installed (fonts-noto-core, fonts-noto-cjk)") }
        return set
    }

    private static let sharedFonts: FontSet? = {
        do { return try FontLocator()?.defaultFontSet() } catch { return nil }
    }()

    /// Something a test needs is not on this machine.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// A session on the sample book with exact pages (no background pass), no page cache.
    public static func session(width: Int = 800, height: Int = 1000, curl: CurlModel = .classic,
                               configure: (inout ReaderStart) -> Void = { _ in }) throws -> ReaderSession {
        var start = ReaderStart()
        start.backgroundLayout = false
        start.pageCache = nil
        start.preferences.curl = curl
        configure(&start)
        return ReaderSession(book: try book(), fonts: try fonts(),
                             pageSize: Size(width: Double(width), height: Double(height)), start: start)
    }
}

/// A fresh state folder for one test (created by the first save or `plant`), removed when
/// the test lets go of it.
public final class StateFolder {
    public let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-state-\(UUID().uuidString)")

    public init() {}

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A store in the folder.
    public var store: StateStore { StateStore(directory: url) }

    /// Puts `data` where the state of `key` is saved.
    public func plant(_ data: Data, for key: BookKey) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try data.write(to: store.fileURL(for: key))
    }

    /// The names in the folder, sorted.
    public var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}

/// Lines a `SessionPersistence` reports, collected from whichever thread reports them
/// (its writer's queue, for a failed save): read them after `flush()`.
public final class Reports: Sendable {
    private let collected = Mutex<[String]>([])

    public init() {}

    public func append(_ line: String) { collected.withLock { $0.append(line) } }

    public var lines: [String] { collected.withLock { $0 } }
}
