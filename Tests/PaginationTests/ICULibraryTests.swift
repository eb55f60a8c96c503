import Testing
import Pagination

/// A book whose language uses ICU (bidi for right-to-left scripts, dictionaries for words
/// without spaces) has ICU opened ahead; a book in another language does not load it for nothing.
@Suite struct ICULibraryTests {
    @Test("right-to-left and dictionary languages open ICU ahead", arguments: ["fa", "ar", "he", "ur", "th", "lo", "km", "my", "th-TH"])
    func needed(tag: String) throws {
        #expect(ICULibrary.isNeeded(for: try #require(ContentLanguage(tag: tag))))
    }

    @Test("other languages, and a book without one, do not", arguments: ["en", "zh", "ja", "ru", "bn", "vi", "el"])
    func notNeeded(tag: String) throws {
        #expect(!ICULibrary.isNeeded(for: try #require(ContentLanguage(tag: tag))))
        #expect(!ICULibrary.isNeeded(for: nil))
    }

    @Test("it opens on this machine, as make test installs it")
    func opens() {
        #expect(ICULibrary.load())
    }
}
