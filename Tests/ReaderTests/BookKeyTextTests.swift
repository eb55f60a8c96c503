import Pagination
import Reader
import ReaderState
import Testing

/// A book's state is keyed by its text (`BookKey(text:)`, where the reader meets the store).
@Suite("Book keys from text")
struct BookKeyTextTests {
    @Test("follow the text, not the file: the same text gives the same key, another text another key")
    func fromText() {
        let a = BookText(normalizedUTF8: Array("Alice was beginning to get very tired".utf8))
        let b = BookText(normalizedUTF8: Array("Alice was beginning to get very tired.".utf8))
        #expect(BookKey(text: a) == BookKey(textDigest: a.digest))
        #expect(BookKey(text: a) == BookKey(text: BookText(normalizedUTF8: Array("Alice was beginning to get very tired".utf8))))
        #expect(BookKey(text: a) != BookKey(text: b))
    }
}
