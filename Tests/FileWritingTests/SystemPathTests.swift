import FileWriting
import Testing

/// File names that are not UTF-8 keep their bytes from the command line to the system call.
@Suite("System paths")
struct SystemPathTests {
    func roundTrip(_ bytes: [UInt8]) -> [UInt8] {
        let string = bytes.withUnsafeBufferPointer { SystemPath.string($0) }
        return string.fileSystemPath.dropLast().map { UInt8(bitPattern: $0) }
    }

    @Test func aGBKNameKeepsItsBytes() {
        // 红楼梦.txt in GBK.
        let name: [UInt8] = [0xBA, 0xEC, 0xC2, 0xA5, 0xC3, 0xCE, 0x2E, 0x74, 0x78, 0x74]
        #expect(roundTrip(name) == name)
        let string = name.withUnsafeBufferPointer { SystemPath.string($0) }
        #expect(!string.contains("\u{FFFD}"), "no byte is replaced")
        #expect(string.hasSuffix(".txt"))
    }

    @Test func utf8NamesAreTheSameStringEitherWay() {
        for name in ["book.txt", "红楼梦.txt", "Truyện Kiều.txt", "ספר.txt", "😀"] {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { SystemPath.string($0) } == name)
            #expect(roundTrip(bytes) == bytes)
        }
    }

    /// Overlong forms, surrogates, stray continuation bytes and truncated sequences are not
    /// UTF-8: each of their bytes is kept on its own.
    @Test func everyByteSequenceComesBackUnchanged() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        // The last two spell out escape scalars themselves (U+F780, U+F7FF): kept as bytes too.
        let awkward: [[UInt8]] = [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x80], [0xE4, 0xB8], [0xF4, 0x90, 0x80, 0x80], [0xFF, 0xFE],
                                  [0xEF, 0x9E, 0x80, 0x2E, 0x74], [0xEF, 0x9F, 0xBF]]
        for bytes in awkward { #expect(roundTrip(bytes) == bytes, "\(bytes)") }
        for _ in 0..<2000 {
            let bytes = (0..<Int(next() % 12)).map { _ in max(next(), 1) }  // no NUL in a file name
            #expect(roundTrip(bytes) == bytes, "\(bytes)")
        }
    }
}
