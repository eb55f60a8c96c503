import Foundation
import Testing
@testable import Library

@Suite("The library's catalog in the cache")
struct LibraryCatalogTests {
    @Test("a book is read once; read again only when its file changes")
    func readOnce() throws {
        let library = try LibraryFixture()
        let path = try library.write("a.txt", "First Title\n\nText.")
        let file = library.root.appendingPathComponent("cache/catalog.tsv")
        let reads = Counter()
        let reader: @Sendable (String) -> BookMetadata = { reads.add(); return BookMetadata.read(path: $0) }
        var catalog = LibraryCatalog.load(from: file)
        #expect(catalog.refresh(BookFinder().find(in: [library.root.path]).books, read: reader).map(\.title) == ["First Title"])
        try catalog.save(to: file)
        var again = LibraryCatalog.load(from: file)
        #expect(again.refresh(BookFinder().find(in: [library.root.path]).books, read: reader).map(\.title) == ["First Title"])
        #expect(reads.value == 1)
        try library.write("a.txt", "Second Title, longer\n\nText.")
        #expect(again.refresh(BookFinder().find(in: [library.root.path]).books, read: reader).map(\.title) == ["Second Title, longer"])
        #expect(reads.value == 2)
        _ = path
    }

    @Test("a shelf of other folders keeps the books of the main one while their files are there")
    func otherShelves() throws {
        let library = try LibraryFixture()
        let main = try library.write("main/a.txt", "A\n\nText.")
        let other = try library.write("other/b.txt", "B\n\nText.")
        var catalog = LibraryCatalog()
        _ = catalog.refresh(BookFinder().find(in: [library.path("main")]).books)
        _ = catalog.refresh(BookFinder().find(in: [library.path("other")]).books)
        #expect(Set(catalog.entries.keys) == [main, other])
        try FileManager.default.removeItem(atPath: main)
        _ = catalog.refresh(BookFinder().find(in: [library.path("other")]).books)
        #expect(Set(catalog.entries.keys) == [other], "a book whose file is gone is forgotten")
    }

    @Test("every field survives the file, tabs and line breaks in names included")
    func roundTrip() throws {
        let library = try LibraryFixture()
        let file = library.root.appendingPathComponent("catalog.tsv")
        let odd = "/books/tab\there/new\nline\\slash.txt"
        let metadata = BookMetadata(format: .epub, title: "T\tI\nT\\LE", author: "Ann", language: "he", rightToLeft: true,
                                    authorRightToLeft: true, coverPath: "OEBPS/cover.jpg", problem: "a problem")
        var catalog = LibraryCatalog()
        _ = catalog.refresh([FoundBook(path: odd, size: 12, modified: 34)], read: { _ in metadata })
        try catalog.save(to: file)
        let loaded = LibraryCatalog.load(from: file)
        #expect(loaded.entries == [odd: LibraryCatalog.Entry(size: 12, modified: 34, metadata: metadata)])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a damaged, planted or foreign file is an empty catalog, and bad lines are passed over")
    func hostile() throws {
        let library = try LibraryFixture()
        let file = library.root.appendingPathComponent("catalog.tsv")
        try Data("pageturn-library-catalog 2\n/a.txt\t1\t2\ttext\tA\t\t\tltr\tltr\t\t\ngarbage\n/b.txt\tx\t2\ttext\tB\t\t\tltr\tltr\t\t\n".utf8).write(to: file)
        #expect(Array(LibraryCatalog.load(from: file).entries.keys) == ["/a.txt"])
        try Data("pageturn-library-catalog 1\n/a.txt\t1\t2\ttext\tA\t\t\tltr\t\t\n".utf8).write(to: file)
        #expect(LibraryCatalog.load(from: file).entries.isEmpty)
        try Data((0..<5000).map { UInt8($0 % 256) }).write(to: file)
        #expect(LibraryCatalog.load(from: file).entries.isEmpty)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/passwd")
        #expect(LibraryCatalog.load(from: file).entries.isEmpty)
    }
}

/// A count shared with a `@Sendable` closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite("The default library folders")
struct LibraryFoldersTests {
    @Test("the documents folder from user-dirs.dirs, as xdg-user-dirs writes it")
    func userDirs() {
        let file = """
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_DOCUMENTS_DIR="$HOME/My \\"Docs\\""
            """
        #expect(LibraryFolders.userDirsValue(file, key: "XDG_DOCUMENTS_DIR", home: "/home/ann") == "/home/ann/My \"Docs\"")
        #expect(LibraryFolders.userDirsValue("XDG_DOCUMENTS_DIR=\"/srv/books\"", key: "XDG_DOCUMENTS_DIR", home: "/h") == "/srv/books")
        #expect(LibraryFolders.userDirsValue("XDG_DOCUMENTS_DIR=\"relative\"", key: "XDG_DOCUMENTS_DIR", home: "/h") == nil)
        #expect(LibraryFolders.userDirsValue("XDG_DOCUMENTS_DIR=$HOME/x", key: "XDG_DOCUMENTS_DIR", home: "/h") == nil)
    }

    @Test("the defaults are the documents folder and ~/Books, each when it exists; a documents folder set to home is off")
    func defaults() throws {
        let home = try LibraryFixture()
        try home.write("Books/a.txt", "A")
        try home.write("Papers/b.txt", "B")
        try home.write(".config/user-dirs.dirs", "XDG_DOCUMENTS_DIR=\"$HOME/Papers\"\n")
        #expect(LibraryFolders.defaults(environment: [:], home: home.root.path) == [home.path("Papers"), home.path("Books")])
        #expect(LibraryFolders.defaults(environment: ["XDG_DOCUMENTS_DIR": home.path("Books")], home: home.root.path)
            == [home.path("Books")])
        try home.write(".config/user-dirs.dirs", "XDG_DOCUMENTS_DIR=\"$HOME/\"\n")
        #expect(LibraryFolders.defaults(environment: [:], home: home.root.path) == [home.path("Books")])
    }
}
