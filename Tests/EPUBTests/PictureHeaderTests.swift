import PictureFiles
import Testing

/// A picture file's format and size read from its first bytes, by its content whatever its
/// name says, without decoding it.
@Suite("Picture headers")
struct PictureHeaderTests {
    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// A PNG's signature and IHDR chunk (what a header reader needs; no pixels).
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 6, 0, 0, 0] + be32(0)
    }

    @Test("PNG, GIF, JPEG, WebP and AVIF give their size in pixels")
    func rasterFormats() {
        #expect(PictureHeader.read(Self.png(width: 500, height: 714)) == PictureHeader(format: .png, width: 500, height: 714))
        let gif = Array("GIF89a".utf8) + [0x2C, 0x01, 0x90, 0x00] + [0, 0, 0] + [0x2C, 0, 0, 0, 0, 0x2C, 0x01, 0x90, 0x00, 0]
        #expect(PictureHeader.read(gif) == PictureHeader(format: .gif, width: 300, height: 144))
        // An EXIF segment before the frame, as cameras write it, then SOF0 (height, then width).
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x10] + Array(repeating: 0x41, count: 14)
        let jpeg: [UInt8] = [0xFF, 0xD8] + exif + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x02, 0x56, 0x03] + Array(repeating: 0, count: 9)
        #expect(PictureHeader.read(jpeg) == PictureHeader(format: .jpeg, width: 598, height: 800))
        var vp8x = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
        vp8x += [0xFF, 0x03, 0x00, 0x57, 0x02, 0x00] + [0, 0]  // 1024 × 600, less one each
        #expect(PictureHeader.read(vp8x) == PictureHeader(format: .webp, width: 1024, height: 600))
        let avif = [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array(repeating: 0, count: 12)
            + [0, 0, 0, 0x14] + Array("ispe".utf8) + [0, 0, 0, 0] + Self.be32(640) + Self.be32(480)
        #expect(PictureHeader.read(avif) == PictureHeader(format: .avif, width: 640, height: 480))
    }

    @Test("a header that tells two stories gives the size a decoder would allocate for")
    func lyingHeaders() {
        // A stuffed FF 00 and stray bytes before the real frame: libjpeg passes them over, and
        // so must the size, or a small fake frame inside them would hide a huge real one.
        let fake: [UInt8] = [0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03]
        let real: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFF, 0xDC, 0xFF, 0xDC, 0x03] + Array(repeating: 0, count: 9)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0x00] + fake + real
        #expect(PictureHeader.read(jpeg) == PictureHeader(format: .jpeg, width: 65500, height: 65500))
        // A GIF whose first image reaches far past its logical screen.
        var gif = Array("GIF89a".utf8) + [10, 0, 10, 0, 0, 0, 0]
        gif += [0x21, 0xF9, 4, 0, 0, 0, 0, 0]  // a graphic control extension
        gif += [0x2C, 0, 0, 0, 0, 0x10, 0x27, 0x10, 0x27, 0]  // 10,000 × 10,000 at the origin
        #expect(PictureHeader.read(gif) == PictureHeader(format: .gif, width: 10_000, height: 10_000))
        // An AVIF with a thumbnail's extents before its main image's: the largest counts.
        func ispe(_ w: UInt32, _ h: UInt32) -> [UInt8] { [0, 0, 0, 0x14] + Array("ispe".utf8) + [0, 0, 0, 0] + Self.be32(w) + Self.be32(h) }
        let avif = [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + Array(repeating: 0, count: 16) + ispe(64, 48) + ispe(8000, 6000)
        #expect(PictureHeader.read(avif) == PictureHeader(format: .avif, width: 8000, height: 6000))
    }

    @Test("an SVG's size is its width and height, else its viewBox, else 300 × 150")
    func svg() {
        func size(_ svg: String) -> PictureHeader? { PictureHeader.read(Array(svg.utf8)) }
        let prolog = "<?xml version=\"1.0\"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg>\n"
        #expect(size(prolog + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1400\" height=\"440\">")
                == PictureHeader(format: .svg, width: 1400, height: 440))
        #expect(size("<svg version='1.1' viewBox='0 0 1400 2100' width='100%'>")?.height == 2100, "a percentage: the viewBox")
        #expect(size("<svg width=\"3in\" viewBox=\"0 0 10 20\">").map { ($0.width, $0.height) } ?? (0, 0) == (288, 576))
        #expect(size("<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\">")?.width == 300)
        #expect(size("<svg width=\"10em\" height=\"5em\">") == PictureHeader(format: .svg, width: 160, height: 80), "ems, not an exponent")
        #expect(size("<html><svg width=\"10\" height=\"10\"/></html>") == nil, "SVG inside other markup is no SVG file")
    }

    @Test("what is no picture, or a header cut short, gives nothing")
    func notPictures() {
        #expect(PictureHeader.read(Array("<html><body>a picture?</body></html>".utf8)) == nil)
        #expect(PictureHeader.read(Array(Self.png(width: 10, height: 10).prefix(20))) == nil)
        #expect(PictureHeader.read([0xFF, 0xD8, 0xFF, 0xE0, 0x00]) == nil)
        #expect(PictureHeader.read(Self.png(width: 0, height: 10)) == nil, "a picture of no pixels")
        #expect(PictureHeader.read([]) == nil)
    }
}
