import Testing
import Fonts
import Pagination

/// A shaper readied for one shape cache (`prepared(for:)`) keeps a buffer, a language and the
/// shape plans it used from call to call: it must shape every segment exactly as the shaper
/// any thread may use, whatever it shaped before.
@Suite("A shaper readied for a language shapes as the shared one")
struct ShapingSessionTests {
    static let segments = [
        "گلستان", "hello", "שָׁלוֹם", "红楼梦", "abc漢字", "كتاب", "Tolstoy", "(۱۲۳)", "AV", "دیباچه",
    ]

    func shaped(_ shaper: HarfBuzzShaper, _ text: String, rightToLeft: Bool, language: ContentLanguage?) -> [ShapedGlyph] {
        let scalars = text.unicodeScalars.map(\.value)
        var glyphs: [ShapedGlyph] = []
        scalars.withUnsafeBufferPointer {
            shaper.shape($0, rightToLeft: rightToLeft, language: language, faceBefore: 0, into: &glyphs)
        }
        return glyphs
    }

    @Test("the same glyphs for every segment, in either order, in both directions", arguments: ["fa", "en"])
    func sameGlyphs(tag: String) throws {
        let language = try #require(ContentLanguage(tag: tag))
        let fonts = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei))
        let shared = fonts.shaper(pixelSize: 18)
        let readied = shared.prepared(for: language)
        for order in [Self.segments, Self.segments.reversed()] {
            for text in order {
                for rightToLeft in [false, true] {
                    let expected = shaped(shared, text, rightToLeft: rightToLeft, language: language)
                    #expect(!expected.isEmpty)
                    #expect(shaped(readied, text, rightToLeft: rightToLeft, language: language) == expected, "\(text)")
                }
            }
        }
    }

    @Test("a segment in another language than the readied one is shaped for its own")
    func otherLanguage() throws {
        let persian = try #require(ContentLanguage(tag: "fa"))
        let arabic = try #require(ContentLanguage(tag: "ar"))
        let fonts = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans))
        let shared = fonts.shaper(pixelSize: 18)
        let readied = shared.prepared(for: persian)
        for text in ["۱۲۳", "٤٥٦", "كتاب"] {
            #expect(shaped(readied, text, rightToLeft: true, language: arabic)
                    == shaped(shared, text, rightToLeft: true, language: arabic), "\(text)")
        }
    }
}
