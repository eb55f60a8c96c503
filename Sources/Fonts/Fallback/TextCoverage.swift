internal import Glibc
import Pagination

/// The distinct characters a text uses that need a glyph: every scalar from U+00A0 up except
/// the invisible ones (format controls, variation selectors, tags), found in one pass over the
/// UTF-8 (a byte per BMP code point), plain ASCII skipped eight bytes at a time.
public struct TextCoverage: Sendable {
    /// The characters, in scalar order.
    public let scalars: [UInt32]
    private let text: BookText

    public init(_ text: BookText) {
        self.text = text
        // A byte per BMP code point (a store without a read, 64 KB); the rare characters above
        // the BMP listed as they come.
        var seenBMP = [UInt8](repeating: 0, count: 0x10000)
        var above: [UInt32] = []
        text.utf8.withUnsafeBufferPointer { bytes in
            seenBMP.withUnsafeMutableBufferPointer { bmp in
                Self.forEachNonASCII(bytes) { c in
                    if c < 0x10000 { bmp[Int(c)] = 1 } else { above.append(c) }
                }
            }
        }
        var distinct: [UInt32] = []
        seenBMP.withUnsafeBufferPointer { bmp in
            let raw = UnsafeRawBufferPointer(bmp)
            for word in 0..<(0x10000 / 8) where raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self) != 0 {
                for c in (word * 8)..<(word * 8 + 8) where bmp[c] != 0 && Self.needsGlyph(UInt32(c)) {
                    distinct.append(UInt32(c))
                }
            }
        }
        above.sort()
        for (k, c) in above.enumerated() where (k == 0 || above[k - 1] != c) && Self.needsGlyph(c) { distinct.append(c) }
        scalars = distinct
    }

    /// Whether the text may mark emphasis (`EmphasisMarks`), which the primary face's italic
    /// sets: whether an underscore in it could open a span, after a space, a line's start, a
    /// bracket, a quote or any non-ASCII character and before anything but a space or
    /// another underscore. (A Chinese book's `____` rules open none.)
    public var mayMarkEmphasis: Bool {
        text.utf8.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            while i < bytes.count, let found = memchr(base + i, 0x5F, bytes.count - i) {
                let k = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                i = k + 1
                guard k + 1 < bytes.count else { return false }
                let before: UInt8 = k > 0 ? bytes[k - 1] : 0x0A, after = bytes[k + 1]
                let opensAfter = before >= 0x80 || [0x20, 0x0A, 0x09, 0x28, 0x5B, 0x7B, 0x22, 0x27, 0x2D, 0x2F].contains(before)
                if opensAfter && ![0x20, 0x0A, 0x09, 0x0D, 0x5F].contains(after) { return true }
            }
            return false
        }
    }

    /// Whether the text holds an East Asian wide character (CJK ideographs, kana, Hangul,
    /// fullwidth forms): what the book's CJK face is for.
    public var hasEastAsianWide: Bool {
        scalars.contains { $0 >= 0x1100 && isEastAsianWide($0) }
    }

    /// How many times each of `characters` occurs in the text (a second pass; for the few
    /// characters no face covers).
    public func occurrences(of characters: [UInt32]) -> [Int] {
        let index = Dictionary(uniqueKeysWithValues: characters.enumerated().map { ($1, $0) })
        var counts = [Int](repeating: 0, count: characters.count)
        text.utf8.withUnsafeBufferPointer { bytes in
            Self.forEachNonASCII(bytes) { c in if let k = index[c] { counts[k] += 1 } }
        }
        return counts
    }

    /// Calls `body` with every scalar of valid UTF-8 `bytes` from U+0080 up.
    @inline(__always)
    static func forEachNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32) -> Void) {
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
            if b0 < 0x80 {
                i += 1
                continue
            }
            var c: UInt32
            if b0 < 0xE0 {
                c = (b0 & 0x1F) << 6 | UInt32(base[i + 1] & 0x3F)
                i += 2
            } else if b0 < 0xF0 {
                c = (b0 & 0x0F) << 12 | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F)
                i += 3
            } else {
                c = (b0 & 0x07) << 18 | UInt32(base[i + 1] & 0x3F) << 12 | UInt32(base[i + 2] & 0x3F) << 6
                    | UInt32(base[i + 3] & 0x3F)
                i += 4
            }
            if c < 0x110000 { body(c) }
        }
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
