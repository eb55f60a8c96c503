import Foundation
import FuzzTargets
import Pagination
import Testing
@testable import Fonts

/// A book's own typefaces: fonts opened from memory (WOFF unwrapped for HarfBuzz), the text
/// that names a typeface set in its faces, its missing characters in the reader's.
@Suite("Book typefaces")
struct BookTypefaceTests {
    /// The book's files, from memory.
    final class Files: BookFiles, @unchecked Sendable {
        let files: [String: [UInt8]]
        var reads: [String: Int] = [:]
        init(_ files: [String: [UInt8]]) { self.files = files }
        func data(at path: String) throws -> [UInt8] {
            reads[path, default: 0] += 1
            guard let bytes = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return bytes
        }
        func displayName(of path: String) -> String { "book.epub/" + path }
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let sansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// The glyphs HarfBuzz gives `text` in the set's face for `style`.
    static func shaped(_ text: String, _ set: FontSet, style: FaceStyle) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        let scalars = text.unicodeScalars.map(\.value)
        scalars.withUnsafeBufferPointer {
            set.shaper(pixelSize: 20).shape($0, rightToLeft: false, language: nil, faceBefore: 0, style: style, into: &glyphs)
        }
        return glyphs
    }

    @Test("a font opened from memory is the font its file is: the same family, glyphs and shapes")
    func fromMemory() throws {
        let file = try FontFace(path: Self.sans)
        let memory = try FontFace(bytes: try Self.bytes(Self.sans), name: "book.epub/fonts/sans.ttf")
        #expect(memory.familyName == file.familyName && memory.glyphCount == file.glyphCount)
        #expect(memory.path == "book.epub/fonts/sans.ttf" && memory.bytes != nil && file.bytes == nil)
        let a = Self.shaped("Waffle", FontSet(primary: file), style: [])
        let b = Self.shaped("Waffle", FontSet(primary: memory), style: [])
        #expect(a.map(\.id) == b.map(\.id) && a.map(\.advance) == b.map(\.advance) && !a.isEmpty)
    }

    @Test("a WOFF font is unwrapped into the OpenType font it holds, which HarfBuzz shapes as the original")
    func woff() throws {
        let original = try Self.bytes(Self.sans)
        let face = try FontFace(bytes: WOFFWriter.woff(of: original), name: "sans.woff")
        let bytes = try #require(face.bytes)
        #expect(Array(bytes.buffer.prefix(4)) == [0, 1, 0, 0], "an sfnt, not a WOFF")
        let a = Self.shaped("office", FontSet(primary: try FontFace(path: Self.sans)), style: [])
        let b = Self.shaped("office", FontSet(primary: face), style: [])
        #expect(a.map(\.id) == b.map(\.id) && a.map(\.advance) == b.map(\.advance), "ligatures and advances survive")
    }

    @Test("bytes that are no font, or a font cut short, are refused in a line naming the book's file")
    func notFonts() throws {
        #expect(throws: FontError.notAFont(path: "book.epub/x.ttf")) {
            try FontFace(bytes: Array("not a font at all".utf8), name: "book.epub/x.ttf")
        }
        #expect(throws: FontError.self) { try FontFace(bytes: Array(try Self.bytes(Self.sans).prefix(5000)), name: "cut.ttf") }
        #expect(throws: FontError.self) { try FontFace(bytes: Array("wOF2 and then nothing".utf8), name: "w.woff2") }
        #expect(throws: FontError.self) { try FontFace(bytes: [], name: "empty.ttf") }
    }

    @Test("text in a typeface is set in its face of its style, the nearest it has otherwise, its missing characters in the reader's")
    func typefaceFaces() throws {
        let primary = try FontFace(path: "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf")
        let files = Files(["f/sans.ttf": try Self.bytes(Self.sans), "f/bold.ttf": try Self.bytes(Self.sansBold)])
        let typeface = DocumentStructure.Typeface(family: "Sans", faces: [
            .init(sources: ["f/missing.ttf", "f/sans.ttf"], italic: false, bold: false),
            .init(sources: ["f/bold.ttf"], italic: false, bold: true),
        ])
        let opened = BookTypefaces.open([typeface], files: files)
        #expect(opened.failures.count == 1 && opened.failures[0].hasPrefix("book.epub/f/missing.ttf: "), "\(opened.failures)")
        let cjk = try FontFace(path: TestFonts.wqyMicroHei)
        let set = FontSet(primary: primary, cjk: cjk).withTypefaces(opened.faces)
        let regular = try #require(set.harfBuzz.face(for: .typeface(1)))
        let bold = try #require(set.harfBuzz.face(for: FaceStyle.typeface(1).union(.bold)))
        #expect(set.faces[regular].familyName == "DejaVu Sans" && !set.faces[regular].isBold)
        #expect(set.faces[bold].isBold)
        #expect(set.harfBuzz.face(for: FaceStyle.typeface(1).union(.italic)) == regular, "no italic: the regular")
        #expect(set.harfBuzz.face(for: .typeface(2)) == nil, "a typeface the book does not have is the reader's")
        // A Latin letter stays in the typeface; a Han character DejaVu Sans lacks goes to the
        // reader's faces by coverage (the CJK face, the set's second).
        let glyphs = Self.shaped("Ab", set, style: .typeface(1))
        #expect(glyphs.allSatisfy { Int($0.font) == regular })
        let mixed = Self.shaped("A\u{4E2D}", set, style: .typeface(1))
        #expect(mixed.count == 2 && Int(mixed[0].font) == regular && mixed[1].font == 1)
        #expect(set.harfBuzz.typefaceMask == 0b10, "typeface 1 has faces")
    }

    @Test("a source is read once however many faces name it; the body's typeface is left out when the reader chose a face")
    func openingOnce() throws {
        let files = Files(["f/sans.ttf": try Self.bytes(Self.sans)])
        let body = DocumentStructure.Typeface(family: "Body", faces: [.init(sources: ["f/sans.ttf"], italic: false, bold: false)],
                                              setsBody: true)
        let heading = DocumentStructure.Typeface(family: "Heading", faces: [.init(sources: ["f/sans.ttf"], italic: false, bold: false),
                                                                           .init(sources: ["f/sans.ttf"], italic: true, bold: false)])
        let both = BookTypefaces.open([body, heading], files: files)
        #expect(files.reads["f/sans.ttf"] == 1 && both.failures.isEmpty)
        #expect(both.faces.count == 2 && both.faces.allSatisfy { $0 != nil })
        let chosen = BookTypefaces.open([body, heading], files: files, replacingBody: true)
        #expect(chosen.faces.count == 2 && chosen.faces[0] == nil && chosen.faces[1] != nil)
    }

    @Test("the set's fingerprint follows the book's fonts: other bytes, another fingerprint")
    func fingerprint() throws {
        let primary = try FontFace(path: "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf")
        func set(_ path: String) throws -> FontSet {
            var faces = TypefaceFaces()
            faces.add(try FontFace(bytes: try Self.bytes(path), name: "book.epub/f.ttf"), italic: false, bold: false)
            return FontSet(primary: primary).withTypefaces([faces])
        }
        #expect(try set(Self.sans).fingerprint == set(Self.sans).fingerprint)
        #expect(try set(Self.sans).fingerprint != set(Self.sansBold).fingerprint)
        #expect(try set(Self.sans).fingerprint != FontSet(primary: primary).fingerprint)
    }
}
