import FileWriting
import FoundationEssentials
import Library
import Pagination
import TextDecoding

extension Book {
    /// The header a reader reads a plain-text book's title and author from: its first
    /// `TextHeader.scalarsRead` scalars (Project Gutenberg's `Title:` and `Author:` lines, an
    /// older text's bracketed first line, else a short first line, else the file's name), as
    /// the shelf reads them.
    public static func header(of text: BookText, fileName path: String) -> TextHeader {
        TextHeader(head: text.string(0..<min(text.scalarCount, TextHeader.scalarsRead)), path: path)
    }

    /// The title a reader shows for a plain-text book (`header(of:fileName:)`).
    public static func title(of text: BookText, fileName path: String) -> String {
        header(of: text, fileName: path).title
    }
}
