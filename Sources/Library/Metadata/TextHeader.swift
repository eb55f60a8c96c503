import FileWriting
import TextDecoding

/// The title, author and language a plain-text book gives at its top, read as readers read
/// them: Project Gutenberg's header lines (`Title: War and Peace`, `Author: Leo Tolstoy`,
/// `Language: English`), else the bracketed line its older texts open with
/// (`[Alice's Adventures in Wonderland by Lewis Carroll 1865]`: the title, then the author
/// after the last " by ", a trailing year dropped), else a short first line, else the file's
/// name without its extension.
public struct TextHeader: Sendable, Equatable {
    public var title: String
    public var author: String?
    /// The BCP 47 tag of the `Language:` line's language, for the languages `languageTags`
    /// knows; nil otherwise.
    public var languageTag: String?

    /// How much of the text's start is read: the header is in its first lines.
    public static let scalarsRead = 3000

    /// The header of a text that starts with `head` (its first `scalarsRead` scalars or more),
    /// read from the file `path` (whose name is the title of last resort).
    public init(head: String, path: String) {
        let lines = head.unicodeScalars.prefix(Self.scalarsRead).split(separator: "\n", omittingEmptySubsequences: true)
            .map { Self.trimmed(String(String.UnicodeScalarView($0))) }
            .filter { !$0.isEmpty }
        func field(_ name: String) -> String? {
            lines.first { $0.hasPrefix(name + ":") }.map { Self.trimmed(String($0.dropFirst(name.count + 1))) }
                .flatMap { $0.isEmpty ? nil : $0 }
        }
        author = field("Author")
        languageTag = field("Language").flatMap { Self.languageTags[$0.lowercased()] }
        if let title = field("Title") {
            self.title = title
        } else if let first = lines.first, first.count <= 80 {
            let bracketed = first.hasPrefix("[") && first.hasSuffix("]")
            let inner = first.trimming { "[]　 ".unicodeScalars.contains($0) }
            if bracketed, author == nil, let by = Self.lastBy(in: inner) {
                self.title = Self.trimmed(String(inner[..<by.lowerBound]))
                author = Self.withoutYear(String(inner[by.upperBound...]))
            } else {
                self.title = inner
            }
        } else {
            title = PathName.stem(path)
        }
        if title.isEmpty { title = PathName.stem(path) }
    }

    /// Where the last " by " in `text` is.
    private static func lastBy(in text: String) -> Range<String.Index>? {
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index...].hasPrefix(" by ") { return index..<text.index(index, offsetBy: 4) }
        }
        return nil
    }

    /// `name` without a trailing year (`Lewis Carroll 1865` → `Lewis Carroll`).
    private static func withoutYear(_ name: String) -> String? {
        var words = name.split(separator: " ")
        if let last = words.last, last.count == 4, last.allSatisfy(\.isASCIIDigit), words.count > 1 { words.removeLast() }
        let result = words.joined(separator: " ")
        return result.isEmpty ? nil : result
    }

    private static func trimmed(_ s: String) -> String {
        s.trimming { $0.isHorizontalSpace || $0 == "\r" || $0 == "\u{FEFF}" }
    }

    /// Project Gutenberg's language names (lowercased) and their BCP 47 tags, for the languages
    /// its catalogue has most books in and those the reader sets best.
    static let languageTags: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it", "portuguese": "pt",
        "dutch": "nl", "swedish": "sv", "danish": "da", "norwegian": "no", "finnish": "fi", "polish": "pl",
        "russian": "ru", "ukrainian": "uk", "greek": "el", "latin": "la", "hungarian": "hu", "czech": "cs",
        "chinese": "zh", "japanese": "ja", "korean": "ko", "hebrew": "he", "arabic": "ar", "persian": "fa",
        "bengali": "bn", "hindi": "hi", "thai": "th", "vietnamese": "vi", "esperanto": "eo", "catalan": "ca",
    ]
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
