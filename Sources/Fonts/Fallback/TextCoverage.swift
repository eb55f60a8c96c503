import Pagination

/// The distinct characters a text uses that need a glyph: every scalar from U+00A0 up except
/// the invisible ones (format controls, variation selectors, tags), found in one pass over the
/// UTF-8, plain ASCII skipped eight bytes at a time.
public struct TextCoverage: Sendable {
    /// The characters, in scalar order.
    public let scalars: [UInt32]
    /// How many times each of `scalars` occurs.
    public let counts: [Int]

    public init(_ text: BookText) {
        var seen = [UInt32](repeating: 0, count: 0x110000)
        var distinct: [UInt32] = []
        text.utf8.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            let n = bytes.count
            var i = 0
            while i < n {
                if i + 8 <= n {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        i += 8
                        continue
                    }
                }
                let b0 = UInt32(base[i])
                var c: UInt32
                var length: Int
                if b0 < 0x80 {
                    i += 1
                    continue
                } else if b0 < 0xE0 {
                    c = (b0 & 0x1F) << 6 | UInt32(base[i + 1] & 0x3F)
                    length = 2
                } else if b0 < 0xF0 {
                    c = (b0 & 0x0F) << 12 | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F)
                    length = 3
                } else {
                    c = (b0 & 0x07) << 18 | UInt32(base[i + 1] & 0x3F) << 12 | UInt32(base[i + 2] & 0x3F) << 6
                        | UInt32(base[i + 3] & 0x3F)
                    length = 4
                }
                i += length
                if c < 0x110000 {
                    if seen[Int(c)] == 0 && Self.needsGlyph(c) { distinct.append(c) }
                    seen[Int(c)] &+= 1
                }
            }
        }
        distinct.sort()
        scalars = distinct
        counts = distinct.map { Int(seen[Int($0)]) }
    }

    /// Whether `c` (U+0080 or above) is drawn: not a C1 control, a format character, a
    /// variation selector, a tag or a noncharacter.
    static func needsGlyph(_ c: UInt32) -> Bool {
        switch c {
        case 0x80...0x9F, 0xAD, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF,
             0xFFF0...0xFFFB, 0xE0000...0xE0FFF, 0xFDD0...0xFDEF:
            return false
        default:
            return c & 0xFFFE != 0xFFFE && !(0xD800...0xDFFF).contains(c)
        }
    }
}
