@preconcurrency import Glibc
import FileWriting
import FoundationEssentials
import Library

/// `shelf --json`'s document (see the command's help).
struct ShelfJSON: Encodable {
    let folders: [String]
    let books: [Book]

    struct Book: Encodable {
        let path: String
        let title: String
        let author: String?
        let language: String?
        let format: String
        let rightToLeft: Bool
        let authorRightToLeft: Bool
        let progress: Double?
        let lastRead: String?
        let missing: Bool
        let problem: String?
    }

    init(_ listing: ShelfListing) {
        folders = listing.folders
        books = listing.books.map { b in
            Book(path: b.path, title: b.metadata.title, author: b.metadata.author, language: b.metadata.language,
                 format: b.metadata.format.rawValue, rightToLeft: b.metadata.rightToLeft,
                 authorRightToLeft: b.metadata.authorRightToLeft,
                 progress: b.progress.map { ($0 * 10_000).rounded() / 10_000 }, lastRead: b.lastRead.map(ShelfText.isoDate),
                 missing: b.isMissing, problem: b.metadata.problem)
        }
    }
}

/// The shelf as a list for a person: one line per book, its progress and when last read.
enum ShelfText {
    static func list(_ listing: ShelfListing) -> String {
        if listing.books.isEmpty {
            let folders = listing.folders.isEmpty ? "no library folder (give one with --library DIR)" : listing.folders.joined(separator: ", ")
            return "No books yet. Searched: \(folders)\n"
        }
        var out = ""
        for book in listing.books {
            var line = book.metadata.title
            if let author = book.metadata.author { line += " — " + author }
            if let progress = book.progress { line += "  \(Int((progress * 100).rounded()))%" }
            if let date = book.lastRead { line += "  read " + isoDate(date).prefix(10) }
            if book.isMissing { line += "  (missing)" } else if book.metadata.problem != nil { line += "  (cannot be read)" }
            out += PrintableText.escaped(line) + "\n    " + PrintableText.escaped(book.path) + "\n"
        }
        return out
    }

    /// `date` in ISO 8601, UTC, to the second: `2026-11-29T21:34:46Z`.
    static func isoDate(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
