@preconcurrency import Glibc
import Foundation

/// `--only shelf`: a generated library of 10,000 books (9,000 Gutenberg-style texts and 1,000
/// unzipped EPUBs, in 100 folders) among 30,000 files that are not books. Measured as whole
/// processes: `pageturn shelf --json` the first time (every book read into the catalog) and
/// again (the catalog kept: target ≤ 1 s, issue 42), and the shelf's first frame in
/// `read --headless` with the catalog kept (≤ 1 s too); the peak memory of paging through the
/// whole shelf, covers drawn as they come into view, against its first frame (bounded).
enum ShelfBenchmark {
    static let texts = 9_000
    static let epubs = 1_000
    static let others = 30_000

    static func run(pageturn me: String) -> [String] {
        var lines = ["Shelf (\(texts + epubs) books in 100 folders among \(others) other files):"]
        guard let scratch = try? BenchScratch.folder() else { return lines + ["  not measured: no scratch folder"] }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let library = scratch.appendingPathComponent("library")
        do {
            try write(library)
        } catch {
            return lines + ["  not measured: \(error)"]
        }
        let places = ["--library", library.path, "--cache-dir", scratch.appendingPathComponent("cache").path,
                      "--state-dir", scratch.appendingPathComponent("state").path]
        let first = ProcessBenchmark.spawnAndWait(me, ["shelf", "--json", "/dev/null"] + places)
        let again = ProcessBenchmark.median(me, ["shelf", "--json", "/dev/null"] + places, runs: 5)
        lines.append(String(format: "  pageturn shelf --json: first scan %.0f ms (every book read), again %.0f ms (target ≤ 1000) ",
                            first, again) + FrameBenchmark.verdict(again <= 1000))
        let read = ["read", "--headless", "--script", "-", "--width", "1280", "--height", "900"] + places
        let shown = ProcessBenchmark.median("/bin/sh", ["-c", "echo 'tick @0' | \"$0\" \"$@\"", me] + read, runs: 5)
        lines.append(String(format: "  the shelf's first frame (read --headless, the whole process): %.0f ms (target ≤ 1000) ", shown)
                     + FrameBenchmark.verdict(shown <= 1000))
        let pages = (1...200).map { "press PageDown @\($0 * 20)" }.joined(separator: "\n")
        if let alone = PictureMemoryBenchmark.peakMegabytes(me, read, input: "tick @0\n"),
           let whole = PictureMemoryBenchmark.peakMegabytes(me, read, input: pages + "\n") {
            lines.append(String(format: "  peak memory: the first frame %.0f MB, paged through to the end %.0f MB (bounded: "
                                + "covers kept for those in view and about) ", alone, whole) + FrameBenchmark.verdict(whole - alone <= 120))
        } else {
            lines.append("  peak memory not measured: the reader failed")
        }
        return lines
    }

    /// The library: texts with a Gutenberg header, unzipped EPUBs with a title and an author,
    /// and files that are not books (a photograph's name, notes), spread over 100 folders.
    static func write(_ library: URL) throws {
        let files = FileManager.default
        for folder in 0..<100 {
            try files.createDirectory(at: library.appendingPathComponent("shelf-\(folder)"), withIntermediateDirectories: true)
        }
        func folder(_ k: Int) -> URL { library.appendingPathComponent("shelf-\(k % 100)") }
        for k in 0..<texts {
            let text = "Title: Generated Book \(k)\n\nAuthor: Author \(k % 997)\n\nLanguage: English\n\n"
                + String(repeating: "It was a line of book \(k), one of many.\n", count: 40)
            try Data(text.utf8).write(to: folder(k).appendingPathComponent("book-\(k).txt"))
        }
        for k in 0..<epubs {
            let book = folder(k).appendingPathComponent("epub-\(k)")
            try files.createDirectory(at: book.appendingPathComponent("META-INF"), withIntermediateDirectories: true)
            try Data("application/epub+zip".utf8).write(to: book.appendingPathComponent("mimetype"))
            try Data("""
                <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """.utf8).write(to: book.appendingPathComponent("META-INF/container.xml"))
            try Data("""
                <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
                <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Generated EPUB \(k)</dc:title>
                <dc:creator>Writer \(k % 331)</dc:creator><dc:language>en</dc:language><dc:identifier id="id">g\(k)</dc:identifier>
                </metadata><manifest><item id="t" href="t.xhtml" media-type="application/xhtml+xml"/></manifest>
                <spine><itemref idref="t"/></spine></package>
                """.utf8).write(to: book.appendingPathComponent("content.opf"))
            try Data("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Book \(k).</p></body></html>".utf8)
                .write(to: book.appendingPathComponent("t.xhtml"))
        }
        for k in 0..<others {
            try Data("not a book \(k)".utf8).write(to: folder(k).appendingPathComponent(k % 2 == 0 ? "photo-\(k).jpg" : "notes-\(k).md"))
        }
    }
}
