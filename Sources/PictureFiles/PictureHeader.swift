/// What a picture file's first bytes say of it: its format and its size in pixels, read
/// without decoding it — what a layout needs before any picture is drawn, and what lets a
/// file that claims 100,000 × 100,000 pixels be refused before a decoder allocates for it.
///
/// The format is found by content (the file's signature), never by its name or its stated
/// media type, as browsers sniff images (WHATWG MIME Sniffing §7.1). The headers are read by
/// hand: each is a few fixed fields (PNG's IHDR, GIF's first image descriptor, JPEG's SOF marker,
/// WebP's VP8/VP8L/VP8X chunk, AVIF's `ispe` property, an SVG root's `width`, `height` and
/// `viewBox`), while the decoders (SDL_image, librsvg) read a size only by decoding the file.
public struct PictureHeader: Sendable, Equatable {
    /// A picture format this reader knows by its signature.
    public enum Format: String, Sendable, Equatable, CaseIterable {
        case png, jpeg, gif, webp, avif, svg
    }

    public var format: Format
    /// The size in pixels (an SVG's in CSS px), each at least 1.
    public var width: Int
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The header as a layout takes it: an SVG is drawn at whatever size it is shown, so a huge
    /// `viewBox` is no huge allocation and its size is only its shape, scaled down to at most
    /// `pixels` pixels; a raster picture's size is its own.
    public func sizedForLayout(within pixels: Int64) -> PictureHeader {
        guard format == .svg, Int64(width) * Int64(height) > pixels else { return self }
        let scale = (Double(pixels) / (Double(width) * Double(height))).squareRoot()
        return PictureHeader(format: format, width: max(1, Int(Double(width) * scale)), height: max(1, Int(Double(height) * scale)))
    }

    /// How many bytes of a file `read(_:)` looks at: a JPEG's size follows its metadata
    /// (EXIF, ICC profiles), which may fill the first tens of kilobytes.
    public static let bytesNeeded = 256 * 1024

    /// The header of the picture whose first bytes are `bytes` (a prefix of the file, or the
    /// whole), or nil when they are no picture of a known format or give no usable size.
    public static func read(_ bytes: [UInt8]) -> PictureHeader? {
        bytes.withUnsafeBufferPointer { read($0) }
    }

    public static func read(_ b: UnsafeBufferPointer<UInt8>) -> PictureHeader? {
        guard let format = format(of: b) else { return nil }
        let size: (Int, Int)?
        switch format {
        case .png: size = pngSize(b)
        case .gif: size = gifSize(b)
        case .jpeg: size = jpegSize(b)
        case .webp: size = webpSize(b)
        case .avif: size = avifSize(b)
        case .svg: size = SVGSize.read(b)
        }
        guard let (w, h) = size, w > 0, h > 0 else { return nil }
        return PictureHeader(format: format, width: w, height: h)
    }

    /// The format whose signature `b` starts with.
    public static func format(of b: UnsafeBufferPointer<UInt8>) -> Format? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + signature.count && signature.indices.allSatisfy { b[offset + $0] == signature[$0] }
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4) && (starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8)) {
            return .avif
        }
        if SVGSize.isSVG(b) { return .svg }
        return nil
    }

    static func be16(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 { UInt32(b[i]) << 8 | UInt32(b[i + 1]) }
    static func le16(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 { UInt32(b[i + 1]) << 8 | UInt32(b[i]) }
    static func be32(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 { be16(b, i) << 16 | be16(b, i + 2) }
    static func le24(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16
    }

    /// PNG: the IHDR chunk comes first (PNG §5.6), its width and height big-endian.
    static func pngSize(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard b.count >= 24, b[12] == 0x49, b[13] == 0x48, b[14] == 0x44, b[15] == 0x52 else { return nil }
        let w = be32(b, 16), h = be32(b, 20)
        return w <= Int32.max && h <= Int32.max ? (Int(w), Int(h)) : nil
    }

    /// JPEG: the markers are read as libjpeg reads them (ITU T.81 §B.1.1.2: bytes before a
    /// marker's 0xFF and fill bytes are passed over, a stuffed `FF 00` is no marker), each
    /// segment skipped by its length, to the first start of frame (SOF0–SOF15 but DHT C4, JPG
    /// C8 and DAC CC), which gives the height, then the width (§B.2.2): the frame the decoder
    /// allocates for.
    static func jpegSize(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }  // not a marker: libjpeg scans on
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill bytes
            if marker == 0x00 || marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }  // no segment
            if marker == 0xD9 || marker == 0xDA { return nil }  // the end, or the scan, before any frame
            guard i + 3 < b.count else { return nil }
            let length = Int(be16(b, i + 2))
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { return nil }
                return (Int(be16(b, i + 7)), Int(be16(b, i + 5)))
            }
            i += 2 + length
        }
        return nil
    }

    /// GIF: the logical screen's size, or the first image's extent when it reaches past it
    /// (GIF89a §18, §20): extensions and the global colour table are passed over to the first
    /// image descriptor, whose size is what a decoder allocates for. Nil when the descriptor
    /// is not in the bytes given.
    static func gifSize(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard b.count >= 13 else { return nil }
        let screen = (Int(le16(b, 6)), Int(le16(b, 8)))
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 0x07) + 1) }  // the global colour table
        while i < b.count {
            switch b[i] {
            case 0x21:  // an extension: its label, then sub-blocks to an empty one
                i += 2
                while i < b.count && b[i] != 0 { i += Int(b[i]) + 1 }
                i += 1
            case 0x2C:  // an image descriptor: left, top, width, height
                guard i + 9 <= b.count else { return nil }
                let right = Int(le16(b, i + 1)) + Int(le16(b, i + 5)), bottom = Int(le16(b, i + 3)) + Int(le16(b, i + 7))
                return (max(screen.0, right), max(screen.1, bottom))
            default:
                return nil  // the trailer, or damage, before any image
            }
        }
        return nil
    }

    /// WebP: the first chunk after `WEBP` is `VP8 ` (lossy: 14-bit sizes after the key
    /// frame's start code), `VP8L` (lossless: 14-bit sizes less one, packed) or `VP8X`
    /// (extended: 24-bit sizes less one) (RFC 9649 §2.5–2.7).
    static func webpSize(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard b.count >= 30 else { return nil }
        switch String(decoding: UnsafeBufferPointer(rebasing: b[12..<16]), as: UTF8.self) {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
            return (Int(le16(b, 26) & 0x3FFF), Int(le16(b, 28) & 0x3FFF))
        case "VP8L":
            guard b[20] == 0x2F else { return nil }
            let bits = UInt32(b[21]) | UInt32(b[22]) << 8 | UInt32(b[23]) << 16 | UInt32(b[24]) << 24
            return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return (Int(le24(b, 24)) + 1, Int(le24(b, 27)) + 1)
        default:
            return nil
        }
    }

    /// AVIF: the largest image spatial extents property (`ispe`: a full box's version and
    /// flags, then the width and the height, ISO/IEC 23008-12 §6.5.3) in the bytes given — a
    /// file may hold a thumbnail's before its main image's, and the largest is what a decoder
    /// could be made to allocate for.
    static func avifSize(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        var largest: (Int, Int)?
        var i = 4
        while i + 16 <= b.count {
            if b[i] == 0x69, b[i + 1] == 0x73, b[i + 2] == 0x70, b[i + 3] == 0x65 {  // "ispe"
                let w = be32(b, i + 8), h = be32(b, i + 12)
                guard w <= Int32.max, h <= Int32.max else { return nil }
                if Int(w) * Int(h) > (largest.map { $0.0 * $0.1 } ?? -1) { largest = (Int(w), Int(h)) }
                i += 16
                continue
            }
            i += 1
        }
        return largest
    }
}
