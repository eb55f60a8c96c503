import Reader

extension PixelBuffer {
    /// Blends `source` (0xAARRGGBB, straight alpha, `sourceWidth` × `sourceHeight`) over the
    /// buffer with its top-left corner at (x, y), clipped to the buffer: a picture's colours
    /// as they are, whatever the theme (a night page does not invert a picture).
    mutating func blend(picture source: [UInt32], sourceWidth: Int, sourceHeight: Int, at x: Int, _ y: Int) {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + sourceWidth, width), y1 = min(y + sourceHeight, height)
        guard x0 < x1, y0 < y1, source.count >= sourceWidth * sourceHeight else { return }
        let w = width
        source.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for py in y0..<y1 {
                    let srcRow = (py - y) * sourceWidth - x
                    let dstRow = py * w
                    for px in x0..<x1 {
                        let s = src[srcRow + px]
                        let a = s >> 24
                        if a == 0xFF {
                            dst[dstRow + px] = s
                        } else if a > 0 {
                            let d = dst[dstRow + px]
                            func mix(_ shift: UInt32) -> UInt32 {
                                let sc = (s >> shift) & 0xFF, dc = (d >> shift) & 0xFF
                                return (sc * a + dc * (255 - a) + 127) / 255
                            }
                            dst[dstRow + px] = 0xFF00_0000 | mix(16) << 16 | mix(8) << 8 | mix(0)
                        }
                    }
                }
            }
        }
    }

    /// Draws the outline of a rectangle, `thickness` pixels wide, in `color` (a placeholder
    /// for a picture that cannot be drawn).
    mutating func frame(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, thickness: Int, color: RGB) {
        let t = max(1, thickness)
        fill(x: x, y: y, width: rectWidth, height: t, color: color)
        fill(x: x, y: y + rectHeight - t, width: rectWidth, height: t, color: color)
        fill(x: x, y: y, width: t, height: rectHeight, color: color)
        fill(x: x + rectWidth - t, y: y, width: t, height: rectHeight, color: color)
    }

    /// Fills a rectangle with `color`, clipped to the buffer.
    mutating func fill(x: Int, y: Int, width rectWidth: Int, height rectHeight: Int, color: RGB) {
        let x0 = max(x, 0), y0 = max(y, 0), x1 = min(x + rectWidth, width), y1 = min(y + rectHeight, height)
        guard x0 < x1, y0 < y1 else { return }
        let c = color.argb, w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            for py in y0..<y1 { UnsafeMutableBufferPointer(rebasing: dst[(py * w + x0)..<(py * w + x1)]).update(repeating: c) }
        }
    }
}
