import Pagination
@testable import Rendering
import Testing

/// The pictures' cache: decoded ahead on a thread of its own, each once a size, within its
/// limit, and a picture that cannot be drawn tried once.
@Suite struct PictureCacheTests {
    static func placed(_ source: String, width: Float = 60, height: Float = 30) -> PlacedPicture {
        PlacedPicture(x: 10, y: 10, width: width, height: height, source: source, pixelWidth: 60, pixelHeight: 30,
                      alternative: "", offset: 0)
    }

    @Test func aPictureDecodedAheadIsReadyAndDecodedOnce() throws {
        try SDLRuntime.start(headless: true)
        let files = MemoryFiles(["a.png": Rendering.PictureRenderingTests.png])
        let cache = PictureCache()
        let picture = Self.placed("a.png")
        cache.prefetch([picture, picture], scale: 2, files: files)
        let key = PictureCache.key(of: picture, scale: 2)
        #expect(key.width == 120 && key.height == 60, "the size in physical pixels at scale 2")
        let pixels = try #require(cache.pixels(of: picture, key: key, files: files))
        #expect(pixels.count == 120 * 60)
        #expect(pixels[30 * 120 + 10] == 0xFFFF_0000 && pixels[30 * 120 + 110] == 0xFF00_00FF, "red left, blue right")
        _ = cache.pixels(of: picture, key: key, files: files)
        cache.prefetch([picture], scale: 2, files: files)
        #expect(cache.decodedCount == 1 && files.readCount == 1, "decoded once, however often it is asked for")
    }

    @Test func theLeastRecentlyUsedGoesPastTheLimit() throws {
        try SDLRuntime.start(headless: true)
        let files = MemoryFiles(["a.png": Rendering.PictureRenderingTests.png, "b.png": Rendering.PictureRenderingTests.png])
        let one = 60 * 30 * 4
        let cache = PictureCache(byteLimit: one + one / 2)
        let a = Self.placed("a.png"), b = Self.placed("b.png")
        for picture in [a, b, a] { _ = cache.pixels(of: picture, key: PictureCache.key(of: picture, scale: 1), files: files) }
        #expect(cache.decodedCount == 3, "b pushed a out, so a was decoded again")
    }

    @Test func aPictureThatCannotBeDrawnIsTriedOnce() throws {
        try SDLRuntime.start(headless: true)
        let files = MemoryFiles(["bad.png": Array("not a picture at all".utf8)])
        let cache = PictureCache()
        for source in ["bad.png", "gone.png"] {
            let picture = Self.placed(source)
            for _ in 0..<3 { #expect(cache.pixels(of: picture, key: PictureCache.key(of: picture, scale: 1), files: files) == nil) }
        }
        #expect(files.readCount == 2 && cache.decodedCount == 0)
    }
}
