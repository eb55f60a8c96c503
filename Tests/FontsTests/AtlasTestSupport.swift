import Testing
@testable import Fonts
import Pagination

/// Fonts and checks shared by the atlas tests.
enum AtlasFixtures {
    /// DejaVu Sans with WenQuanYi Micro Hei as the CJK face (a screen sans and its CJK
    /// companion, whose glyphs these tests know). Opened once: faces are shared, as in the reader.
    static let fonts: FontSet? = try? FontSet(primary: FontFace(path: TestFonts.dejaVuSans),
                                              cjk: FontFace(path: TestFonts.wqyMicroHei))

    static func bookFonts() throws -> FontSet {
        let fonts = try #require(fonts, "DejaVu Sans and a CJK face must be installed")
        #expect(fonts.primary.familyName == "DejaVu Sans")
        return fonts
    }

    /// The coverage bytes of `glyph`'s rectangle, row by row.
    static func bitmap(of glyph: AtlasGlyph, in atlas: GlyphAtlas) -> [UInt8] {
        var result: [UInt8] = []
        let pixels = atlas.pixels
        for row in 0..<Int(glyph.height) {
            let start = (Int(glyph.y) + row) * atlas.width + Int(glyph.x)
            result += pixels[start..<start + Int(glyph.width)]
        }
        return result
    }

    /// The sum of the coverage in `glyph`'s rectangle.
    static func ink(of glyph: AtlasGlyph, in atlas: GlyphAtlas) -> Int {
        bitmap(of: glyph, in: atlas).reduce(0) { $0 + Int($1) }
    }

    /// True when the rectangle lies inside the atlas.
    static func isInside(_ glyph: AtlasGlyph, _ atlas: GlyphAtlas) -> Bool {
        glyph.x >= 0 && glyph.y >= 0 && glyph.width >= 0 && glyph.height >= 0
            && Int(glyph.x + glyph.width) <= atlas.width && Int(glyph.y + glyph.height) <= atlas.height
    }

    /// Checks that the resident glyphs lie inside the atlas, that their rectangles grown by
    /// the 1-pixel padding never overlap another glyph, and that every pixel outside the
    /// glyphs is empty. Returns the number of problems found (each is also recorded).
    @discardableResult
    static func checkLayout(_ atlas: GlyphAtlas, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var owner = [Int32](repeating: -1, count: atlas.width * atlas.height)
        var problems = 0
        for (number, entry) in atlas.residentGlyphs.enumerated() {
            let glyph = entry.glyph
            guard isInside(glyph, atlas), glyph.x >= 1, glyph.y >= 1,
                  Int(glyph.x + glyph.width) < atlas.width, Int(glyph.y + glyph.height) < atlas.height
            else {
                Issue.record("glyph U+\(hex(entry.scalar)) \(glyph) outside the padded atlas", sourceLocation: sourceLocation)
                problems += 1
                continue
            }
            // The glyph plus its padding column and row must be free of other glyphs.
            for y in Int(glyph.y)...Int(glyph.y + glyph.height) {
                for x in Int(glyph.x)...Int(glyph.x + glyph.width) {
                    let index = y * atlas.width + x
                    if owner[index] >= 0 {
                        if problems < 5 {
                            Issue.record("glyph U+\(hex(entry.scalar)) overlaps another at (\(x), \(y))", sourceLocation: sourceLocation)
                        }
                        problems += 1
                    }
                    owner[index] = Int32(number)
                }
            }
        }
        // Outside glyphs, coverage is 0 (padding, freed cells, unused rows).
        let pixels = atlas.pixels
        var inked = 0
        for glyph in atlas.residentGlyphs.map(\.glyph) {
            for y in Int(glyph.y)..<Int(glyph.y + glyph.height) {
                for x in Int(glyph.x)..<Int(glyph.x + glyph.width) { owner[y * atlas.width + x] = -2 }
            }
        }
        for index in pixels.indices where pixels[index] != 0 && owner[index] != -2 { inked += 1 }
        if inked > 0 {
            Issue.record("\(inked) pixels with ink outside every glyph", sourceLocation: sourceLocation)
            problems += 1
        }
        return problems
    }

    static func hex(_ scalar: UInt32) -> String { String(scalar, radix: 16, uppercase: true) }
}
