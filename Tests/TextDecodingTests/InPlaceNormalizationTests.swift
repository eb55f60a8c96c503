import PropertyBased
import Testing
@testable import TextDecoding

/// Valid UTF-8 with a BOM or CRs is normalized in its own storage (`normalizeInPlace`):
/// the same text, counts and index as the copying normalizer, and input it cannot handle is
/// left exactly as it was for the copying path.
@Suite struct InPlaceNormalizationTests {
    /// Pieces of valid UTF-8 books: ASCII runs, every line end, CJK, accents, emoji, an inner
    /// U+FEFF; strings of them cross the 8-byte words and the index's checkpoints anywhere.
    static let pieces: [String] = ["a", "Hello, world", "\r\n", "\r", "\n", "\r\r\n", "中文", "é", "😀", "\u{FEFF}", " "]
    static let books = Gen.int(in: 0..<pieces.count).array(of: 0...1500).map { picks in
        Array(picks.map { pieces[$0] }.joined().utf8)
    }

    @Test func validUTF8WithBOMsAndCRsNormalizesAsTheCopyingPathDoes() async {
        await propertyCheck(count: 150, input: Self.books) { body in
            for bytes in [body, [0xEF, 0xBB, 0xBF] + body] {
                var inPlace = bytes
                guard let fast = UTF8Normalizer.normalizeInPlace(&inPlace) else {
                    #expect(bytes.isEmpty, "valid UTF-8 without NUL is always handled in place")
                    continue
                }
                let copied = UTF8Normalizer.normalize(bytes, strict: false)!
                #expect(fast.utf8 == copied.utf8)
                #expect(fast.scalarCount == copied.scalarCount)
                #expect(fast.checkpoints == copied.checkpoints)
                #expect(fast.utf8 == Reference.normalizedUTF8(bytes).utf8)
            }
        }
    }

    @Test func inputWithANULOrAnIllFormedByteIsLeftUntouched() async {
        let damaged = zip(Self.books, Gen.int(in: 0...1_000_000), Gen.int(in: 0...1)).map { body, place, kind in
            var bytes = body
            bytes.insert(kind == 0 ? 0x00 : 0xFF, at: place % (body.count + 1))
            return bytes
        }
        await propertyCheck(count: 150, input: damaged) { bytes in
            var inPlace = bytes
            #expect(UTF8Normalizer.normalizeInPlace(&inPlace) == nil)
            #expect(inPlace == bytes)
        }
    }

    @Test func aWindowsBookDecodesInPlaceWithoutChangingTheCallersCopy() throws {
        let book = Array("\u{FEFF}Chapter 1\r\nIt was\r\ndark.\r".utf8)
        let kept = book
        let decoded = try TextDecoder.decode(book)
        #expect(decoded.text == "Chapter 1\nIt was\ndark.\n")
        #expect(decoded.scalarCount == 23)
        #expect(kept == book, "the caller's array is copied before it is changed")
    }
}
