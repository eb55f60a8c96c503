import Foundation
import ReaderState
import Testing
@testable import Library

@Suite("The shelf's listing: books read and books found")
struct ShelfListingTests {
    /// A listing of `library`'s folder, with states and cache in folders of their own.
    struct Setup {
        let library: LibraryFixture
        let state: URL
        let cache: URL

        init() throws {
            library = try LibraryFixture()
            state = library.root.appendingPathComponent(".state")
            cache = library.root.appendingPathComponent(".cache")
        }

        var places: ShelfListing.Places {
            ShelfListing.Places(folders: [library.root.path], stateDirectory: state, cacheDirectory: cache)
        }

        /// Saves a reading state for the book at `file`, as the reader does.
        func read(_ file: String, title: String, progress: Double, key: UInt64) throws {
            try StateStore(directory: state).save(BookState(position: 10, title: title, file: file, progress: progress),
                                                  for: BookKey(textDigest: key))
        }
    }

    @Test("books read come first, most recent first; then the rest by title")
    func order() throws {
        let s = try Setup()
        let zebra = try s.library.write("z.txt", "Zebra Tales\n\nText.")
        try s.library.write("a.txt", "apples\n\nText.")
        try s.library.write("m.txt", "Mangoes\n\nText.")
        let waste = try s.library.copyEPUB("wasteland.epub", to: "w.epub")
        try s.read(zebra, title: "Zebra Tales", progress: 0.25, key: 1)
        try s.read(waste, title: "The Waste Land", progress: 0.5, key: 2)
        // The Waste Land's state is the newer.
        let older = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: older],
                                              ofItemAtPath: s.state.appendingPathComponent(BookKey(textDigest: 1).hex + ".json").path)
        let listing = ShelfListing.gather(s.places)
        #expect(listing.books.map(\.metadata.title) == ["The Waste Land", "Zebra Tales", "apples", "Mangoes"])
        #expect(listing.books.map(\.progress) == [0.5, 0.25, nil, nil])
        #expect(listing.books[0].metadata.author == "T.S. Eliot")
        #expect(listing.problems.isEmpty)
    }

    @Test("a book read from elsewhere is on the shelf; one whose file is gone is shown missing")
    func elsewhereAndMissing() throws {
        let s = try Setup()
        let other = try LibraryFixture()
        let elsewhere = try other.write("far.txt", "Far Away\n\nText.")
        try s.read(elsewhere, title: "Far Away", progress: 0.1, key: 1)
        try s.read("/nowhere/gone.epub", title: "Gone Book", progress: 0.9, key: 2)
        let listing = ShelfListing.gather(s.places)
        #expect(Set(listing.books.map(\.metadata.title)) == ["Far Away", "Gone Book"])
        let gone = try #require(listing.books.first { $0.path == "/nowhere/gone.epub" })
        #expect(gone.isMissing && !gone.canOpen && gone.progress == 0.9 && gone.metadata.format == .epub)
    }

    @Test("a book removed from the history is not shown; its file and state are left")
    func removed() throws {
        let s = try Setup()
        let book = try s.library.write("a.txt", "A\n\nText.")
        try s.read(book, title: "A", progress: 0.5, key: 1)
        var settings = ShelfSettings()
        let removed = settings.remove(book)
        #expect(removed)
        try settings.save(to: ShelfSettings.file(in: s.state))
        #expect(ShelfListing.gather(s.places).books.isEmpty)
        #expect(FileManager.default.fileExists(atPath: book))
        #expect(FileManager.default.fileExists(atPath: s.state.appendingPathComponent(BookKey(textDigest: 1).hex + ".json").path))
        let restored = settings.restore(book), restoredAgain = settings.restore(book)
        #expect(restored && !restoredAgain)
    }

    @Test("a book found through a linked folder and read by its real path is one book, with its progress")
    func linkedFolder() throws {
        let s = try Setup()
        let real = try LibraryFixture()
        let book = try real.write("a.txt", "A\n\nText.")
        try s.library.link("Books", to: real.root.path)
        try s.read(book, title: "A", progress: 0.5, key: 1)
        var places = s.places
        places.folders = [s.library.path("Books")]
        let listing = ShelfListing.gather(places)
        #expect(listing.books.map(\.path) == [s.library.path("Books/a.txt")])
        #expect(listing.books.first?.progress == 0.5)
    }

    @Test("with nothing to show, the sample book is shown")
    func sample() throws {
        let s = try Setup()
        let other = try LibraryFixture()
        let sample = try other.write("alice.txt", "[Alice by Lewis Carroll 1865]\n\nText.")
        var places = s.places
        places.sample = sample
        #expect(ShelfListing.gather(places).books.map(\.path) == [sample])
        try s.library.write("mine.txt", "Mine\n\nText.")
        #expect(ShelfListing.gather(places).books.map(\.path) == [s.library.path("mine.txt")])
    }

    @Test("bad books and bad states are marked, one line each, and the rest is shown")
    func badInput() throws {
        let s = try Setup()
        try s.library.write("good.txt", "Good\n\nText.")
        try s.library.write("broken.epub", bytes: [0x50, 0x4B, 0x03, 0x04, 1, 2, 3])
        try FileManager.default.createDirectory(at: s.state, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: s.state.appendingPathComponent("00000000000000aa.json"))
        try Data("[1,2".utf8).write(to: ShelfSettings.file(in: s.state))
        let listing = ShelfListing.gather(s.places)
        #expect(listing.books.map(\.metadata.title).sorted() == ["Good", "broken"])
        #expect(listing.books.first { $0.metadata.title == "broken" }?.canOpen == false)
        #expect(listing.problems.count == 3)
        // The damaged state is left where it is: the shelf only looks.
        #expect(FileManager.default.fileExists(atPath: s.state.appendingPathComponent("00000000000000aa.json").path))
    }

    @Test("typing filters by every word, in the title or the author, case aside")
    func filter() {
        let book = ShelfBook(path: "/w.epub", metadata: BookMetadata(format: .epub, title: "War and Peace", author: "Leo Tolstoy"))
        #expect(book.matches("war tolst") && book.matches("  PEACE ") && book.matches(""))
        #expect(!book.matches("war dostoevsky"))
    }

    @Test("accents are set aside both ways, as the reader's search sets them aside")
    func filterAccents() {
        let book = ShelfBook(path: "/g.epub", metadata: BookMetadata(format: .epub, title: "Les Misérables", author: "Victor Hugo"))
        #expect(book.matches("miserables") && book.matches("MISÉRABLES"))
        let greek = ShelfBook(path: "/e.txt", metadata: BookMetadata(format: .text, title: "Ἡ Καινὴ Διαθήκη"))
        #expect(greek.matches("καινη διαθηκη"))
        let sorted = [greek, book, ShelfBook(path: "/a.txt", metadata: BookMetadata(format: .text, title: "Émile"))]
            .sorted(by: ShelfBook.shelfOrder).map(\.metadata.title)
        #expect(sorted == ["Émile", "Les Misérables", "Ἡ Καινὴ Διαθήκη"], "Émile sorts with the E's")
    }
}
