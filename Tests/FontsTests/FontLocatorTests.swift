import Testing
import Fonts

@Suite struct FontLocatorTests {
    @Test func findsDejaVuSansForLatin() throws {
        let locator = try #require(FontLocator())
        let latin = try #require(locator.latinFace())
        #expect(latin.path == TestFonts.dejaVuSans)
        #expect(latin.faceIndex == 0)
        #expect(latin.family == "DejaVu Sans")
    }

    @Test func findsWenQuanYiMicroHeiForCJK() throws {
        let locator = try #require(FontLocator())
        let cjk = try #require(locator.cjkFace())
        #expect(cjk.path == TestFonts.wqyMicroHei)
        #expect(cjk.faceIndex == 0)
        #expect(cjk.family == "WenQuanYi Micro Hei")
    }

    @Test func defaultFontSetMeasuresLatinAndChinese() throws {
        let locator = try #require(FontLocator())
        let fonts = try #require(try locator.defaultFontSet())
        #expect(fonts.primary.familyName == "DejaVu Sans")
        #expect(fonts.cjk?.familyName == "WenQuanYi Micro Hei")
        let table = fonts.advanceTable(pixelSize: 18)
        #expect(table.advance(of: 0x4E00) == 18)
        #expect(table.advance(of: 0x61) == fonts.primary.advance(of: "a", pixelSize: 18))
    }
}
