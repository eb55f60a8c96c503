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
}
