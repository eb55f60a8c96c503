import Foundation

/// A window's picture as `xwd -id WINDOW -silent` dumps it (the X Window Dump format: a
/// header of big-endian 32-bit fields, the window's name, the colour map, then the rows of
/// pixels), read for a 24- or 32-bit TrueColor screen such as Xvfb's; pixels as 0xRRGGBB.
struct XWDScreenshot {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ k: Int) -> Int {
            let o = k * 4
            return bytes.count >= o + 4 ? Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) : -1
        }
        let headerSize = field(0), format = field(2), bitsPerPixel = field(11), bytesPerLine = field(12)
        let byteOrder = field(7), colours = field(19)
        width = field(4)
        height = field(5)
        guard field(1) == 7, format == 2, bitsPerPixel == 32, width > 0, height > 0, headerSize >= 100 else {
            throw Unreadable(description: "not a 32-bit ZPixmap XWD (version \(field(1)), format \(format), \(bitsPerPixel) bpp)")
        }
        let start = headerSize + colours * 12
        guard bytes.count >= start + bytesPerLine * height else { throw Unreadable(description: "the dump is cut short") }
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * 4
                // LSBFirst (0): B, G, R, pad in memory; MSBFirst: pad, R, G, B.
                let (r, g, b) = byteOrder == 0 ? (bytes[o + 2], bytes[o + 1], bytes[o]) : (bytes[o + 1], bytes[o + 2], bytes[o + 3])
                out[y * width + x] = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        pixels = out
    }

    /// The largest difference between two colours' channels.
    static func channelsApart(_ a: UInt32, _ b: UInt32) -> Int {
        var most = 0
        for shift: UInt32 in [16, 8, 0] {
            let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
            most = max(most, abs(x - y))
        }
        return most
    }

    /// The share of the pixels in the rectangle (clipped to the picture) that differ from
    /// `colour` by more than `tolerance` in some channel.
    func shareDiffering(from colour: UInt32, x: Int, y: Int, width w: Int, height h: Int, tolerance: Int = 12) -> Double {
        var differing = 0, total = 0
        for py in max(0, y)..<min(height, y + h) {
            for px in max(0, x)..<min(width, x + w) {
                let p = pixels[py * width + px]
                total += 1
                if Self.channelsApart(p, colour) > tolerance { differing += 1 }
            }
        }
        return total == 0 ? 0 : Double(differing) / Double(total)
    }
}
