import Reader
import Rendering

/// How far apart two frames of the same size are, forgiving only what two rasterizers of the
/// same picture legitimately disagree on: an edge, or a texture's sampling, one pixel over.
///
/// - `closeShare`: the share of pixels that have a pixel of the other frame at most one pixel
///   away (either way, diagonals too) whose every channel is within `tolerance`; the smaller
///   share of the two ways round. A missing or misplaced part drops it by its area.
/// - `worstTile`: the `tile` × `tile` square whose mean colour differs most, the other frame's
///   square moved by up to one pixel each way to fit best: the difference (0…255, averaged
///   over the channels) and the square's top-left corner. A part drawn wrong over a small area
///   (a back not washed, a shade missing) shows here even when it is too small for the share.
struct FrameDifference: CustomStringConvertible {
    let closeShare: Double
    let worstTile: (difference: Double, x: Int, y: Int)

    init(_ a: Frame, _ b: Frame, tolerance: Int, tile: Int = 24) {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        let w = a.width, h = a.height

        func share(_ a: [UInt32], closeTo b: [UInt32]) -> Double {
            var close = 0
            for y in 0..<h {
                for x in 0..<w {
                    let p = a[y * w + x]
                    search: for yy in max(0, y - 1)...min(h - 1, y + 1) {
                        for xx in max(0, x - 1)...min(w - 1, x + 1)
                        where Self.channelDistance(p, b[yy * w + xx]) <= tolerance {
                            close += 1
                            break search
                        }
                    }
                }
            }
            return Double(close) / Double(w * h)
        }
        closeShare = min(share(a.pixels, closeTo: b.pixels), share(b.pixels, closeTo: a.pixels))

        // Summed-area tables of r + g + b: any square's total in four look-ups.
        func integral(_ f: Frame) -> [Int] {
            var s = [Int](repeating: 0, count: (w + 1) * (h + 1))
            for y in 0..<h {
                var row = 0
                for x in 0..<w {
                    let p = f.pixels[y * w + x]
                    row += Int((p >> 16) & 0xFF) + Int((p >> 8) & 0xFF) + Int(p & 0xFF)
                    s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1] + row
                }
            }
            return s
        }
        let sa = integral(a), sb = integral(b)
        func total(_ s: [Int], _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int {
            s[y1 * (w + 1) + x1] - s[y0 * (w + 1) + x1] - s[y1 * (w + 1) + x0] + s[y0 * (w + 1) + x0]
        }
        var worst = (difference: 0.0, x: 0, y: 0)
        for ty in stride(from: 0, to: h, by: tile) {
            for tx in stride(from: 0, to: w, by: tile) {
                // A square inside the frame by one pixel, so that every shift stays on it.
                let x0 = max(tx, 1), x1 = min(tx + tile, w - 1), y0 = max(ty, 1), y1 = min(ty + tile, h - 1)
                guard x1 > x0, y1 > y0 else { continue }
                let mine = total(sa, x0, y0, x1, y1)
                var best = Int.max
                for dy in -1...1 {
                    for dx in -1...1 { best = min(best, abs(mine - total(sb, x0 + dx, y0 + dy, x1 + dx, y1 + dy))) }
                }
                let difference = Double(best) / Double(3 * (x1 - x0) * (y1 - y0))
                if difference > worst.difference { worst = (difference, tx, ty) }
            }
        }
        worstTile = worst
    }

    /// The largest difference of one channel.
    static func channelDistance(_ p: UInt32, _ q: UInt32) -> Int {
        max(abs(Int((p >> 16) & 0xFF) - Int((q >> 16) & 0xFF)),
            abs(Int((p >> 8) & 0xFF) - Int((q >> 8) & 0xFF)),
            abs(Int(p & 0xFF) - Int(q & 0xFF)))
    }

    var description: String {
        let share = (closeShare * 10000).rounded() / 100
        let tile = (worstTile.difference * 10).rounded() / 10
        return "\(share)% of pixels close; worst square at (\(worstTile.x), \(worstTile.y)) differs by \(tile)"
    }
}
