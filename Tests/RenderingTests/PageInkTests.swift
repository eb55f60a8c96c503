import PropertyBased
@testable import Rendering
import Testing

extension Rendering {
    /// `PageInk`: the rectangles outside which a page is plain paper.
    @Suite struct PageInkTests {
        static let paper: UInt32 = 0xFFF8_F4E8

        static func scan(_ pixels: [UInt32], width: Int, height: Int, mergeGap: Int = 3) -> PageInk {
            pixels.withUnsafeBufferPointer { PageInk.scan($0, width: width, height: height, paper: paper, mergeGap: mergeGap) }
        }

        /// Whether (x, y) lies in one of `ink`'s rectangles.
        static func covers(_ ink: PageInk, _ x: Int, _ y: Int) -> Bool {
            ink.rects.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
        }

        @Test func aBlankPageHasNoInk() {
            #expect(Self.scan([UInt32](repeating: Self.paper, count: 40 * 30), width: 40, height: 30).rects.isEmpty)
        }

        @Test func linesFarApartAreBandsCutToTheirColumns() {
            var pixels = [UInt32](repeating: Self.paper, count: 50 * 40)
            for x in 10..<40 { pixels[5 * 50 + x] = 0xFF00_0000 }
            pixels[6 * 50 + 7] = 0xFF20_2020
            pixels[30 * 50 + 49] = 0xFF80_8080
            let ink = Self.scan(pixels, width: 50, height: 40)
            #expect(ink.rects == [PageInk.Rect(x: 7, y: 5, width: 33, height: 2), PageInk.Rect(x: 49, y: 30, width: 1, height: 1)])
        }

        @Test func rowsCloserThanTheGapShareABand() {
            var pixels = [UInt32](repeating: Self.paper, count: 20 * 20)
            pixels[2 * 20 + 3] = 0xFF00_0000
            pixels[4 * 20 + 9] = 0xFF00_0000
            #expect(Self.scan(pixels, width: 20, height: 20, mergeGap: 2).rects == [PageInk.Rect(x: 3, y: 2, width: 7, height: 3)])
            #expect(Self.scan(pixels, width: 20, height: 20, mergeGap: 1).rects.count == 2)
        }

        @Test func everyPixelOutsideTheRectanglesIsPaperAndEveryBandIsTight() async {
            await propertyCheck(count: 300, input: Gen.int(in: 1...60), Gen.int(in: 1...60), Gen.int(in: 0...1_000_000).array(of: 0...40)) {
                width, height, dots in
                var pixels = [UInt32](repeating: Self.paper, count: width * height)
                for dot in dots { pixels[dot % pixels.count] = Self.paper ^ UInt32(1 + dot % 0xFFFF) }
                let ink = Self.scan(pixels, width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width where !Self.covers(ink, x, y) {
                        #expect(pixels[y * width + x] == Self.paper, "(\(x), \(y)) left out")
                    }
                }
                for r in ink.rects {
                    let rows = [r.y, r.maxY - 1], columns = [r.x, r.maxX - 1]
                    for y in rows {
                        #expect((r.x..<r.maxX).contains { pixels[y * width + $0] != Self.paper }, "band row \(y) holds ink")
                    }
                    for x in columns {
                        #expect((r.y..<r.maxY).contains { pixels[$0 * width + x] != Self.paper }, "band column \(x) holds ink")
                    }
                }
                #expect(zip(ink.rects, ink.rects.dropFirst()).allSatisfy { $0.maxY < $1.y }, "bands top to bottom, apart")
            }
        }

        @Test func theInkInsideAClipIsCutToIt() {
            let ink = PageInk.whole(width: 100, height: 50)
            var parts: [PageInk.Rect] = []
            ink.forEach(inside: PageInk.Rect(x: 90, y: 40, width: 30, height: 30)) { parts.append($0) }
            #expect(parts == [PageInk.Rect(x: 90, y: 40, width: 10, height: 10)])
            ink.forEach(inside: PageInk.Rect(x: 100, y: 0, width: 5, height: 5)) { _ in Issue.record("nothing right of the page") }
        }
    }
}
