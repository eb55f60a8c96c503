import Fonts
import Foundation
import Pagination
import Testing

/// What the font panel lists and shows: every installed family once with its regular face,
/// each family's row in its own face (or a few of its own letters when it lacks those of its
/// name), and a text face without Latin letters still setting a book's Latin text.
@Suite struct InstalledFamiliesTests {
    static let noto = "/usr/share/fonts/truetype/noto/"

    @Test func eachFamilyIsListedOnceWithItsRegularFace() throws {
        let families = try #require(FontLocator()).installedFamilies()
        #expect(Set(families.map(\.name)).count == families.count, "each family once")
        #expect(families.map { $0.name.lowercased() } == families.map { $0.name.lowercased() }.sorted(), "sorted by name")
        let serif = try #require(families.first { $0.name == "Noto Serif" })
        #expect(serif.regular.path.hasSuffix("/NotoSerif-Regular.ttf"), "not the bold, the italic or a condensed cut: \(serif.regular)")
        let dejaVu = try #require(families.first { $0.name == "DejaVu Sans" })
        #expect(dejaVu.regular.path.hasSuffix("/DejaVuSans.ttf"), "\(dejaVu.regular)")
        let cjk = try #require(families.first { $0.name == "Noto Serif CJK JP" })
        #expect(cjk.regular.path.hasSuffix("/NotoSerifCJK-Regular.ttc"))
        let face = try FontFace(path: cjk.regular.path, faceIndex: cjk.regular.faceIndex)
        #expect(face.familyName.hasPrefix("Noto Serif CJK"), "the face inside the collection: \(face.familyName)")
    }

    @Test func aLatinFamilyShowsItsNameInItsOwnFace() throws {
        let face = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let sample = try #require(SampleLine.text(for: "DejaVu Serif", face: face))
        #expect(sample.text == "DejaVu Serif" && sample.isName)
        let line = try #require(SampleLine.render(sample.text, face: face, pixelSize: 20))
        #expect(line.pixels.count == line.width * line.height)
        #expect(line.width > 80 && line.width < 200, "about as wide as 12 letters at 20 px: \(line.width)")
        #expect(line.baseline > 0 && line.baseline < line.height)
    }

    /// A serif f's ink reaches past its advance: the line keeps it whole at every size the
    /// panel draws (1×, 1.5×, 2× and 3× screens).
    @Test(arguments: [20, 30, 40, 60] as [Float])
    func aSerifNameKeepsItsLastLetter(size: Float) throws {
        let face = try FontFace(path: Self.noto + "NotoSerif-Regular.ttf")
        let whole = try #require(SampleLine.render("Noto Serif", face: face, pixelSize: size))
        let shorter = try #require(SampleLine.render("Noto Seri", face: face, pixelSize: size))
        #expect(Float(whole.width - shorter.width) > size * 0.25, "the f is drawn: \(whole.width) against \(shorter.width)")
        #expect(abs(Float(whole.origin)) < size * 0.25, "the pen starts about where the N's ink does: \(whole.origin)")
        let cut = try #require(SampleLine.render("Noto Serif", face: face, pixelSize: size, maxWidth: shorter.width))
        #expect(cut.width <= shorter.width, "glyphs past the room are left out")
    }

    @Test func aScriptFaceShowsItsOwnLetters() throws {
        let face = try FontFace(path: Self.noto + "NotoSansBengali-Regular.ttf")
        let sample = try #require(SampleLine.text(for: "Noto Sans Bengali", face: face))
        #expect(!sample.isName)
        #expect(sample.text.unicodeScalars.allSatisfy { (0x0980...0x09FF).contains($0.value) }, "Bengali letters: \(sample.text)")
        #expect(SampleLine.render(sample.text, face: face, pixelSize: 20) != nil)
    }

    @Test func anArabicSampleIsShapedRightToLeftAndNeverWiderThanAllowed() throws {
        let face = try FontFace(path: Self.noto + "NotoNaskhArabic-Regular.ttf")
        let sample = try #require(SampleLine.text(for: "Noto Naskh Arabic", face: face))
        #expect(sample.text.unicodeScalars.allSatisfy { (0x0600...0x06FF).contains($0.value) }, "\(sample.text)")
        let full = try #require(SampleLine.render(sample.text, face: face, pixelSize: 24))
        let cut = try #require(SampleLine.render(sample.text, face: face, pixelSize: 24, maxWidth: full.width / 2))
        #expect(cut.width <= full.width / 2)
    }

    @Test func aTextFaceWithoutLatinLettersGetsAFallbackForThem() throws {
        let bengali = try FontFace(path: Self.noto + "NotoSansBengali-Regular.ttf")
        #expect(!bengali.hasGlyph(for: "H"))
        let text = BookText(normalizedUTF8: Array("Hello, আমার সোনার বাংলা!".utf8))
        let (set, choice) = FontSet(primary: bengali).addingFallbacks(for: text, language: ContentLanguage(tag: "bn"),
                                                                      locator: { FontLocator() })
        #expect(choice.uncovered.isEmpty)
        #expect(set.chain.dropFirst().contains { $0.hasGlyph(for: "H") && $0.hasGlyph(for: "!") }, "\(set.chain.map(\.familyName))")
        #expect(set.others.first?.familyName == "Noto Serif", "Latin's book face: \(set.others.map(\.familyName))")
    }
}
