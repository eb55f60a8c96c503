import ArgumentParser
import FileWriting
import Fonts
import FoundationEssentials
@preconcurrency import Glibc
import PageTurner
import Pagination
import Reader
import ReaderState

/// `pageturn annotations BOOK`: the book's highlights exported, as a reader exports them to
/// notes: Markdown for a person, or JSON for a program. The book is opened and its state found
/// exactly as `read` finds it (`ReaderLaunch.stateKeeper`), so an edited book's highlights are
/// found again by their text.
struct AnnotationsCommand: ParsableCommand, DefaultFrameSize {
    static let configuration = CommandConfiguration(
        commandName: "annotations",
        abstract: "Exports a book's highlights and notes, as Markdown or JSON.",
        discussion: """
            The highlights are those made in the reader (`pageturn read`), in the order of the \
            book: each with its whole passage (as the reader copies it: a hard-wrapped line \
            joined, paragraphs kept), its note, its colour, its chapter and its page (the \
            reader's, at the window size given by --width and --height, with its default font \
            and margins). A book edited since its highlights were made is found by its file, and \
            each highlight by its text, as the reader finds them when it opens the book.

            Markdown (the default): the title (and author) as a heading, then each chapter's \
            highlights under its own heading, each passage a block quote followed by its page \
            and colour and the note as a paragraph. A book with no highlights prints one line \
            saying so.

            JSON (--format json): {"book": {"title", "author" (when known), "path" (absolute)}, \
            "highlights": [{"text", "note" ("" for none), "color", "chapter" (absent before \
            the first chapter), "page" (from 1), "start", "end" (scalar offsets, as positions \
            and bookmarks are), "created" (ISO 8601, UTC)}]}.

            A saved state that cannot be read is an error, never an empty export (a damaged \
            one is set aside, as the reader sets it aside).

            EXAMPLES
              pageturn annotations alice.txt > alice-notes.md
              pageturn annotations book.epub --format json --out highlights.json
              pageturn annotations book.epub --format json | jq -r '.highlights[].note'
            """)

    /// What the export is written as.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, json
    }

    @Argument(help: "The book: an EPUB (a file or an unzipped folder) or a .txt file.") var book: String
    @Option(help: "markdown (for notes) or json.") var format: Format = .markdown
    @Option(help: ArgumentHelp("Write the export to FILE, replaced at once when complete (default, and -: standard output).",
                               valueName: "FILE"))
    var out: String?
    @Option(name: .customLong("state-dir"), help: ArgumentHelp(
        "Where the reading state is kept, as `read --state-dir` (default $XDG_STATE_HOME/pageturn).", valueName: "DIR"))
    var stateDir: String?
    @OptionGroup var frame: FrameSizeOptions<AnnotationsCommand>
    @OptionGroup var decoding: EncodingOptions

    func validate() throws {
        try FolderOption.check(stateDir, "--state-dir")
    }

    func run() throws {
        try SameFileGuard.check(output: out, option: "--out", input: book)
        try BookLoading.checkOpenable(path: book, folderAllowed: EPUBLoading.isEPUB(book))
        let folder = ReaderLaunch.StateFolder(path: stateDir)
        let (opened, language) = try ReaderBookLoader.openBook(path: book, encoding: decoding.encoding)
        let keeper = ReaderLaunch.stateKeeper(for: opened, path: book, in: folder)
        try Self.checkReadable(keeper.store.directory.path, given: stateDir != nil)
        keeper.report = { _ in }  // a problem is this command's error, below
        var start = ReaderStart()
        keeper.load(into: &start)
        if let problem = keeper.loadProblem { throw UserError(problem) }
        let highlights = start.highlights.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        // The pages only when there is something to number: the fonts and the layout are most of the time.
        var layout: BookLayout?
        if !highlights.isEmpty {
            let fonts = try ReaderBookLoader.fonts(for: opened, faces: BookFonts.Request(), language: language)
            let (width, height) = try frame.size
            layout = BookPages.layout(of: ReaderBookLoader.Opened(book: opened, fonts: fonts),
                                      pageSize: Size(width: Double(width), height: Double(height)))
        }
        let export = HighlightExport(book: opened, path: URL(fileURLWithPath: book).standardizedFileURL.path,
                                     highlights: highlights, layout: layout)
        do {
            try OutputFile.write(to: out ?? "-") { sink in
                var writer = JSONStreamWriter(sink)
                switch format {
                case .markdown: export.writeMarkdown(&writer)
                case .json: export.writeJSON(&writer)
                }
                writer.flush()
            }
        } catch {
            throw UserError(error.description)
        }
    }

    /// Refuses a state folder that is there but cannot be read, or is no folder; one given
    /// with --state-dir must be there (a misspelt name would export nothing). The default one
    /// not there yet is no book read yet: nothing to export, no error.
    static func checkReadable(_ path: String, given: Bool) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT && !given { return }
            throw UserError("cannot read the state folder \(path): \(String(cString: strerror(code)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw UserError("the state folder \(path) is not a folder") }
        guard access(path, R_OK | X_OK) == 0 else {
            throw UserError("cannot read the state folder \(path): \(String(cString: strerror(errno)))")
        }
    }
}
