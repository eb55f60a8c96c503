import Foundation
import TestSupport

/// An unzipped EPUB written by a test into a folder of its own: one spine document per body
/// given, a style sheet, and files copied in (fonts).
struct FolderEPUB {
    var documents: [String] = []
    var css = ""
    /// Files copied into the book: their path in `OEBPS/` and the file to copy.
    var copies: [(path: String, from: String)] = []

    /// Writes the book and returns its folder.
    func write() throws -> URL {
        let folder = try Pageturn.temporaryFolder()
        func write(_ path: String, _ text: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("mimetype", "application/epub+zip")
        try write("META-INF/container.xml", """
            <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """)
        let items = documents.indices.map { "<item id=\"d\($0)\" href=\"d\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }
            + copies.enumerated().map { "<item id=\"f\($0.offset)\" href=\"\($0.element.path)\" media-type=\"font/ttf\"/>" }
        try write("OEBPS/content.opf", """
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Test book</dc:title><dc:language>en</dc:language>
            <dc:identifier id="uid">\(folder.lastPathComponent)</dc:identifier></metadata>
            <manifest>\(items.joined())<item id="css" href="style.css" media-type="text/css"/></manifest>
            <spine>\(documents.indices.map { "<itemref idref=\"d\($0)\"/>" }.joined())</spine></package>
            """)
        try write("OEBPS/style.css", css)
        for (k, body) in documents.enumerated() {
            try write("OEBPS/d\(k).xhtml", """
                <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" \
                xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title>
                <link rel="stylesheet" href="style.css"/></head><body>\(body)</body></html>
                """)
        }
        for copy in copies {
            let target = folder.appendingPathComponent("OEBPS/" + copy.path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: copy.from, toPath: target.path)
        }
        return folder
    }
}
