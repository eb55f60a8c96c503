import Pagination
import Testing
@testable import ReaderState

@Suite("Book keys")
struct BookKeyTests {
    @Test("are the text digest as 16 lowercase hex digits, zero-padded")
    func hex() {
        #expect(BookKey(textDigest: 0).hex == "0000000000000000")
        #expect(BookKey(textDigest: 0x2A).hex == "000000000000002a")
        #expect(BookKey(textDigest: .max).hex == "ffffffffffffffff")
        #expect(BookKey(textDigest: 0xDEAD_BEEF_0000_0001).description == "deadbeef00000001")
    }

    @Test("follow the text, not the file: the same text gives the same key, another text another key")
    func fromText() {
        let a = BookText(normalizedUTF8: Array("Alice was beginning to get very tired".utf8))
        let b = BookText(normalizedUTF8: Array("Alice was beginning to get very tired.".utf8))
        #expect(BookKey(text: a) == BookKey(textDigest: a.digest))
        #expect(BookKey(text: a) == BookKey(text: BookText(normalizedUTF8: Array("Alice was beginning to get very tired".utf8))))
        #expect(BookKey(text: a) != BookKey(text: b))
    }
}
