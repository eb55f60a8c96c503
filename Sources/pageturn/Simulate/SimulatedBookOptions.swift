import ArgumentParser
import Foundation
import PageTurner

/// The book `pageturn simulate` turns: its page size, its length (--pages, or --book to
/// paginate) and the page shown first.
///
/// Every number is checked against its range before it is used or converted, so no value can
/// crash the command or make it misbehave later: sides 1…100000 px, 1…10,000,000 pages, a
/// start page in the book.
struct SimulatedBookOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Page width in logical pixels, 1 to 100000.", valueName: "W"))
    var width: Checked<Double>?

    @Option(help: ArgumentHelp("Page height in logical pixels, 1 to 100000.", valueName: "H"))
    var height: Checked<Double>?

    @Option(help: ArgumentHelp("Number of pages in the book, 1 to 10000000.", valueName: "N"))
    var pages: Checked<Int>?

    @Option(help: ArgumentHelp("A book to paginate for the page count (instead of --pages).", valueName: "FILE"))
    var book: String?

    @Option(help: ArgumentHelp("The page shown at the start, from 0 (default 0).", valueName: "K"))
    var start: Checked<Int>?

    static let sides = 1.0...100_000
    static let pageCounts = 1...10_000_000

    /// Everything but the start page, which is checked once the book's length is known.
    func validate() throws {
        _ = try pageSize
        switch (pages, book) {
        case (nil, nil): throw UserError("give the book's length with --pages N or --book FILE")
        case (.some, .some): throw UserError("give either --pages or --book, not both")
        case (let pages?, nil): _ = try pages.value(of: "--pages", in: Self.pageCounts)
        case (nil, .some): break
        }
    }

    /// --width and --height, checked.
    var pageSize: Size {
        get throws {
            guard let width else { throw UserError("missing --width W (the page width in logical pixels)") }
            guard let height else { throw UserError("missing --height H (the page height in logical pixels)") }
            return Size(width: try width.value(of: "--width", in: Self.sides),
                        height: try height.value(of: "--height", in: Self.sides))
        }
    }

    /// The number of pages (--pages, or --book paginated on pages of `pageSize` with the default
    /// font) and the page shown first, checked.
    func pageCountAndStart() throws -> (count: Int, start: Int) {
        let count = try pages?.value(of: "--pages", in: Self.pageCounts) ?? bookPageCount()
        return (count, try start?.value(of: "--start", in: 0...(count - 1)) ?? 0)
    }

    private func bookPageCount() throws -> Int {
        guard let book else { throw UserError("give the book's length with --pages N or --book FILE") }
        guard FileManager.default.fileExists(atPath: book) else { throw UserError("no such book: \(book)") }
        let size = try pageSize
        let count: Int
        do {
            count = try BookPages.count(path: book, width: Int(size.width.rounded()), height: Int(size.height.rounded()))
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
