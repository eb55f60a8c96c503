import Foundation
import Testing
@testable import Fonts

/// Rough speed figures for the atlas, printed, never asserted. Off unless
/// `PAGETURN_ATLAS_BENCH` is set; meaningful in release:
///
///     PAGETURN_ATLAS_BENCH=1 swift test -c release --filter AtlasSpeedTests
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PAGETURN_ATLAS_BENCH"] != nil))
struct AtlasSpeedTests {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    @Test func cachedLookupsAndRasterization() throws {
        let fonts = try AtlasFixtures.bookFonts()
        let clock = ContinuousClock()
        for hinting in [GlyphHinting.none, .light] {
            // First use: rasterize, place, copy (no eviction: the atlas is large enough).
            let atlas = GlyphAtlas(fonts: fonts, pixelSize: 24, initialSize: 4096, maximumSize: 4096, hinting: hinting)
            let count = 5000
            let rasterizing = clock.measure {
                for n in 0..<count { _ = atlas.glyph(for: 0x4E00 + UInt32(n * 3)) }
            }
            print("atlas: first use of a CJK glyph at 24 px, hinting \(hinting): "
                + String(format: "%.2f µs", Self.seconds(rasterizing) / Double(count) * 1e6))

            // Cached: a page-like scatter over the resident glyphs.
            var scalars: [UInt32] = []
            var random: UInt64 = 1
            for _ in 0..<4096 {
                random = random &* 6364136223846793005 &+ 1442695040888963407
                scalars.append(0x4E00 + UInt32((random >> 33) % UInt64(count)) * 3)
            }
            var sum: Int32 = 0
            let rounds = 2000
            let lookups = clock.measure {
                for round in 0..<rounds {
                    if round % 10 == 0 { atlas.beginFrame() }
                    for scalar in scalars { sum &+= atlas.glyph(for: scalar).x }
                }
            }
            print("atlas: cached lookup, hinting \(hinting): "
                + String(format: "%.1f ns", Self.seconds(lookups) / Double(rounds * scalars.count) * 1e9)
                + " (checksum \(sum))")
        }

        // The small-atlas run of the tests, timed: 20,000 ideographs in 1024 × 1024.
        let small = GlyphAtlas(fonts: fonts, pixelSize: 24, initialSize: 256, maximumSize: 1024)
        let churn = clock.measure {
            for n in 0..<20_000 {
                if n % 40 == 0 { small.beginFrame() }
                _ = small.glyph(for: 0x4E00 + UInt32(n))
            }
        }
        print("atlas: 20,000 ideographs through a 1024² atlas: "
            + String(format: "%.1f µs a glyph", Self.seconds(churn) / 20_000 * 1e6)
            + ", \(small.evictionCount) evictions, \(small.residentGlyphCount) resident, "
            + "\(small.relocationCount) relocations")
    }
}
