import Pagination
import ReaderState

extension BookKey {
    /// The key for `text`: its digest (`BookText.digest`), so a book's state follows its text
    /// and not the file's path.
    public init(text: BookText) {
        self.init(textDigest: text.digest)
    }
}
