/// One rendered frame read back from the renderer: opaque pixels as 0xAARRGGBB words, row by
/// row, in physical (drawable) pixels. What `pageturn render` writes and what tests sample.
public struct Frame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y) as (red, green, blue), 0…255 each.
    public func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let p = pixels[y * width + x]
        return (Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }

    /// The pixel's luma, 0 (black) … 255 (white), Rec. 601 weights.
    public func luminance(x: Int, y: Int) -> Double {
        let (r, g, b) = rgb(x: x, y: y)
        return 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)
    }
}
