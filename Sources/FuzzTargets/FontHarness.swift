import Fonts
import Foundation
import Pagination

/// Opens arbitrary bytes as a book's own font (`FontFace(bytes:name:)`: OpenType, TrueType,
/// WOFF, WOFF2, unwrapped for HarfBuzz), and when they open, shapes a line with it and
/// measures it: a font that is no font is refused with a `FontError`, and one that opens gives
/// finite glyphs for every character, however its tables lie.
enum FontHarness {
    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        let face: FontFace
        do {
            face = try FontFace(bytes: bytes, name: "book.epub/fuzz.ttf")
        } catch {
            return  // refused as documented
        }
        try expect(face.unitsPerEM > 0 && face.path == "book.epub/fuzz.ttf", "font: opened with \(face.unitsPerEM) units per em")
        let set = FontSet(primary: face)
        let text = "Waffles, office ﬁ — 123 Ωמ".unicodeScalars.map(\.value)
        var glyphs: [ShapedGlyph] = []
        text.withUnsafeBufferPointer {
            set.shaper(pixelSize: 16).shape($0, rightToLeft: false, language: nil, faceBefore: 0, into: &glyphs)
        }
        try expect(!glyphs.isEmpty, "font: no glyphs for a line of text")
        for glyph in glyphs {
            try expect([glyph.advance, glyph.xOffset, glyph.yOffset].allSatisfy(\.isFinite), "font: a glyph placed at \(glyph)")
            try expect(Int(glyph.cluster) < text.count, "font: cluster \(glyph.cluster) past the text")
        }
        let metrics = face.metrics(pixelSize: 16)
        try expect(metrics.lineHeight.isFinite && metrics.ascender.isFinite, "font: metrics \(metrics)")
    }

    /// A real font (DejaVu Sans, from Debian's fonts-dejavu-core) as it is, wrapped as WOFF,
    /// and cut short; nothing where the machine lacks it.
    static var seeds: [(name: String, bytes: [UInt8])] {
        guard let font = FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").map(Array.init)
        else { return [] }
        return [("dejavu sans", font), ("dejavu sans as woff", WOFFWriter.woff(of: font)), ("cut short", Array(font.prefix(4096)))]
    }
}
