import Testing
@testable import Fonts
import Pagination

@Suite struct KerningReaderTests {
    /// DejaVu Sans has both a legacy 'kern' table and GPOS kerning; HarfBuzz applies only
    /// GPOS. For the characters the table kerns, the two agree pair for pair.
    @Test func legacyKernTableAgreesWithGPOSForLatin() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        #expect(face.hasLegacyKernTable)
        let (glyphs, _) = face.glyphsOfCharacters(below: AdvanceTable.kerningLimit)
        let gposTable = try #require(face.sfntTable(openTypeTag("GPOS")))
        let gpos = try #require(KerningReader.gposMatrix(gposTable, glyphs: glyphs))
        let legacy = face.withFace { KerningReader.legacyMatrix($0, glyphs: glyphs) }
        #expect(gpos.filter { $0 != 0 }.count > 2000)
        #expect(gpos == legacy)
    }

    /// Cut-off and scrambled tables give wrong or no kerning, never a crash or a hang.
    @Test func malformedLayoutTablesAreHarmless() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        let (glyphs, _) = face.glyphsOfCharacters(below: AdvanceTable.kerningLimit)
        let gpos = try #require(face.sfntTable(openTypeTag("GPOS"))).bytes
        let gsub = try #require(face.sfntTable(openTypeTag("GSUB"))).bytes
        for cut in stride(from: 0, to: gpos.count, by: 1499) {
            _ = KerningReader.gposMatrix(FontBytes(bytes: Array(gpos.prefix(cut))), glyphs: glyphs)
        }
        for cut in stride(from: 0, to: gsub.count, by: 211) {
            _ = LigatureReader.twoGlyphLigatures(FontBytes(bytes: Array(gsub.prefix(cut))), glyphs: glyphs)
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            noise[0] = 0; noise[1] = 1  // a plausible version, so parsing goes on
            _ = KerningReader.gposMatrix(FontBytes(bytes: noise), glyphs: glyphs)
            _ = LigatureReader.twoGlyphLigatures(FontBytes(bytes: noise), glyphs: glyphs)
        }
    }
}
