import Foundation
import Testing
import TestSupport

/// A tap on a note's reference shows the note over the page; the note owns the pointer, and a
/// tap outside it, Esc or Backspace closes it.
@Suite("Notes in the reader")
struct NoteCommandTests {
    /// A book whose first page ends in a reference to an aside footnote, with enough text
    /// after it for several pages.
    static func book() throws -> URL {
        let filler = (1...60).map { "<p>Paragraph \($0) of the text that follows, long enough to fill a line or two of a page.</p>" }
        return try FolderEPUB(documents: [
            "<p><a href=\"#n1\" epub:type=\"noteref\">NOTEREF</a> opens a note.</p>"
                + "<aside epub:type=\"footnote\" id=\"n1\"><p>The footnote's own text.</p></aside>" + filler.joined(),
        ]).write()
    }

    /// `read --headless` of the book at 600 × 800 with `script`: its summary.
    static func read(_ book: URL, _ script: String) throws -> [String: Any] {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Pageturn.run(["read", book.path, "--headless", "--script", "-", "--state-dir", folder.path,
                                       "--width", "600", "--height", "800"], stdin: script,
                                      environment: ["XDG_CACHE_HOME": folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// A tap on the reference (the first words of the first line).
    static let tapReference = "down 90 50 @500\nup 90 50 @560\n"

    @Test("a tap on the reference shows the note, not in the flow; the page stays")
    func shows() throws {
        let book = try Self.book()
        defer { try? FileManager.default.removeItem(at: book) }
        let summary = try Self.read(book, Self.tapReference + "tick @900\n")
        let note = try #require(summary["note"] as? [String: Any], "\(summary)")
        #expect(note["text"] as? String == "The footnote's own text.")
        #expect((note["href"] as? String)?.hasSuffix("d0.xhtml#n1") == true)
        #expect(summary["page"] as? Int == 1)
    }

    @Test("a drag over the note turns no page; a tap outside, Esc and Backspace close it")
    func ownsThePointerAndCloses() throws {
        let book = try Self.book()
        defer { try? FileManager.default.removeItem(at: book) }
        // A leftward drag across the note's box, low on the page, where the note is.
        let drag = "down 500 700 @1000\nmove 300 700 @1050\nmove 100 700 @1100\nup 100 700 @1150\ntick @1800\n"
        let dragged = try Self.read(book, Self.tapReference + drag)
        #expect(dragged["page"] as? Int == 1 && dragged["note"] != nil, "\(dragged)")
        for close in ["down 300 60 @1000\nup 300 60 @1060\n", "press Escape @1000\n", "press BackSpace @1000\n"] {
            let closed = try Self.read(book, Self.tapReference + close + "tick @1500\n")
            #expect(closed["note"] == nil && closed["page"] as? Int == 1, "\(close): \(closed)")
        }
    }
}
