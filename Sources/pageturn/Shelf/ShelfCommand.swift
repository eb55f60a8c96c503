import ArgumentParser
import FileWriting
import FoundationEssentials
import Library

/// `pageturn shelf`: the books the shelf shows — those read before, most recent first, then
/// those found in the library folders by title — printed for a person, or as JSON for scripts.
struct ShelfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf",
        abstract: "Lists your books: those you read, then those in your library folders.",
        discussion: """
            The shelf shows the books read before (with how far in and when), most recently \
            read first, then the books found in the library folders by title. The library \
            folders are those given with --library (remembered for next time), else the XDG \
            documents folder (XDG_DOCUMENTS_DIR, from ~/.config/user-dirs.dirs) and ~/Books, \
            when they exist. Every .epub and .txt file in them and their subfolders is a \
            book, recognised by its content; nothing is written there. What each book is \
            (title, author, language, cover) is read once and kept in \
            $XDG_CACHE_HOME/pageturn/catalog.tsv, read again only when its file changes.

            A book that cannot be read (a broken EPUB, a file that is not text) or whose \
            file is gone is listed, marked; each such problem is one line on standard error.

            JSON (--json): {"folders": [...], "books": [{"path", "title", "author", \
            "language", "format" ("epub" or "text"), "rightToLeft" and "authorRightToLeft" \
            (the title's and the author's directions), "progress" (0 to 1; \
            absent for a book never opened), "lastRead" (ISO 8601, UTC; absent likewise), \
            "missing", "problem" (absent for a book that reads)}]}.

            EXAMPLES
              pageturn shelf --library ~/Downloads/books
              pageturn shelf --json - | jq -r '.books[] | .title'
            """)

    @Option(name: .customLong("library"), help: ArgumentHelp(
        "A folder of books, searched with its subfolders (repeat for more); remembered for later shelves.", valueName: "DIR"))
    var libraries: [String] = []
    @Option(help: "Write the shelf as JSON to this file (- for standard output) instead of a list.") var json: String?
    @Option(name: .customLong("state-dir"), help: "Where reading states are kept (default $XDG_STATE_HOME/pageturn).")
    var stateDir: String?
    @Option(name: .customLong("cache-dir"), help: "Where the catalog is kept (default $XDG_CACHE_HOME/pageturn).")
    var cacheDir: String?

    func validate() throws {
        try FolderOption.check(stateDir, "--state-dir")
        try FolderOption.check(cacheDir, "--cache-dir")
    }

    func run() throws {
        let listing = ShelfGathering.gather(try ShelfGathering.places(libraries: libraries, stateDir: stateDir, cacheDir: cacheDir))
        let output: String
        if let json {
            output = try JSONDocument.encode(ShelfJSON(listing)) + "\n"
            do { try OutputFile.write(output, to: json) } catch { throw UserError(error.description) }
        } else {
            print(ShelfText.list(listing), terminator: "")
        }
    }
}
