import Testing
import Fonts
import Pagination

/// A shaper readied for one shape cache (`prepared(for:)`) keeps a buffer, a language and each
/// character's first face from call to call: it must shape every segment exactly as the shaper
/// any thread may use, whatever it shaped before.
@Suite("A shaper readied for a language shapes as the shared one")
struct ShapingSessionTests {
    static let segments = [
        "گلستان", "hello", "שָׁלוֹם", "红楼梦", "abc漢字", "كتاب", "Tolstoy", "(۱۲۳)", "AV", "دیباچه",
        "می\u{200C}خواهم", "\u{064E}كتب", "Ελληνικά", "tiếng", "漢字abc", "(שָׁלוֹם)",
    ]

    /// A screen sans that covers Arabic and Hebrew itself, and the book faces, where each
    /// script comes from a face of its own.
    static func fontSets() throws -> [FontSet] {
        func noto(_ file: String) -> String { "/usr/share/fonts/truetype/noto/" + file }
        return [
            FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei)),
            FontSet(primary: try FontFace(path: noto("NotoSerif-Regular.ttf")),
                    cjk: try FontFace(path: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc", faceIndex: 2),
                    others: [try FontFace(path: noto("NotoNaskhArabic-Regular.ttf")),
                             try FontFace(path: noto("NotoSerifHebrew-Regular.ttf"))]),
        ]
    }

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
        for fonts in try Self.fontSets() {
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
    }

    @Test("a word of another script than the text face's is shaped in its own face, in one run")
    func scriptFace() throws {
        let fonts = try Self.fontSets()[1]
        let readied = fonts.shaper(pixelSize: 18).prepared(for: ContentLanguage(tag: "fa"))
        let glyphs = shaped(readied, "گلستان", rightToLeft: true, language: ContentLanguage(tag: "fa"))
        #expect(Set(glyphs.map(\.font)) == [2], "all from Noto Naskh Arabic")
        let isolated = Set("گلستان".unicodeScalars.flatMap {
            shaped(readied, String($0), rightToLeft: true, language: ContentLanguage(tag: "fa")).map(\.id)
        })
        #expect(!Set(glyphs.map(\.id)).isSubset(of: isolated), "joined forms, not the letters standing alone")
        // A zero-width non-joiner (which the text face maps too) stays in the word's face.
        let withJoiner = shaped(readied, "می\u{200C}خواهم", rightToLeft: true, language: ContentLanguage(tag: "fa"))
        #expect(Set(withJoiner.map(\.font)) == [2])
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
