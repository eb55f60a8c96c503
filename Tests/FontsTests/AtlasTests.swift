import Testing
@testable import Fonts
import Pagination

@Suite struct AtlasTests {
    static let size: Float = 24

    @Test func glyphsHaveInkAndTheirOwnWidths() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size)
        let table = fonts.advanceTable(pixelSize: Self.size)
        let w = atlas.glyph(for: 0x57)  // W
        let i = atlas.glyph(for: 0x69)  // i
        let ideograph = atlas.glyph(for: 0x4E2D)  // 中, from the CJK face
        for glyph in [w, i, ideograph] {
            #expect(!glyph.isBlank)
            #expect(AtlasFixtures.ink(of: glyph, in: atlas) > 0)
        }
        #expect(i.width < w.width)
        #expect(w.advance == table.advance(of: 0x57))
        #expect(i.advance == table.advance(of: 0x69))
        #expect(ideograph.advance == Self.size)
        // A capital stands on the baseline: its top is about the cap height (0.73 em) above.
        #expect(abs(w.bearingY - 0.73 * Self.size) <= 1.5)
        #expect(w.bearingX >= -1 && w.bearingX <= 2)
        AtlasFixtures.checkLayout(atlas)
    }

    @Test func spaceIsBlankAndChangesNothing() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size)
        let before = atlas.generation
        let space = atlas.glyph(for: 0x20)
        #expect(space.isBlank)
        #expect(space.width == 0 && space.height == 0)
        #expect(space.advance == fonts.advanceTable(pixelSize: Self.size).advance(of: 0x20))
        #expect(space.advance > 0)
        #expect(atlas.generation == before)
        #expect(atlas.pixels.allSatisfy { $0 == 0 })
        #expect(atlas.glyph(for: 0x3000).isBlank)  // ideographic space, from the CJK face
    }

    @Test func aGlyphIsRasterizedOnce() throws {
        let atlas = GlyphAtlas(fonts: try AtlasFixtures.bookFonts(), pixelSize: Self.size)
        let first = atlas.glyph(for: 0x61)
        let generation = atlas.generation
        let rasterized = atlas.rasterizationCount
        atlas.beginFrame()
        let second = atlas.glyph(for: 0x61)
        #expect(second == first)
        #expect(atlas.generation == generation)
        #expect(atlas.rasterizationCount == rasterized)
        // Blank glyphs are remembered too.
        _ = atlas.glyph(for: 0x20)
        let afterSpace = atlas.rasterizationCount
        _ = atlas.glyph(for: 0x20)
        #expect(atlas.rasterizationCount == afterSpace)
    }

    @Test func dirtyRectCoversWhatChanged() throws {
        let atlas = GlyphAtlas(fonts: try AtlasFixtures.bookFonts(), pixelSize: Self.size, initialSize: 64)
        #expect(atlas.dirtyRect == nil)
        let a = atlas.glyph(for: 0x61)
        let dirty = try #require(atlas.dirtyRect)
        #expect(dirty.x <= Int(a.x) && dirty.y <= Int(a.y))
        #expect(dirty.x + dirty.width >= Int(a.x + a.width) && dirty.y + dirty.height >= Int(a.y + a.height))
        atlas.clearDirty()
        #expect(atlas.dirtyRect == nil)
        _ = atlas.glyph(for: 0x61)
        #expect(atlas.dirtyRect == nil)
        // Growing marks everything.
        var scalar: UInt32 = 0x4E00
        while atlas.width == 64 && atlas.height == 64 {
            _ = atlas.glyph(for: scalar)
            scalar += 1
        }
        let grown = try #require(atlas.dirtyRect)
        #expect(grown.x == 0 && grown.y == 0 && grown.width == atlas.width && grown.height == atlas.height)
    }

    @Test func rectanglesNeverOverlapAndSurviveGrowth() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size, initialSize: 32, maximumSize: 2048)
        var scalars: [UInt32] = Array(0x21...0x7E) + Array(0xA1...0x17F) + Array(0x3001...0x3011)
        scalars += (0..<1200).map { 0x4E00 + UInt32($0 * 7) }
        var returned: [UInt32: AtlasGlyph] = [:]
        for scalar in scalars { returned[scalar] = atlas.glyph(for: scalar) }
        #expect(atlas.width > 32 && atlas.height > 32)
        #expect(atlas.evictionCount == 0)
        #expect(AtlasFixtures.checkLayout(atlas) == 0)

        // Glyphs kept their places and pixels through every growth.
        let reference = GlyphAtlas(fonts: fonts, pixelSize: Self.size, initialSize: 2048, maximumSize: 2048)
        for scalar in scalars.filter({ $0 % 5 == 0 }) {
            let glyph = atlas.glyph(for: scalar)
            #expect(glyph == returned[scalar])
            let fresh = reference.glyph(for: scalar)
            #expect(AtlasFixtures.bitmap(of: glyph, in: atlas) == AtlasFixtures.bitmap(of: fresh, in: reference))
            #expect(glyph.bearingX == fresh.bearingX && glyph.bearingY == fresh.bearingY)
        }
    }

    @Test func missingCharactersGetAVisibleBox() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size)
        let table = fonts.advanceTable(pixelSize: Self.size)
        for scalar: UInt32 in [0xE000, 0x10FFFD, 0x30000] {
            try #require(!fonts.primary.hasGlyph(for: Unicode.Scalar(scalar)!))
            try #require(!(fonts.cjk?.hasGlyph(for: Unicode.Scalar(scalar)!) ?? false))
            let box = atlas.glyph(for: scalar)
            #expect(!box.isBlank, "U+\(AtlasFixtures.hex(scalar))")
            #expect(AtlasFixtures.ink(of: box, in: atlas) > 0)
            #expect(box.advance == table.advance(of: scalar))
            // Inside its advance, standing on the baseline.
            #expect(box.bearingX >= 0 && box.bearingX + Float(box.width) <= box.advance + 1)
            #expect(box.bearingY == Float(box.height))
        }
        #expect(atlas.glyph(for: 0x30000).width > atlas.glyph(for: 0xE000).width)  // wide vs narrow
        // Not scalars at all: surrogates and values beyond Unicode still get a box.
        for value: UInt32 in [0xD800, 0xDFFF, 0x110000, 0x7FFF_FFFF, .max] {
            let glyph = atlas.glyph(for: value)
            #expect(AtlasFixtures.ink(of: glyph, in: atlas) > 0)
            #expect(glyph.advance == table.advance(of: value))
        }
        AtlasFixtures.checkLayout(atlas)
    }

    @Test func absurdSizesGiveEmptyRectanglesNotCrashes() throws {
        let fonts = try AtlasFixtures.bookFonts()
        for size: Float in [3000, 100_000, 1e30] {
            let atlas = GlyphAtlas(fonts: fonts, pixelSize: size, initialSize: 256, maximumSize: 1024)
            for scalar: UInt32 in [0x57, 0x4E2D, 0xE000, 0x20] {
                let glyph = atlas.glyph(for: scalar)
                #expect(glyph.isBlank, "U+\(AtlasFixtures.hex(scalar)) at \(size) px")
                #expect(glyph.advance == atlas.advances.advance(of: scalar))
            }
            #expect(atlas.width == 256)
        }
        // Tiny sizes and atlases are fine too.
        let tiny = GlyphAtlas(fonts: fonts, pixelSize: 0.5, initialSize: 1, maximumSize: 1)
        #expect(tiny.glyph(for: 0x57).isBlank)
        let small = GlyphAtlas(fonts: fonts, pixelSize: 4, initialSize: 0, maximumSize: 8)
        for scalar in 0x41...0x5A { _ = small.glyph(for: UInt32(scalar)) }
        AtlasFixtures.checkLayout(small)
    }

    @Test func lightHintingAlsoDraws() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: 17, hinting: .light)
        for scalar: UInt32 in [0x57, 0x69, 0x4E2D, 0xE000] {
            #expect(AtlasFixtures.ink(of: atlas.glyph(for: scalar), in: atlas) > 0)
        }
    }

    @Test func atlasesAtDifferentSizesShareFaces() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let small = GlyphAtlas(fonts: fonts, pixelSize: 12)
        let large = GlyphAtlas(fonts: fonts, pixelSize: 48)
        // Interleaved requests: each atlas must set its own size on the shared face.
        for scalar: UInt32 in [0x57, 0x4E2D, 0x61, 0x4E00] {
            let a = small.glyph(for: scalar), b = large.glyph(for: scalar)
            #expect(max(b.width, b.height) > 3 * max(a.width, a.height), "U+\(AtlasFixtures.hex(scalar))")
        }
        let fresh = GlyphAtlas(fonts: fonts, pixelSize: 12)
        #expect(AtlasFixtures.bitmap(of: small.glyph(for: 0x61), in: small)
            == AtlasFixtures.bitmap(of: fresh.glyph(for: 0x61), in: fresh))
    }

    @Test func coverageConversionHandlesPitchAndBitDepths() {
        var bitmap = GlyphBitmap()
        // Two rows of 10 mono pixels, padded to 4 bytes a row, stored bottom-up.
        let mono: [UInt8] = [0b1000_0000, 0b0100_0000, 0, 0, 0b1111_1111, 0b1100_0000, 0, 0]
        mono.withUnsafeBufferPointer {
            GlyphBitmap.convert($0.baseAddress!, width: 10, rows: 2, pitch: -4, format: .mono, into: &bitmap)
        }
        #expect(Array(bitmap.pixels[0..<20]) == [255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
                                                   255, 0, 0, 0, 0, 0, 0, 0, 0, 255])
        let gray: [UInt8] = [1, 2, 3, 99, 4, 5, 6, 99]
        gray.withUnsafeBufferPointer {
            GlyphBitmap.convert($0.baseAddress!, width: 3, rows: 2, pitch: 4, format: .gray(levels: 256), into: &bitmap)
        }
        #expect(Array(bitmap.pixels[0..<6]) == [1, 2, 3, 4, 5, 6])
        let gray2: [UInt8] = [0b00_01_10_11]
        gray2.withUnsafeBufferPointer {
            GlyphBitmap.convert($0.baseAddress!, width: 4, rows: 1, pitch: 1, format: .gray2, into: &bitmap)
        }
        #expect(Array(bitmap.pixels[0..<4]) == [0, 85, 170, 255])
        let gray4: [UInt8] = [0xF0, 0x80]
        gray4.withUnsafeBufferPointer {
            GlyphBitmap.convert($0.baseAddress!, width: 3, rows: 1, pitch: 2, format: .gray4, into: &bitmap)
        }
        #expect(Array(bitmap.pixels[0..<3]) == [255, 0, 136])
        let bgra: [UInt8] = [9, 9, 9, 200, 9, 9, 9, 0]
        bgra.withUnsafeBufferPointer {
            GlyphBitmap.convert($0.baseAddress!, width: 2, rows: 1, pitch: 8, format: .bgra, into: &bitmap)
        }
        #expect(Array(bitmap.pixels[0..<2]) == [200, 0])
    }
}
