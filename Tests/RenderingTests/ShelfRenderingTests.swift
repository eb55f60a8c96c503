import Foundation
import Library
import PageTurner
import Pagination
import Reader
import Rendering
import Testing

extension Rendering {
    /// The shelf drawn: each book's own cover where the scene puts it, a lettered cover for a
    /// book without one (or whose picture does not decode), nothing drawn twice.
    @Suite struct ShelfRenderingTests {
        static func book(_ title: String, cover: String? = nil, rtl: Bool = false) -> ShelfBook {
            ShelfBook(path: "/books/\(title).epub",
                      metadata: BookMetadata(format: .epub, title: title, author: "An Author", rightToLeft: rtl, coverPath: cover))
        }

        static func draw(_ books: [ShelfBook], files: MemoryFiles) throws -> (Frame, ShelfScene) {
            try SDLRuntime.start(headless: true)
            var listing = ShelfListing()
            listing.books = books
            let shelf = ShelfSession(listing: listing, size: Size(width: 800, height: 600))
            let view = ShelfView(fonts: try Fixture.fonts(), keepsCovers: false) { _ in files }
            let canvas = try Canvas.offscreen(width: 800, height: 600)
            while view.preload(shelf.scene, on: canvas) {}
            view.draw(shelf.scene, on: canvas)
            return (canvas.readPixels(), shelf.scene)
        }

        @Test func aCoverPictureFillsItsBoxAndABrokenOneIsLettered() throws {
            let files = MemoryFiles(["red-blue.png": PictureRenderingTests.png, "broken.png": [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]])
            let (frame, scene) = try Self.draw([Self.book("Pictured", cover: "red-blue.png"), Self.book("Broken", cover: "broken.png"),
                                                Self.book("Plain")], files: files)
            try #require(scene.items.count == 3)
            // The picture (2 : 1) is fitted across the cover's width, centred: red at its left, blue at its right.
            let c = scene.items[0].cover
            let mid = Int(c.y + c.height / 2)
            #expect(frame.rgb(x: Int(c.x) + 5, y: mid) == (255, 0, 0))
            #expect(frame.rgb(x: Int(c.maxX) - 5, y: mid) == (0, 0, 255))
            // The broken picture and the book without one get lettered covers: cloth, not paper.
            for item in scene.items.dropFirst() {
                let b = item.cover
                let cloth = frame.rgb(x: Int(b.x) + 3, y: Int(b.y) + 3)
                #expect(cloth != (250, 248, 242), "\(item.book.metadata.title): a cloth cover")
                let ink = (Int(b.y)..<Int(b.maxY)).reduce(0) { n, y in
                    n + (Int(b.x)..<Int(b.maxX)).filter { frame.luminance(x: $0, y: y) > 200 }.count
                }
                #expect(ink > 50, "\(item.book.metadata.title): its title lettered on it")
            }
        }

        @Test func moreCoversInViewThanTheCacheHoldsAreEachDecodedOnce() throws {
            try SDLRuntime.start(headless: true)
            let files = MemoryFiles(["c.png": PictureRenderingTests.png])
            var listing = ShelfListing()
            listing.books = (0..<300).map { Self.book("Book \($0)", cover: "c.png") }
            let shelf = ShelfSession(listing: listing, size: Size(width: 4000, height: 3200))
            try #require(shelf.scene.items.count > 240)
            let view = ShelfView(fonts: try Fixture.fonts(), keepsCovers: false) { _ in files }
            let canvas = try Canvas.offscreen(width: 4000, height: 3200)
            var decoded = 0
            while view.preload(shelf.scene, on: canvas) {
                decoded += 1
                try #require(decoded <= shelf.scene.items.count, "a cover decoded again pushed out another in view")
            }
            #expect(decoded == shelf.scene.items.count)
        }

        @Test func aNewCanvasGetsItsOwnCovers() throws {
            let files = MemoryFiles(["red-blue.png": PictureRenderingTests.png])
            try SDLRuntime.start(headless: true)
            var listing = ShelfListing()
            listing.books = [Self.book("Pictured", cover: "red-blue.png")]
            let shelf = ShelfSession(listing: listing, size: Size(width: 800, height: 600))
            let view = ShelfView(fonts: try Fixture.fonts(), keepsCovers: false) { _ in files }
            for _ in 0..<3 {
                // A headless window resized: a new canvas, a new renderer, none of the old textures.
                let canvas = try Canvas.offscreen(width: 800, height: 600)
                while view.preload(shelf.scene, on: canvas) {}
                view.draw(shelf.scene, on: canvas)
                let c = shelf.scene.items[0].cover
                #expect(canvas.readPixels().rgb(x: Int(c.x) + 5, y: Int(c.y + c.height / 2)) == (255, 0, 0))
            }
        }

        @Test func aRightToLeftCaptionStandsAtTheCoversRightEdge() throws {
            let (frame, scene) = try Self.draw([Self.book("שלום עולם", rtl: true), Self.book("Hello world")], files: MemoryFiles([:]))
            func inkColumns(_ item: ShelfScene.Item) -> (first: Int, last: Int) {
                let y0 = Int(item.cover.maxY) + 6, y1 = y0 + 16
                let xs = (Int(item.cover.x) - 2..<Int(item.cover.maxX) + 2).filter { x in (y0..<y1).contains { frame.isInk(x, $0) } }
                return (xs.min() ?? 0, xs.max() ?? 0)
            }
            let hebrew = inkColumns(scene.items[0]), latin = inkColumns(scene.items[1])
            #expect(Double(hebrew.last) >= scene.items[0].cover.maxX - 3, "ends at the right edge: \(hebrew)")
            #expect(Double(hebrew.first) > scene.items[0].cover.x + 10, "and not at the left: \(hebrew)")
            #expect(Double(latin.first) <= scene.items[1].cover.x + 3, "a left-to-right caption starts at the left: \(latin)")
        }
    }
}
