import Pagination
import PictureFiles

/// Reads arbitrary bytes as a picture file's header, and lays out a page around the picture
/// it claims to be: the size is either nothing or a positive one, agrees with the format the
/// signature names, and whatever it claims, the picture lands inside its page at a finite size
/// and the pages keep `PageMap`'s promises.
enum PictureHarness {
    static let advances = AdvanceTable.monospaced(pixelSize: 16, narrow: 8, wide: 16)
    static let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        let header = PictureHeader.read(bytes)
        let format = bytes.withUnsafeBufferPointer { PictureHeader.format(of: $0) }
        if let header {
            try expect(header.width > 0 && header.height > 0, "picture: a header of \(header.width) × \(header.height)")
            try expect(header.format == format, "picture: read as \(header.format), signed as \(String(describing: format))")
        }
        for fillsPage in [false, true] {
            let picture = DocumentStructure.Picture(
                start: 0, source: "p", pixelWidth: Int32(clamping: header?.width ?? 0), pixelHeight: Int32(clamping: header?.height ?? 0),
                width: bytes.first.map { .percent(Float($0)) }, maxHeight: bytes.last.map { .ems(Float($0) / 8) }, fillsPage: fillsPage)
            var builder = DocumentBuilder()
            builder.beginBlock(.paragraph)
            builder.append("Before the picture.")
            builder.appendPicture(picture, style: nil)
            builder.beginBlock(.paragraph)
            builder.append("After it.")
            let (text, structure) = builder.finish()
            let paginator = Paginator(text: text, settings: settings, advances: advances, structure: structure)
            let map = paginator.paginate()
            try PageMapChecks.check(map, "picture")
            var typesetter = paginator.makeTypesetter()
            defer { typesetter.finish() }
            var placed = 0
            for page in 0..<map.pageCount {
                for p in typesetter.placePictures(map.lines(onPage: page)) {
                    placed += 1
                    try expect([p.x, p.y, p.width, p.height].allSatisfy(\.isFinite) && p.width >= 1 && p.height >= 1,
                               "picture: placed at \(p.x), \(p.y), \(p.width) × \(p.height)")
                    try expect(p.x >= -0.01 && p.y >= -0.01 && p.x + p.width <= settings.pageWidth + 0.01
                               && p.y + p.height <= settings.pageHeight + 0.01, "picture: \(p) leaves its page")
                }
            }
            try expect(placed == 1, "picture: placed \(placed) times")
        }
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(500) + be32(714) + [8, 6, 0, 0, 0]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x02, 0x56, 0x03, 0, 0, 0]
        let gif = Array("GIF89a".utf8) + [10, 0, 10, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 0x10, 0x27, 0x10, 0x27, 0]
        let svg = Array("<?xml version=\"1.0\"?><svg width=\"1400\" viewBox=\"0 0 1400 2100\"></svg>".utf8)
        return [("png", png), ("jpeg", jpeg), ("gif", gif), ("svg", svg), ("huge png", Array(png.prefix(16)) + be32(100_000) + be32(100_000))]
    }
}
