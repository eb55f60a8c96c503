import Foundation
import TestSupport

/// A library folder made by a test: books copied from the shared corpus, text files written,
/// links and folders made, removed at the end of the test.
final class LibraryFixture {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The absolute path of `relative` inside the fixture.
    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Writes `text` (UTF-8) at `relative`, making its folders.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Copies a shared EPUB (`../shared/epub/books/NAME`) to `relative`.
    @discardableResult
    func copyEPUB(_ name: String, to relative: String) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: SharedData.root + "/epub/books/" + name, toPath: url.path)
        return url.path
    }

    /// A symbolic link at `relative` to `target` (as given: relative or absolute).
    func link(_ relative: String, to target: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// A Project Gutenberg text's opening, then `body`.
    static func gutenberg(title: String, author: String, language: String = "English", body: String = "It begins.\n") -> String {
        "The Project Gutenberg eBook of \(title)\n\nTitle: \(title)\n\nAuthor: \(author)\n\nLanguage: \(language)\n\n\(body)"
    }
}
