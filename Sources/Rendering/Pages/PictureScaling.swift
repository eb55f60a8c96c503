/// A picture's pixels scaled to the size a page draws it at, in physical pixels, so a page
/// never samples a picture when it is drawn (no blur on a 2× screen, no shimmer from a large
/// picture sampled sparsely): down by averaging every source pixel a target pixel covers
/// (a box filter over its footprint, alpha premultiplied so transparent pixels add no colour),
/// up by interpolating between the four nearest (bilinear).
enum PictureScaling {
    /// `pixels` (0xAARRGGBB, straight alpha, `width` × `height`) at `targetWidth` ×
    /// `targetHeight`, straight alpha.
    static func scaled(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int,
                       to targetWidth: Int, _ targetHeight: Int) -> [UInt32] {
        guard width > 0, height > 0, targetWidth > 0, targetHeight > 0, pixels.count >= width * height else { return [] }
        if width == targetWidth && height == targetHeight { return Array(pixels[0..<width * height]) }
        var out = [UInt32](repeating: 0, count: targetWidth * targetHeight)
        let sx = Double(width) / Double(targetWidth), sy = Double(height) / Double(targetHeight)
        out.withUnsafeMutableBufferPointer { out in
            for ty in 0..<targetHeight {
                // The source rows the target row covers (at least one), or the two to interpolate.
                let fy0 = Double(ty) * sy, fy1 = Double(ty + 1) * sy
                for tx in 0..<targetWidth {
                    let fx0 = Double(tx) * sx, fx1 = Double(tx + 1) * sx
                    if sx >= 1 && sy >= 1 {
                        out[ty * targetWidth + tx] = average(pixels, width: width, x: Int(fx0)..<max(Int(fx0) + 1, min(width, Int(fx1.rounded(.up)))),
                                                             y: Int(fy0)..<max(Int(fy0) + 1, min(height, Int(fy1.rounded(.up)))))
                    } else {
                        out[ty * targetWidth + tx] = interpolate(pixels, width: width, height: height,
                                                                 x: (fx0 + fx1) / 2 - 0.5, y: (fy0 + fy1) / 2 - 0.5)
                    }
                }
            }
        }
        return out
    }

    /// The average of the source pixels in columns `x` and rows `y`, alpha-weighted.
    @inline(__always)
    private static func average(_ p: UnsafeBufferPointer<UInt32>, width: Int, x: Range<Int>, y: Range<Int>) -> UInt32 {
        var a = 0, r = 0, g = 0, b = 0
        for row in y {
            let base = row * width
            for column in x {
                let c = p[base + column]
                let alpha = Int(c >> 24)
                a += alpha
                r += Int((c >> 16) & 0xFF) * alpha
                g += Int((c >> 8) & 0xFF) * alpha
                b += Int(c & 0xFF) * alpha
            }
        }
        let count = x.count * y.count
        guard a > 0 else { return 0 }
        return UInt32((a + count / 2) / count) << 24 | UInt32(r / a) << 16 | UInt32(g / a) << 8 | UInt32(b / a)
    }

    /// The colour at (x, y) in source pixels (pixel centres at whole numbers), between the
    /// four nearest pixels, alpha-weighted; clamped at the edges.
    @inline(__always)
    private static func interpolate(_ p: UnsafeBufferPointer<UInt32>, width: Int, height: Int, x: Double, y: Double) -> UInt32 {
        let cx = min(max(x, 0), Double(width - 1)), cy = min(max(y, 0), Double(height - 1))
        let x0 = Int(cx), y0 = Int(cy)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let wx = cx - Double(x0), wy = cy - Double(y0)
        var a = 0.0, r = 0.0, g = 0.0, b = 0.0
        for (px, py, w) in [(x0, y0, (1 - wx) * (1 - wy)), (x1, y0, wx * (1 - wy)), (x0, y1, (1 - wx) * wy), (x1, y1, wx * wy)] {
            let c = p[py * width + px]
            let alpha = Double(c >> 24) * w
            a += alpha
            r += Double((c >> 16) & 0xFF) * alpha
            g += Double((c >> 8) & 0xFF) * alpha
            b += Double(c & 0xFF) * alpha
        }
        guard a > 0 else { return 0 }
        func channel(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v / a).rounded()))) }
        return UInt32(min(255, a.rounded())) << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
    }
}
