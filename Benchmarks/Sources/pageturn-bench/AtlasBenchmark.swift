import Fonts
import Foundation

/// `make bench` figures for the glyph atlas: first use of a CJK glyph (rasterize, place,
/// copy), a cached look-up, and 20,000 ideographs through a small atlas that must evict.
enum AtlasBenchmark {
    static func run(fonts: FontSet) -> [String] {
        var lines: [String] = []
        let atlas = GlyphAtlas(fonts: fonts, pixelSize: 24, initialSize: 4096, maximumSize: 4096)
        let count = 5000
        var watch = Lap()
        for n in 0..<count { _ = atlas.glyph(for: 0x4E00 + UInt32(n * 3)) }
        let firstUse = watch.next() / Double(count) * 1000
        lines.append(String(format: "atlas: %.2f µs for the first use of a CJK glyph at 24 px", firstUse))

        var scalars: [UInt32] = []
        var random: UInt64 = 1
        for _ in 0..<4096 {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            scalars.append(0x4E00 + UInt32((random >> 33) % UInt64(count)) * 3)
        }
        var sum: Int32 = 0
        let rounds = 500
        _ = watch.next()
        for round in 0..<rounds {
            if round % 10 == 0 { atlas.beginFrame() }
            for scalar in scalars { sum &+= atlas.glyph(for: scalar).x }
        }
        let lookup = watch.next() / Double(rounds * scalars.count) * 1e6
        lines.append(String(format: "atlas: %.1f ns a cached look-up (checksum %d)", lookup, sum))

        let small = GlyphAtlas(fonts: fonts, pixelSize: 24, initialSize: 256, maximumSize: 1024)
        _ = watch.next()
        for n in 0..<20_000 {
            if n % 40 == 0 { small.beginFrame() }
            _ = small.glyph(for: 0x4E00 + UInt32(n))
        }
        let churn = watch.next() / 20_000 * 1000
        lines.append(String(format: "atlas: %.1f µs a glyph for 20,000 ideographs through a 1024² atlas "
            + "(%d evictions, %d relocations)", churn, small.evictionCount, small.relocationCount))
        return lines
    }
}
