import ArgumentParser
import FoundationEssentials
@preconcurrency import Glibc
import GestureLab
import PageTurner

/// The book `pageturn simulate` turns: its page size, its length (--pages, or --book to
/// paginate) and the page shown first.
///
/// Every number is checked against its range before it is used or converted, so no value can
/// crash the command or make it misbehave later: sides 1…100000 px, 1…10,000,000 pages, a
/// start page in the book.
struct SimulatedBookOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Page width in logical pixels, 1 to 100000.", valueName: "W"))
    var width: Checked<Double>?

    @Option(parsing: .unconditional, help: ArgumentHelp("Page height in logical pixels, 1 to 100000.", valueName: "H"))
    var height: Checked<Double>?

    @Option(parsing: .unconditional, help: ArgumentHelp("Number of pages in the book, 1 to 10000000.", valueName: "N"))
    var pages: Checked<Int>?

    @Option(help: ArgumentHelp("A book to paginate for the page count (instead of --pages).", valueName: "FILE"))
    var book: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The page shown at the start, from 0 (default 0).", valueName: "K"))
    var start: Checked<Int>?

    static let sides = 1.0...100_000
    static let pageCounts = 1...10_000_000

    /// What can be checked before any file is read: each number given is in range, and the
    /// book's length is given one way at most (a gesture file's header may give what is missing).
    func validate() throws {
        _ = try width?.value(of: "--width", in: Self.sides)
        _ = try height?.value(of: "--height", in: Self.sides)
        if pages != nil && book != nil { throw UserError("give either --pages or --book, not both") }
        _ = try pages?.value(of: "--pages", in: Self.pageCounts)
        let pageCount = try pages?.value(of: "--pages", in: Self.pageCounts) ?? Self.pageCounts.upperBound
        _ = try start?.value(of: "--start", in: 0...(pageCount - 1))
    }

    /// The window's size: the options', else the header's (a recording or a synthetic file
    /// says its own), else a one-line error saying what to give.
    func size(over header: RecordingHeader) throws -> Size {
        guard let w = try width?.value(of: "--width", in: Self.sides) ?? header.width else {
            throw UserError("missing --width W (the page width in logical pixels)")
        }
        guard let h = try height?.value(of: "--height", in: Self.sides) ?? header.height else {
            throw UserError("missing --height H (the page height in logical pixels)")
        }
        return Size(width: w, height: h)
    }

    /// The book's length and the start page: the options', else the header's, else a one-line
    /// error saying what to give. `--book` is laid out on `bookPage` (a spread's page when the
    /// lab turns spreads).
    func resolve(over header: RecordingHeader, bookPage: Size, facingPages: Bool = false) throws -> (count: Int, start: Int) {
        let count: Int
        if let pages {
            count = try pages.value(of: "--pages", in: Self.pageCounts)
        } else if book != nil {
            count = try bookPageCount(bookPage, facingPages: facingPages)
        } else if let n = header.pages, Self.pageCounts.contains(n) {
            count = n
        } else {
            throw UserError("give the book's length with --pages N or --book FILE")
        }
        let first = try start?.value(of: "--start", in: 0...(count - 1)) ?? min(header.start ?? 0, count - 1)
        return (count, first)
    }

    /// The pages of --book laid out for `size`.
    func bookPageCount(_ size: Size, facingPages: Bool = false) throws -> Int {
        guard let book else { throw UserError("give the book's length with --pages N or --book FILE") }
        var info = stat()
        guard stat(book.fileSystemPath, &info) == 0 else { throw UserError("no such book: \(book)") }
        let count: Int
        do {
            count = try BookPages.count(path: book, pageSize: size, facingPages: facingPages)
        } catch {
            throw UserError("cannot paginate \(book): \(String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " "))")
        }
        guard count >= 1 else { throw UserError("\(book) has no pages") }
        guard count <= Self.pageCounts.upperBound else {
            throw UserError("\(book) has \(count) pages, more than \(Self.pageCounts.upperBound)")
        }
        return count
    }
}
