import Foundation
import Testing
@testable import Fonts
import Pagination

@Suite struct FontSetTests {
    static let size: Float = 18

    static func bookFonts() throws -> FontSet {
        FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei))
    }

    @Test func ideographIsOneEmWide() throws {
        let table = try Self.bookFonts().advanceTable(pixelSize: Self.size)
        #expect(table.advance(of: 0x4E00) == Self.size)  // 一
        #expect(table.advance(of: 0x4E2D) == Self.size)  // 中
        #expect(table.advance(of: 0x3002) == Self.size)  // 。 only WQY has it
    }

    @Test func latinWidthsAreDejaVusUnhintedAdvances() throws {
        let fonts = try Self.bookFonts()
        let table = fonts.advanceTable(pixelSize: Self.size)
        #expect(table.advance(of: 0x61) == Float(1255.0 * 18 / 2048))
        #expect(table.advance(of: 0x61) == fonts.primary.advance(of: "a", pixelSize: Self.size))
        // WQY has an 'a' too (1087 units), but the primary face comes first.
        #expect(fonts.cjk?.advance(of: "a", pixelSize: Self.size) != table.advance(of: 0x61))
    }

    @Test func charactersNeitherFaceHasStillHaveWidths() throws {
        let fonts = try Self.bookFonts()
        let table = fonts.advanceTable(pixelSize: Self.size)
        let missing: [(Unicode.Scalar, Float)] = [
            ("\u{E000}", Self.size / 2),  // private use
            ("\u{10FFFD}", Self.size / 2),  // private use, plane 16
            ("\u{2A6D6}", Self.size),  // CJK Extension B ideograph, wide
            ("\u{30000}", Self.size),  // CJK Extension G ideograph, wide
        ]
        for (scalar, expected) in missing {
            try #require(!fonts.primary.hasGlyph(for: scalar) && !(fonts.cjk?.hasGlyph(for: scalar) ?? false))
            #expect(table.advance(of: scalar.value) == expected, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }

    @Test func withoutCJKFaceIdeographsFallBackToOneEm() throws {
        let table = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans)).advanceTable(pixelSize: Self.size)
        #expect(table.advance(of: 0x4E00) == Self.size)
        #expect(table.advance(of: 0xAC00) == Self.size)  // 가
    }

    @Test func otherScriptsFallBackToTheirOwnFaceAfterTheCJKOne() throws {
        // fonts-thai-tlwg-ttf: Thai is neither in DejaVu Sans nor in WenQuanYi Micro Hei.
        let location = try #require(FontLocator()?.scriptFace(language: "th"), "no Thai font (fonts-thai-tlwg-ttf)")
        let thai = try FontFace(path: location.path, faceIndex: location.faceIndex)
        let fonts = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei),
                            others: [thai])
        let table = fonts.advanceTable(pixelSize: Self.size)
        let ko: Unicode.Scalar = "ก", maiEk: Unicode.Scalar = "\u{0E48}"
        #expect(table.advance(of: ko.value) == thai.advance(of: ko, pixelSize: Self.size))
        #expect(table.advance(of: ko.value) != Self.size / 2, "not the default for a missing glyph")
        #expect(table.advance(of: maiEk.value) == 0, "a tone mark takes no room of its own")
        #expect(table.advance(of: 0x41) == fonts.primary.advance(of: "A", pixelSize: Self.size), "Latin stays DejaVu's")
        #expect(fonts.fingerprint != FontSet(primary: fonts.primary, cjk: fonts.cjk).fingerprint)
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size)
        #expect(!atlas.glyph(for: ko.value).isBlank, "drawn from the Thai face")
    }

    @Test("the table's kerning and pair flags are what HarfBuzz does with each pair")
    func kerningComesFromHarfBuzz() throws {
        let fonts = try Self.bookFonts()
        let table = fonts.advanceTable(pixelSize: Self.size)
        let shaper = fonts.shaper(pixelSize: Self.size)
        func shaped(_ text: String) -> [ShapedGlyph] {
            var glyphs: [ShapedGlyph] = []
            let scalars = text.unicodeScalars.map(\.value)
            scalars.withUnsafeBufferPointer { shaper.shape($0, rightToLeft: false, language: nil, faceBefore: 0, into: &glyphs) }
            return glyphs
        }
        for pair in ["AV", "To", "We", "ab", "y."] {
            let s = pair.unicodeScalars.map(\.value)
            let glyphs = shaped(pair)
            #expect(table.isPairKerned(s[0]) && table.isPairKerned(s[1]) && !table.isPairShaped(s[0], s[1]))
            #expect(abs(table.advance(of: s[0]) + table.kerning(s[0], s[1]) - glyphs[0].advance) < 0.001, "\(pair)")
        }
        #expect(table.kerning(0x41, 0x56) < 0, "AV is kerned")
        #expect(table.isPairShaped(0x66, 0x69), "fi is a ligature in DejaVu Sans: shaped, never measured from the table")
        #expect(shaped("fi").count == 1)
    }

    @Test func lineMetricsComeFromThePrimaryFace() throws {
        let fonts = try Self.bookFonts()
        let table = fonts.advanceTable(pixelSize: Self.size)
        let metrics = fonts.primary.metrics(pixelSize: Self.size)
        #expect(table.lineHeight == metrics.lineHeight)
        #expect(table.ascent == metrics.ascender)
        #expect(table.pixelSize == Self.size)
        #expect(table.defaultAdvance == Self.size / 2)
    }

    @Test func tablesScaleWithSize() throws {
        let fonts = try Self.bookFonts()
        let small = fonts.advanceTable(pixelSize: 16), large = fonts.advanceTable(pixelSize: 32)
        for scalar: UInt32 in [0x61, 0x57, 0x4E00, 0x3002, 0xE000] {
            #expect(abs(large.advance(of: scalar) - 2 * small.advance(of: scalar)) < 0.0001)
        }
        #expect(abs(large.kerning(0x41, 0x56) - 2 * small.kerning(0x41, 0x56)) < 0.0001)
    }

    @Test func tablesBuiltConcurrentlyAreIdentical() async throws {
        let fonts = try Self.bookFonts()
        let digests = await withTaskGroup(of: UInt64.self) { group in
            for _ in 0..<4 { group.addTask { fonts.advanceTable(pixelSize: 18).digest } }
            return await group.reduce(into: [UInt64]()) { $0.append($1) }
        }
        #expect(Set(digests).count == 1)
    }

    @Test func fingerprintIsStableAndTracksTheFiles() throws {
        #expect(try Self.bookFonts().fingerprint == Self.bookFonts().fingerprint)
        let latinOnly = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans))
        #expect(latinOnly.fingerprint != (try Self.bookFonts().fingerprint))
        let otherFace = FontSet(
            primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei, faceIndex: 1))
        #expect(otherFace.fingerprint != (try Self.bookFonts().fingerprint))

        // A font file rewritten in place (new modification time) gets a new fingerprint.
        let copy = try TemporaryFile.write(Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans)))
        defer { TemporaryFile.remove(copy) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: copy)
        let before = FontSet(primary: try FontFace(path: copy)).fingerprint
        #expect(before == FontSet(primary: try FontFace(path: copy)).fingerprint)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 2_000_000)], ofItemAtPath: copy)
        #expect(before != FontSet(primary: try FontFace(path: copy)).fingerprint)
    }
}
