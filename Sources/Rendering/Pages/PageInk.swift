/// Where a composed page differs from plain paper: a few rectangles, in its texture's pixels,
/// outside which every pixel is the paper colour.
///
/// A page is mostly paper (margins, the leading between lines, the ends of short lines). On a
/// renderer that fills pixels on the CPU (Mesa's llvmpipe, SDL's software renderer) a frame's
/// cost is the pixels its copies fill, while clearing the frame to one colour costs little.
/// So where a page is copied onto pixels that already hold its paper (the cleared frame),
/// copying its ink rectangles alone gives the same picture for about half the fill
/// (`InkCopies`; each caller says why the pixels under its copies are paper).
///
/// Found by scanning the composed pixels, not from the layout, so it is exact whatever the
/// composer draws (text, the running head, the page number, marks past the line's advance).
struct PageInk: Equatable {
    /// A rectangle of texture pixels.
    struct Rect: Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var maxX: Int { x + width }
        var maxY: Int { y + height }
    }

    /// Bands of rows that hold ink, each cut to the columns that do, top to bottom.
    private(set) var rects: [Rect]

    /// Every pixel: for a page whose paper is not known to be plain.
    static func whole(width: Int, height: Int) -> PageInk {
        PageInk(rects: width > 0 && height > 0 ? [Rect(x: 0, y: 0, width: width, height: height)] : [])
    }

    /// Scans `pixels` (`width` × `height`, rows top to bottom) for pixels other than `paper`.
    /// Ink rows with fewer than `mergeGap` rows of paper between them share a band (fewer,
    /// slightly larger copies).
    static func scan(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int, paper: UInt32, mergeGap: Int = 3) -> PageInk {
        precondition(pixels.count >= width * height, "fewer pixels than width × height")
        var rects: [Rect] = []
        var open: (top: Int, bottom: Int, minX: Int, maxX: Int)?
        func close() {
            if let b = open { rects.append(Rect(x: b.minX, y: b.top, width: b.maxX - b.minX, height: b.bottom - b.top)) }
            open = nil
        }
        for y in 0..<height {
            let row = y * width
            var first = 0
            while first < width && pixels[row + first] == paper { first += 1 }
            if first == width { continue }
            var last = width - 1
            while pixels[row + last] == paper { last -= 1 }
            if var b = open, y - b.bottom < mergeGap {
                b.bottom = y + 1
                b.minX = min(b.minX, first)
                b.maxX = max(b.maxX, last + 1)
                open = b
            } else {
                close()
                open = (y, y + 1, first, last + 1)
            }
        }
        close()
        return PageInk(rects: rects)
    }

    /// The parts of the rectangles inside `clip` (texture pixels), each passed to `body`.
    func forEach(inside clip: Rect, _ body: (Rect) -> Void) {
        for r in rects {
            if r.y >= clip.maxY { break }
            let x0 = max(r.x, clip.x), x1 = min(r.maxX, clip.maxX)
            let y0 = max(r.y, clip.y), y1 = min(r.maxY, clip.maxY)
            if x1 > x0 && y1 > y0 { body(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        }
    }
}
