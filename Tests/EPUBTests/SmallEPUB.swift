import Foundation
import FuzzTargets

/// Small EPUBs made by the tests: a well-formed EPUB 3 by default, each part replaceable to
/// make the broken ones a hostile book is.
struct SmallEPUB {
    var mimetype = "application/epub+zip"
    var container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """
    var metadata = """
        <dc:title id="t">The Small Book</dc:title>
        <dc:creator>Ann First</dc:creator>
        <dc:creator>Bob Second</dc:creator>
        <dc:language>en</dc:language>
        <dc:identifier id="uid">urn:uuid:1234</dc:identifier>
        """
    var spine = """
        <itemref idref="one"/><itemref idref="notes" linear="no"/><itemref idref="two"/>
        """
    var spineAttributes = ""
    /// Attributes of the package's root element besides its version and unique identifier.
    var packageAttributes = ""
    var manifestExtra = ""
    var documents: [String: String] = [
        "one.xhtml": SmallEPUB.xhtml("""
            <h1 id="start">Chapter One</h1>
            <p>It was a <em>dark</em> night.</p>
            <p>Then came the<br/>second line.</p>
            <hr/>
            <p id="later">After &nbsp;the   break.</p>
            """),
        "two.xhtml": SmallEPUB.xhtml("""
            <section><h2>Chapter Two</h2><h3>A section</h3><p>Text of two.</p>
            <ol><li>first</li><li>second</li></ol></section>
            """),
        "notes.xhtml": SmallEPUB.xhtml("<p id=\"n1\">A note.</p>"),
    ]
    var navigation: String? = SmallEPUB.xhtml("""
        <nav epub:type="toc"><ol>
          <li><a href="one.xhtml">Chapter One</a><ol><li><a href="one.xhtml#later">Later</a></li></ol></li>
          <li><a href="two.xhtml">Chapter Two</a></li>
        </ol></nav>
        """)
    /// Documents given as bytes (in the manifest as the others are), with the size their
    /// entry states when it is to lie.
    var rawDocuments: [String: (bytes: [UInt8], statedSize: Int?)] = [:]
    /// Extra entries, added as they are.
    var extra: [(name: String, bytes: [UInt8])] = []

    static func xhtml(_ body: String, head: String = "<title>t</title>") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en">
        <head>\(head)</head><body>\(body)</body></html>
        """
    }

    var package: String {
        let items = Set(documents.keys).union(rawDocuments.keys).sorted().map { name in
            "<item id=\"\(name.split(separator: ".")[0])\" href=\"\(name)\" media-type=\"application/xhtml+xml\"/>"
        }.joined(separator: "\n")
        let nav = navigation == nil ? "" : "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"\(packageAttributes)>
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\(metadata)</metadata>
              <manifest>\(items)\(nav)\(manifestExtra)</manifest>
              <spine\(spineAttributes)>\(spine)</spine>
            </package>
            """
    }

    var zip: ZipWriter {
        var zip = ZipWriter()
        zip.add("mimetype", mimetype, method: .stored)
        zip.add("META-INF/container.xml", container)
        zip.add("OEBPS/content.opf", package)
        if let navigation { zip.add("OEBPS/nav.xhtml", navigation) }
        for (name, text) in documents.sorted(by: { $0.key < $1.key }) where rawDocuments[name] == nil {
            zip.add("OEBPS/" + name, text)
        }
        for (name, raw) in rawDocuments.sorted(by: { $0.key < $1.key }) {
            zip.add("OEBPS/" + name, raw.bytes, statedSize: raw.statedSize)
        }
        for (name, bytes) in extra { zip.add(name, bytes) }
        return zip
    }

    /// Writes the book to a new temporary file and returns its path.
    func write(_ zip: ZipWriter? = nil) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("small-\(UUID().uuidString).epub")
        try Data((zip ?? self.zip).bytes).write(to: url)
        return url.path
    }
}
