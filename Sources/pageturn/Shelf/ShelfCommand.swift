import ArgumentParser
import FileWriting
import FoundationEssentials
@preconcurrency import Glibc
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

/// Gathering the shelf for a command: the folders given remembered, problems reported on
/// standard error one line each, progress shown on a terminal while many books are read.
enum ShelfGathering {
    /// Where a shelf looks: the folders given (remembered for later shelves when the reading
    /// states are kept), else the remembered ones, else the defaults; `history` false for a
    /// run that keeps no reading state (a script without `--state-dir`).
    static func places(libraries: [String], stateDir: String?, cacheDir: String?, history: Bool = true) throws
        -> ShelfListing.Places {
        let stateDirectory = stateDir.map { URL(fileURLWithPath: $0) }
        let folders = try libraries.map(absoluteFolder)
        if !folders.isEmpty && history {
            let file = ShelfSettings.file(in: stateDirectory)
            var (settings, _) = ShelfSettings.load(from: file)
            if settings.add(folders: folders) {
                do { try settings.save(to: file) } catch { report("the library folders were not remembered: \(error)") }
            }
        }
        return ShelfListing.Places(folders: folders.isEmpty ? (history ? nil : []) : folders, stateDirectory: stateDirectory,
                                   cacheDirectory: cacheDir.map { URL(fileURLWithPath: $0) }, sample: SampleBook.found(),
                                   history: history)
    }

    /// The shelf from `places`: problems reported on standard error one line each, progress
    /// shown on a terminal while many new books are read.
    static func gather(_ places: ShelfListing.Places) -> ShelfListing {
        let showsProgress = isatty(2) != 0
        let listing = ShelfListing.gather(places) { done, total in
            guard showsProgress, total >= 200, done % 100 == 0 || done == total else { return }
            StandardError.write("\rreading the library: \(done) of \(total) new books" + (done == total ? "\n" : ""))
        }
        for problem in listing.problems { report(problem) }
        return listing
    }

    /// `path` made absolute (against the current folder); a folder that is not there is refused.
    static func absoluteFolder(_ path: String) throws -> String {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0 else { throw UserError("no such folder: \(path)") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw UserError("\(path) is not a folder") }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static func report(_ line: String) {
        StandardError.write("pageturn: " + PrintableText.escaped(line) + "\n")
    }
}
