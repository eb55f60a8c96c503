import ArgumentParser
import Fonts
import Foundation
import PageTurner
import Pagination
import Rendering

/// Opening a book for the reader: its text, a title, its fonts.
enum ReaderBookLoader {
    struct Opened {
        let book: Book
        let fonts: FontSet
    }

    static func open(path: String, encoding: String?) throws -> Opened {
        let decoded = try BookLoading.load(path: path, encoding: encoding)
        let text = BookText(normalizedUTF8: decoded.utf8)
        let options = try LayoutOptions.parse([])
        let fonts = try FontChoice.loadSet(options)
        return Opened(book: Book(text: text, title: title(of: text, path: path)), fonts: fonts)
    }

    /// A `Title:` line near the top (Project Gutenberg), else a short first line, else the
    /// file's name.
    static func title(of text: BookText, path: String) -> String {
        let head = text.string(0..<min(text.scalarCount, 3000))
        let lines = head.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}"))) }
            .filter { !$0.isEmpty }
        if let t = lines.first(where: { $0.hasPrefix("Title:") }) {
            let name = t.dropFirst(6).trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { return name }
        }
        if let first = lines.first, first.count <= 80 {
            return first.trimmingCharacters(in: CharacterSet(charactersIn: "[]　 "))
        }
        return ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Opens a book in a window.")
    func run() throws {}
}
