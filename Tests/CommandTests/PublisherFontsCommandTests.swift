import Foundation
import Testing
import TestSupport

/// `--publisher-fonts`: a book's own typefaces set the text that names them, the reader's
/// chosen face sets the body in their place, and off turns them all off.
@Suite("The book's own fonts in the commands")
struct PublisherFontsCommandTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"

    /// An unzipped EPUB whose body is set in "Body Face" and headings in "Display Face" (DejaVu
    /// Sans and its bold, copied into the book).
    static func book() throws -> URL {
        try FolderEPUB(documents: ["<h1>Heading</h1><p>The body text.</p>"], css: """
            @font-face { font-family: "Body Face"; src: url(fonts/body.ttf); }
            @font-face { font-family: "Display Face"; src: url(fonts/display.ttf); }
            body { font-family: "Body Face", serif; }
            h1 { font-family: "Display Face", sans-serif; }
            """, copies: [("fonts/body.ttf", dejaVu + "DejaVuSans.ttf"), ("fonts/display.ttf", dejaVu + "DejaVuSans-Bold.ttf")]).write()
    }

    /// Each line's text and the files of the faces its runs are set in (last path component).
    static func faces(_ book: URL, _ options: [String]) throws -> [String: Set<String>] {
        let cache = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try Pageturn.run(["layout", book.path, "--json", "-"] + options, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var faces: [String: Set<String>] = [:]
        for line in json["lines"] as? [[String: Any]] ?? [] {
            let text = (line["text"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let runs = line["runs"] as? [[String: Any]] ?? []
            faces[text, default: []].formUnion(runs.compactMap { ($0["font"] as? String)?.split(separator: "/").last.map(String.init) })
        }
        return faces
    }

    @Test("on (the default): the heading in the display face, the body in the body face")
    func on() throws {
        let book = try Self.book()
        defer { try? FileManager.default.removeItem(at: book) }
        let faces = try Self.faces(book, [])
        #expect(faces["Heading"] == ["display.ttf"], "\(faces)")
        #expect(faces["The body text."] == ["body.ttf"], "\(faces)")
    }

    @Test("a face chosen with --font sets the body; the heading keeps its own; off sets everything in the reader's faces")
    func chosenAndOff() throws {
        let book = try Self.book()
        defer { try? FileManager.default.removeItem(at: book) }
        let chosen = try Self.faces(book, ["--font", Self.dejaVu + "DejaVuSerif.ttf"])
        #expect(chosen["Heading"] == ["display.ttf"], "\(chosen)")
        #expect(chosen["The body text."] == ["DejaVuSerif.ttf"], "\(chosen)")
        let off = try Self.faces(book, ["--publisher-fonts", "off"])
        #expect(off.values.allSatisfy { $0.isDisjoint(with: ["display.ttf", "body.ttf"]) } && !off.isEmpty, "\(off)")
    }
}
