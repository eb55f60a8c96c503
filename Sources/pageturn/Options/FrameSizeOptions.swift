import ArgumentParser
import FoundationEssentials
import PageTurner
import Rendering

/// A command's window or frame size when --width and --height are not given.
protocol DefaultFrameSize {
    static var defaultWidth: Int { get }
    static var defaultHeight: Int { get }
}

/// The size a book's page is shown at when none is given, the same for `read`'s window,
/// `render`'s picture and `layout`'s page: 900 × 1200, a book page's 3:4, one page (a window
/// on a smaller screen shrinks to fit its usable area, keeping the shape, `Window`).
extension DefaultFrameSize {
    static var defaultWidth: Int { 900 }
    static var defaultHeight: Int { 1200 }
}

/// The size of what the reader draws, in logical pixels: its window (`read`) or one frame
/// (`render`), 160 to 8192 on a side; `Default` gives the size when none is given.
struct FrameSizeOptions<Default: DefaultFrameSize>: ParsableArguments {
    @Option(parsing: .unconditional, help: "Width in logical pixels, 160 to 8192.") var width = Checked(Default.defaultWidth)
    @Option(parsing: .unconditional, help: "Height in logical pixels, 160 to 8192.") var height = Checked(Default.defaultHeight)

    static var sides: ClosedRange<Int> { 160...8192 }

    /// Whether --width or --height was given (else a window may take the size it had last).
    var isGiven: Bool { !width.isDefault || !height.isDefault }

    func validate() throws { _ = try size }

    /// The width and height given, checked.
    var size: (width: Int, height: Int) {
        get throws { (try width.value(of: "--width", in: Self.sides), try height.value(of: "--height", in: Self.sides)) }
    }

    /// Refuses, on one line, a frame of more than `Canvas.maxPixels` (16 M) physical pixels
    /// at `scale` physical pixels per logical pixel.
    func checkPixels(scale: Double) throws {
        let (width, height) = try size
        let pixels = Double(width) * Double(height) * scale * scale
        guard pixels <= Double(Canvas.maxPixels) else {
            // Exact counts: a frame just over the limit must not read "16.0 megapixels (at most 16)".
            throw UserError("the frame is too big: \(width)×\(height) at scale \(NumberText.format(scale)) is "
                            + "\(Int(pixels.rounded(.up))) pixels; at most 16 megapixels (\(Canvas.maxPixels) pixels, 4096×4096)")
        }
    }
}
