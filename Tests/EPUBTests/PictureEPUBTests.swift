import EPUB
import Foundation
import FuzzTargets
import Pagination
import Testing

/// An EPUB's pictures become picture blocks sized by their files' headers and their style, and
/// its cover opens the book.
@Suite("EPUB pictures")
struct PictureEPUBTests {
    static let png = PictureHeaderTests.png(width: 40, height: 20)

    func book(_ body: String, css: String = "", files: [String: [UInt8]] = ["OEBPS/red.png": png],
              manifestExtra: String = "") throws -> EPUBBook {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml(body, head: "<title>t</title><link href=\"style.css\" rel=\"stylesheet\"/>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        // The pictures are in the manifest, as a book's resources must be to be used.
        epub.manifestExtra = manifestExtra + files.keys.sorted().enumerated().map { k, path in
            "<item id=\"picture\(k)\" href=\"\(path.dropFirst("OEBPS/".count))\" media-type=\"image/png\"/>"
        }.joined()
        epub.extra = [("OEBPS/style.css", Array(css.utf8))] + files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try EPUBBook.open(path: try epub.write())
    }

    @Test("an img is a picture block between its paragraph's parts, sized by its file, with its alt text")
    func img() throws {
        let book = try book("<p>Before <img src=\"red.png\" alt=\"A red square\"/> after.</p>")
        #expect(book.text.string(0..<book.text.scalarCount) == "Before\n\u{FFFC}\nafter.\n")
        let picture = try #require(book.structure.pictures.first)
        #expect(picture.source == "OEBPS/red.png" && picture.pixelWidth == 40 && picture.pixelHeight == 20)
        #expect(picture.alternative == "A red square")
        #expect(book.structure.block(holding: picture.start)?.role == .picture)
        #expect(book.structure.blocks.last?.unindented == true, "the paragraph goes on after it")
    }

    @Test("the style's width, height and maximums reach the picture")
    func styled() throws {
        let book = try book("<p><img class=\"half\" src=\"red.png\"/></p><p><img src=\"red.png\" height=\"100\"/></p>",
                            css: "img.half { width: 50%; max-height: 10em; }")
        let pictures = book.structure.pictures
        #expect(pictures.count == 2)
        #expect(pictures[0].width == .percent(50) && pictures[0].maxHeight == .ems(10))
        #expect(pictures[1].height == .ems(100.0 / 16), "an HTML height attribute, in CSS px")
    }

    @Test("a picture's float reaches it; one not floated floats to no side")
    func floated() throws {
        let book = try book("<img class=\"l\" src=\"red.png\"/><p>Beside.</p><img style=\"float: right\" src=\"red.png\"/><img src=\"red.png\"/>",
                            css: "img.l { float: left }")
        #expect(book.structure.pictures.map(\.floatSide) == [.left, .right, .none])
    }

    @Test("a small picture among words stays in its paragraph, on the baseline; a block or a larger one is a block")
    func inline() throws {
        let icon = PictureHeaderTests.png(width: 12, height: 12)
        let book = try book("<p>A star <img src=\"icon.png\" alt=\"*\"/> among words.</p><p><img class=\"b\" src=\"icon.png\"/></p>"
                            + "<p>Wide <img src=\"red.png\"/> one.</p>", css: "img.b { display: block }",
                            files: ["OEBPS/icon.png": icon, "OEBPS/red.png": Self.png],
                            manifestExtra: "<item id=\"icon\" href=\"icon.png\" media-type=\"image/png\"/>")
        #expect(book.text.string(0..<book.text.scalarCount) == "A star \u{FFFC} among words.\n\u{FFFC}\nWide\n\u{FFFC}\none.\n")
        #expect(book.structure.pictures.map(\.isInline) == [true, false, false])
        #expect(book.structure.generated.contains { $0.contains(book.structure.pictures[0].start) }, "not the book's words")
        let kept = try #require(EPUBCache.book(fromFileBytes: EPUBCache.fileBytes(of: book, key: 3), key: 3))
        #expect(kept.structure.pictures.map(\.isInline) == [true, false, false])
    }

    @Test("an SVG wrapping an image shows that image")
    func svgImage() throws {
        let book = try book("""
            <div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 20">
            <image width="40" height="20" xlink:href="red.png"/></svg></div><p>Text.</p>
            """)
        #expect(book.structure.pictures.map(\.source) == ["OEBPS/red.png"])
    }

    @Test("a missing picture, or one that is no picture, is a placeholder; a lying header is refused")
    func placeholders() throws {
        let huge = PictureHeaderTests.png(width: 100_000, height: 100_000)
        let book = try book("<p><img src=\"gone.png\"/><img src=\"text.png\"/><img src=\"huge.png\"/></p>",
                            files: ["OEBPS/text.png": Array("not a picture".utf8), "OEBPS/huge.png": huge])
        #expect(book.structure.pictures.count == 3)
        #expect(book.structure.pictures.allSatisfy { !$0.isKnown })
    }

    @Test("a list item that starts with a picture keeps both: the picture, then its marker on its text")
    func listItemPicture() throws {
        let book = try book("<ol><li><img src=\"red.png\"/>First item.</li></ol>")
        let picture = try #require(book.structure.pictures.first)
        #expect(book.structure.block(holding: picture.start)?.start == picture.start, "the picture's block starts at it")
        #expect(book.text.string(0..<book.text.scalarCount) == "\u{FFFC}\n1. First item.\n")
    }

    @Test("an SVG cover wrapper of 100% × 100% keeps its picture's shape")
    func svgWrapperShape() throws {
        let book = try book("""
            <div><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100%" height="100%"
            viewBox="0 0 40 20"><image width="40" height="20" xlink:href="red.png"/></svg></div>
            """)
        let picture = try #require(book.structure.pictures.first)
        #expect(picture.width == .percent(100) && picture.height == nil)
        let size = picture.usedSize(available: 600, pageHeight: 800, em: 16)
        #expect(size.width == 600 && size.height == 300)
    }

    @Test("a picture written into its document (a data: URL, an inline SVG) is shown from its own bytes")
    func embedded() throws {
        let png = PictureHeaderTests.png(width: 40, height: 20)
        let url = "data:image/png;base64," + Data(png).base64EncodedString()
        let book = try book("""
            <p><img src="\(url)" alt="embedded"/></p>
            <div><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 10"><rect width="30" height="10" fill="green"/></svg></div>
            <p><img src="data:image/png;base64,%%%not base64"/></p>
            """)
        let pictures = book.structure.pictures
        #expect(pictures.count == 3)
        #expect(pictures[0].source == url && pictures[0].pixelWidth == 40 && pictures[0].pixelHeight == 20)
        let svg = try #require(pictures.dropFirst().first)
        #expect(svg.source.hasPrefix("data:image/svg+xml;base64,") && svg.pixelWidth == 30 && svg.pixelHeight == 10)
        let files = EPUBFiles(path: "/nonexistent.epub")
        #expect(try files.data(at: url) == png, "its bytes come from the URL, never the archive")
        let markup = String(decoding: try files.data(at: svg.source), as: UTF8.self)
        #expect(markup.hasPrefix("<svg") && markup.contains("<rect"))
        #expect(!pictures[2].isKnown, "base64 that does not decode is a placeholder")
        // Percent-encoded data is octets, not text: a PNG's bytes come back as they were.
        let escaped = "data:image/png," + png.map { String(format: "%%%02X", $0) }.joined()
        #expect(try files.data(at: escaped) == png)
    }

    @Test("a picture the manifest does not list is not shown")
    func unlisted() throws {
        var epub = SmallEPUB()
        epub.documents = ["one.xhtml": SmallEPUB.xhtml("<p><img src=\"red.png\"/></p>")]
        epub.spine = "<itemref idref=\"one\"/>"
        epub.navigation = nil
        epub.extra = [("OEBPS/red.png", Self.png)]
        let book = try EPUBBook.open(path: try epub.write())
        #expect(book.structure.pictures.count == 1 && !book.structure.pictures[0].isKnown, "a placeholder, never the file")
    }

    @Test("the cover opens the book, filling its page: added before the text, or the first document's own")
    func cover() throws {
        let item = "<item id=\"cover\" href=\"red.png\" media-type=\"image/png\" properties=\"cover-image\"/>"
        let added = try book("<p>The text.</p>", manifestExtra: item)
        let first = try #require(added.structure.pictures.first)
        #expect(first.start == 0 && first.fillsPage && first.source == "OEBPS/red.png")
        #expect(added.structure.blocks.dropFirst().first?.breaksPage == true, "the text starts on the next page")
        let own = try book("<div><img src=\"red.png\" alt=\"Cover\"/></div><p>A title after it.</p>", manifestExtra: item)
        #expect(own.structure.pictures.count == 1 && own.structure.pictures[0].fillsPage)
        // The cover's page holds it alone: the text after it starts the next page.
        let map = Paginator(text: own.text, settings: LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16),
                            advances: AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16), structure: own.structure).paginate()
        #expect(map.pageCount == 2 && map.lines(onPage: 0).count == 1 && map.lines(onPage: 0).first?.flags.contains(.picture) == true)
        let misnamed = "<item id=\"cover\" href=\"one.xhtml\" media-type=\"application/xhtml+xml\" properties=\"cover-image\"/>"
        #expect(try book("<p>The text.</p>", manifestExtra: misnamed).structure.pictures.isEmpty,
                "a cover that names no picture adds no page")
    }
}
