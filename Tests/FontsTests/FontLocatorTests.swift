import Testing
import Fonts
import Pagination

/// The book faces fontconfig finds (fonts-noto-core and fonts-noto-cjk, which `make test`
/// installs): a serif text face, the CJK cut the book's language calls for, and each script's
/// book face before fontconfig's own choice.
@Suite struct FontLocatorTests {
    @Test func theTextFaceIsNotoSerif() throws {
        let locator = try #require(FontLocator())
        let text = try #require(locator.textFace())
        #expect(text.family == "Noto Serif")
        #expect(text.path.hasSuffix("/NotoSerif-Regular.ttf"))
    }

    @Test(arguments: [
        (BookFaces.CJKCut.simplified, "Noto Serif CJK SC"), (.traditional, "Noto Serif CJK TC"),
        (.japanese, "Noto Serif CJK JP"), (.korean, "Noto Serif CJK KR"),
    ])
    func eachCJKCutHasItsSerifFace(cut: BookFaces.CJKCut, family: String) throws {
        let locator = try #require(FontLocator())
        let face = try #require(locator.cjkFace(cut))
        #expect(face.family == family)
        #expect(face.path.hasSuffix("/NotoSerifCJK-Regular.ttc"), "the regular weight, not the bold")
    }

    @Test(arguments: [
        ("zh", BookFaces.CJKCut.simplified), ("zh-Hans", .simplified), ("zh-Hant", .traditional), ("zh-TW", .traditional),
        ("zh-HK", .traditional), ("zh-Hans-HK", .simplified), ("ja", .japanese), ("ja-JP", .japanese), ("ko", .korean), ("en", .simplified),
        ("fa", .simplified),
    ])
    func aLanguageChoosesItsCJKCut(tag: String, cut: BookFaces.CJKCut) throws {
        #expect(BookFaces.CJKCut(try #require(ContentLanguage(tag: tag))) == cut)
    }

    @Test(arguments: [
        // Persian and Arabic in Naskh (fontconfig alone gives DejaVu Sans, which covers Arabic).
        ("fa", UInt32(0x067E), "Noto Naskh Arabic"), ("ar", 0x0628, "Noto Naskh Arabic"),
        ("he", 0x05D0, "Noto Serif Hebrew"), ("bn", 0x0995, "Noto Serif Bengali"), ("hi", 0x0915, "Noto Serif Devanagari"),
        ("th", 0x0E01, "Noto Serif Thai"),
        // The danda is in the Devanagari and the Bengali faces: each book's own script's.
        ("hi", 0x0964, "Noto Serif Devanagari"), ("bn", 0x0964, "Noto Serif Bengali"),
        // A Hebrew word quoted in an English book is set in the Hebrew book face too.
        ("en", 0x05D0, "Noto Serif Hebrew"),
    ])
    func aScriptFallsBackToItsBookFace(language: String, scalar: UInt32, family: String) throws {
        let locator = try #require(FontLocator())
        let choice = locator.fallbackFaces(for: [scalar], language: language)
        #expect(choice.faces.first?.family == family)
        #expect(choice.uncovered.isEmpty)
    }

    @Test func theDefaultSetMeasuresTextAndChinese() throws {
        let locator = try #require(FontLocator())
        let fonts = try #require(try locator.defaultFontSet())
        #expect(fonts.primary.familyName == "Noto Serif")
        #expect(fonts.cjk?.familyName == "Noto Serif CJK SC")
        let table = fonts.advanceTable(pixelSize: 18)
        #expect(table.advance(of: 0x4E00) == 18)
        #expect(table.advance(of: 0x61) == fonts.primary.advance(of: "a", pixelSize: 18))
    }
}
