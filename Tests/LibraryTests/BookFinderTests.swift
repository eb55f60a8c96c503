import Foundation
import Testing
@testable import Library

@Suite("Finding the books in library folders")
struct BookFinderTests {
    @Test("EPUBs and text files are found in subfolders (a folder's own books first, each in name order); other files and hidden folders are not")
    func findsBooks() throws {
        let library = try LibraryFixture()
        try library.write("b.txt", "B")
        try library.write("A/nested/deep/c.TXT", "C")
        try library.copyEPUB("wasteland.epub", to: "A/wasteland.epub")
        try library.write("photo.jpg", "not a book")
        try library.write("notes.md", "not a book")
        try library.write(".hidden/secret.txt", "hidden")
        try library.write(".dotfile.txt", "hidden")
        let found = BookFinder().find(in: [library.root.path])
        #expect(found.books.map(\.path) == [library.path("b.txt"), library.path("A/wasteland.epub"), library.path("A/nested/deep/c.TXT")])
        #expect(found.problems.isEmpty)
        #expect(found.books.allSatisfy { $0.size > 0 && $0.modified > 0 })
    }

    @Test("an unzipped EPUB's folder is one book, not walked into")
    func unzippedEPUB() throws {
        let library = try LibraryFixture()
        try library.write("Book/META-INF/container.xml", "<container/>")
        try library.write("Book/OEBPS/chapter.txt", "a text file inside the book")
        let found = BookFinder().find(in: [library.root.path])
        #expect(found.books.map(\.path) == [library.path("Book")])
        #expect(found.books.first?.isFolder == true)
    }

    @Test("links are followed once: a link back up the tree is no loop, a book reached twice is listed once")
    func linksFollowedOnce() throws {
        let library = try LibraryFixture()
        try library.write("shelf/one.txt", "One")
        try library.link("shelf/loop", to: "..")
        try library.link("shelf/again.txt", to: "one.txt")
        try library.link("shelf/dangling.txt", to: "nowhere.txt")
        let outside = try LibraryFixture()
        try outside.write("far/two.txt", "Two")
        try library.link("elsewhere", to: outside.path("far"))
        let found = BookFinder().find(in: [library.root.path])
        // The first name in order that leads to one.txt is the one kept.
        #expect(found.books.map(\.path) == [library.path("elsewhere/two.txt"), library.path("shelf/again.txt")])
    }

    @Test("a library folder that is not there is one problem, and the other folders are still searched")
    func missingFolder() throws {
        let library = try LibraryFixture()
        try library.write("one.txt", "One")
        let found = BookFinder().find(in: [library.path("gone"), library.root.path])
        #expect(found.books.map(\.path) == [library.path("one.txt")])
        #expect(found.problems.count == 1)
        #expect(found.problems.first?.contains(library.path("gone")) == true)
    }

    @Test("a walk stops at its limits and says so")
    func limits() throws {
        let library = try LibraryFixture()
        for k in 0..<5 { try library.write("f\(k)/book.txt", "B") }
        var finder = BookFinder()
        finder.limits.folders = 3
        let found = finder.find(in: [library.root.path])
        #expect(found.books.count == 2)
        #expect(found.problems.contains { $0.contains("more than 3 folders") })
        finder = BookFinder()
        finder.limits.depth = 1
        try library.write("a/b/c/deep.txt", "D")
        #expect(finder.find(in: [library.root.path]).books.map(\.path).contains(library.path("a/b/c/deep.txt")) == false)
    }

    @Test("twenty thousand files that are not books are passed over, and the one book found")
    func manyOtherFiles() throws {
        let library = try LibraryFixture()
        for folder in 0..<20 {
            let url = library.root.appendingPathComponent("f\(folder)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for k in 0..<1000 { FileManager.default.createFile(atPath: url.appendingPathComponent("photo-\(k).jpg").path, contents: nil) }
        }
        try library.write("f7/the-book.txt", "A book")
        let found = BookFinder().find(in: [library.root.path])
        #expect(found.books.map(\.path) == [library.path("f7/the-book.txt")])
        #expect(found.problems.isEmpty)
    }

    @Test("a library folder that is a dangling link, or a file, is one problem or that one book")
    func oddFolders() throws {
        let library = try LibraryFixture()
        try library.link("dangling", to: "nowhere")
        let book = try library.write("single.txt", "One book")
        let found = BookFinder().find(in: [library.path("dangling"), book])
        #expect(found.books.map(\.path) == [book])
        #expect(found.problems.count == 1 && found.problems[0].contains("dangling"))
    }

    @Test("a book's name is .epub or .txt in any case")
    func names() {
        #expect(BookFinder.hasBookName("a.epub") && BookFinder.hasBookName("B.EPUB") && BookFinder.hasBookName("c.Txt"))
        #expect(!BookFinder.hasBookName("epub") && !BookFinder.hasBookName("a.txt.gz") && !BookFinder.hasBookName(".txt"))
    }
}
