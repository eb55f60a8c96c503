import Foundation
import Testing

/// The command links `FoundationEssentials` only: one `import Foundation` in a module the
/// `pageturn` binary links brings the whole of Foundation (ICU's data among it) back into
/// every start, about 1 ms (see docs/design-notes.md, SDLLoader's paragraph).
@Suite("What the command links")
struct ProductImportsTests {
    /// The modules the `pageturn` executable is built from.
    static let productModules = ["TextDecoding", "FileWriting", "WorkerThreads", "Pagination", "PageTurner", "GestureLab",
                                 "Fonts", "ReaderState", "Reader", "Rendering", "SDLLoader", "CSS", "EPUB", "pageturn"]

    @Test func noModuleOfTheCommandImportsFoundationWhole() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var checked = 0
        for module in Self.productModules {
            let folder = sources.appendingPathComponent(module)
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    #expect(!(words.contains("import") && words.last == "Foundation"), "\(module)/\(file): \(line)")
                }
                checked += 1
            }
        }
        #expect(checked > 100, "the sources were found")
    }
}
