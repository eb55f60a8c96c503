import FileWriting
import FoundationEssentials
import Pagination
import TextDecoding

extension Book {
    /// The title a reader shows for a book: a `Title:` line near the top (Project Gutenberg's
    /// header), else a short first line (at most 80 characters, brackets and ideographic spaces
    /// trimmed), else the file's name without its extension.
    public static func title(of text: BookText, fileName path: String) -> String {
        let head = text.string(0..<min(text.scalarCount, 3000))
        let lines = head.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimming { $0.isHorizontalSpace || $0 == "\u{FEFF}" } }
            .filter { !$0.isEmpty }
        if let t = lines.first(where: { $0.hasPrefix("Title:") }) {
            let name = t.dropFirst(6).trimmingSpaces()
            if !name.isEmpty { return name }
        }
        if let first = lines.first, first.count <= 80 {
            return first.trimming { "[]　 ".unicodeScalars.contains($0) }
        }
        return PathName.stem(path)
    }
}
