import Foundation
import Testing
@testable import Fonts
import Pagination

@Suite struct AtlasEvictionTests {
    static let size: Float = 24

    /// A reference atlas large enough never to evict, for fresh rasterizations to compare to.
    static func reference(_ fonts: FontSet) -> GlyphAtlas {
        GlyphAtlas(fonts: fonts, pixelSize: size, initialSize: 4096, maximumSize: 4096)
    }

    /// Checks `glyph` (just returned by `atlas`) against a fresh rasterization.
    static func expectFresh(
        _ glyph: AtlasGlyph, of scalar: UInt32, in atlas: GlyphAtlas, reference: GlyphAtlas,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fresh = reference.glyph(for: scalar)
        #expect(glyph.width == fresh.width && glyph.height == fresh.height, sourceLocation: sourceLocation)
        #expect(glyph.bearingX == fresh.bearingX && glyph.bearingY == fresh.bearingY, sourceLocation: sourceLocation)
        #expect(glyph.advance == fresh.advance, sourceLocation: sourceLocation)
        #expect(
            AtlasFixtures.bitmap(of: glyph, in: atlas) == AtlasFixtures.bitmap(of: fresh, in: reference),
            "U+\(AtlasFixtures.hex(scalar))", sourceLocation: sourceLocation)
    }

    @Test func twentyThousandIdeographsInASmallAtlas() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size, initialSize: 256, maximumSize: 1024)
        let reference = Self.reference(fonts)
        var problems = 0
        for n in 0..<20_000 {
            if n % 40 == 0 { atlas.beginFrame() }  // a "page" of 40 new ideographs
            let scalar = 0x4E00 + UInt32(n)
            let glyph = atlas.glyph(for: scalar)
            // Right after the request the glyph is in the atlas with its own pixels.
            if !AtlasFixtures.isInside(glyph, atlas) || glyph.isBlank || AtlasFixtures.ink(of: glyph, in: atlas) == 0 {
                problems += 1
            }
            if n % 499 == 0 { Self.expectFresh(glyph, of: scalar, in: atlas, reference: reference) }
        }
        #expect(problems == 0)
        #expect(atlas.width == 1024 && atlas.height == 1024)
        #expect(atlas.evictionCount > 0)
        #expect(atlas.relocationCount == 0)
        #expect(atlas.residentGlyphCount > 500)
        #expect(AtlasFixtures.checkLayout(atlas) == 0)
        // Whatever is still resident is intact.
        for (scalar, glyph) in atlas.residentGlyphs where scalar % 13 == 0 {
            Self.expectFresh(glyph, of: scalar, in: atlas, reference: reference)
        }
    }

    @Test func glyphsOfTheCurrentFrameStayPut() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size, initialSize: 512, maximumSize: 512)
        let reference = Self.reference(fonts)
        // Earlier pages fill the atlas until it evicts.
        var scalar: UInt32 = 0x4E00
        while atlas.evictionCount < 2 {
            atlas.beginFrame()
            for _ in 0..<100 {
                _ = atlas.glyph(for: scalar)
                scalar += 1
            }
        }
        let previousPage = (scalar - 100)..<scalar

        // The current page: new ideographs, a few from the last page and some Latin.
        atlas.beginFrame()
        var page: [UInt32] = Array((scalar..<scalar + 150)) + Array(previousPage.prefix(20)) + Array(0x41...0x5A)
        scalar += 150
        var placed: [UInt32: AtlasGlyph] = [:]
        for character in page { placed[character] = atlas.glyph(for: character) }
        let evictionsBefore = atlas.evictionCount

        // More requests in the same frame (the page is long) force evictions...
        for _ in 0..<150 {
            page.append(scalar)
            placed[scalar] = atlas.glyph(for: scalar)
            scalar += 1
        }
        #expect(atlas.evictionCount > evictionsBefore)
        // ...but of older glyphs only: the page's glyphs did not move or change.
        #expect(atlas.relocationCount == 0)
        let rasterized = atlas.rasterizationCount
        for character in page {
            #expect(atlas.isInUse(character))
            let glyph = atlas.glyph(for: character)
            #expect(glyph == placed[character], "U+\(AtlasFixtures.hex(character))")
            Self.expectFresh(glyph, of: character, in: atlas, reference: reference)
        }
        #expect(atlas.rasterizationCount == rasterized)
        #expect(AtlasFixtures.checkLayout(atlas) == 0)
    }

    @Test func aChineseBookPageByPage() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let text = try String(contentsOfFile: SharedData.corpus("zh_cao_xueqin_hongloumeng.txt"), encoding: .utf8)
        let scalars = Array(text.unicodeScalars.lazy.map(\.value).filter { $0 > 0x20 }.prefix(400 * 700))
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size, initialSize: 256, maximumSize: 1024)
        var pagesWithMovedGlyphs = 0
        // Pages of 700 characters (up to about 440 distinct), each drawn twice like a
        // renderer would: the second pass must find every glyph where the first put it.
        for start in stride(from: 0, to: scalars.count, by: 700) {
            let page = scalars[start..<min(scalars.count, start + 700)]
            atlas.beginFrame()
            let relocations = atlas.relocationCount
            let first = page.map { atlas.glyph(for: $0) }
            if atlas.relocationCount != relocations { pagesWithMovedGlyphs += 1 }
            let rasterized = atlas.rasterizationCount
            #expect(page.map { atlas.glyph(for: $0) } == first)
            #expect(atlas.rasterizationCount == rasterized)
        }
        #expect(atlas.evictionCount > 0)
        #expect(pagesWithMovedGlyphs == 0)
        #expect(AtlasFixtures.checkLayout(atlas) == 0)
    }

    @Test func leastRecentlyUsedGoFirst() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size, initialSize: 256, maximumSize: 256)
        // Frame 1 holds old glyphs; frame 2 re-uses some of them; then new frames push.
        atlas.beginFrame()
        let old = (0..<40).map { 0x4E00 + UInt32($0) }
        for scalar in old { _ = atlas.glyph(for: scalar) }
        atlas.beginFrame()
        let refreshed = old.prefix(10)
        for scalar in refreshed { _ = atlas.glyph(for: scalar) }
        var next: UInt32 = 0x5000
        while atlas.evictionCount == 0 {
            atlas.beginFrame()
            for _ in 0..<5 {
                _ = atlas.glyph(for: next)
                next += 1
            }
        }
        let resident = Set(atlas.residentGlyphs.map(\.scalar))
        let refreshedLeft = refreshed.filter(resident.contains).count
        let othersLeft = old.dropFirst(10).filter(resident.contains).count
        // The first batch evicts the oldest: glyphs used once in frame 1 go before those
        // used again in frame 2.
        #expect(othersLeft == 0 || refreshedLeft == refreshed.count)
        #expect(refreshedLeft * 30 >= othersLeft * 10)
    }

    @Test func aFrameLargerThanTheAtlasStillGetsEveryGlyph() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: Self.size, initialSize: 128, maximumSize: 128)
        let reference = Self.reference(fonts)
        atlas.beginFrame()
        // One frame asks for far more than fits: in-use glyphs must give way at last.
        for n in 0..<200 {
            let scalar = 0x6000 + UInt32(n)
            let glyph = atlas.glyph(for: scalar)
            #expect(AtlasFixtures.isInside(glyph, atlas))
            Self.expectFresh(glyph, of: scalar, in: atlas, reference: reference)
        }
        #expect(atlas.relocationCount > 0)
        #expect(AtlasFixtures.checkLayout(atlas) == 0)
    }
}
