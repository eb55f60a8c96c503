import CZlib
import Foundation

/// An 8-bit RGB or RGBA PNG read back (non-interlaced, as `pageturn` writes them), for tests
/// that compare frames a command wrote.
public struct PNGImage: Equatable {
    public let width: Int
    public let height: Int
    /// 0xRRGGBB per pixel, row by row.
    public let pixels: [UInt32]

    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    public init(contentsOf path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func fail(_ why: String) -> Unreadable { Unreadable(description: "\(path): \(why)") }
        guard bytes.count > 33, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw fail("not a PNG")
        }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var at = 8, width = 0, height = 0, channels = 0
        var compressed: [UInt8] = []
        while at + 8 <= bytes.count {
            let length = u32(at), type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard at + 12 + length <= bytes.count else { throw fail("a chunk runs past the end") }
            let body = bytes[at + 8..<at + 8 + length]
            switch type {
            case "IHDR":
                width = u32(at + 8)
                height = u32(at + 12)
                guard body[body.startIndex + 8] == 8, body[body.startIndex + 12] == 0 else { throw fail("not 8-bit, non-interlaced") }
                switch body[body.startIndex + 9] {
                case 2: channels = 3
                case 6: channels = 4
                default: throw fail("not RGB or RGBA")
                }
            case "IDAT": compressed += body
            default: break
            }
            at += 12 + length
        }
        guard width > 0, height > 0, channels > 0 else { throw fail("no image header") }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawCount = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawCount, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(rawCount) == raw.count else { throw fail("the image data does not inflate to its size") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        var previous = [UInt8](repeating: 0, count: stride), row = previous
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let a = x >= channels ? Int(row[x - channels]) : 0, b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw fail("unknown filter \(filter)")
                }
                row[x] = UInt8(truncatingIfNeeded: Int(raw[y * (stride + 1) + 1 + x]) + predictor)
            }
            for x in 0..<width {
                let p = x * channels
                pixels[y * width + x] = UInt32(row[p]) << 16 | UInt32(row[p + 1]) << 8 | UInt32(row[p + 2])
            }
            swap(&previous, &row)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The share of pixels whose red, green or blue differ from `other`'s by more than
    /// `tolerance` (1 when the sizes differ).
    public func differingShare(from other: PNGImage, tolerance: Int) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        var differing = 0
        for (p, q) in zip(pixels, other.pixels) {
            for shift in [16, 8, 0] where abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)) > tolerance {
                differing += 1
                break
            }
        }
        return Double(differing) / Double(pixels.count)
    }

    /// How many pixels are ink: darker than mid-grey.
    public var inkCount: Int {
        pixels.reduce(0) { n, p in n + ((p >> 16 & 0xFF) + (p >> 8 & 0xFF) + (p & 0xFF) < 384 ? 1 : 0) }
    }
}
