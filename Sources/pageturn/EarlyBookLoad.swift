import Dispatch
import FileWriting
import Fonts
import Synchronization
import FoundationEssentials
import Pagination
import TextDecoding
import WorkerThreads

/// Reads and decodes the book named on the command line on the second core while the first
/// parses the command line: parsing takes 2–3 ms of every start (ArgumentParser reflects
/// over each option), decoding a large book 1–2 ms, and the two need nothing of each other.
/// Then it starts loading what laying out the first page will need, for the language the
/// text shows (`LayoutPreload.startLibraries`), and opens the fonts the command line names
/// with their advance table (`EarlyBookLoad+Fonts`).
///
/// A guess from the raw arguments, as `EarlyPreload`'s: for a command that opens a book
/// (`paginate`, `read`, `render`, `layout`), the book is taken to be the first argument that
/// does not start with `-`, is not the value of an option that names a file (`--json`,
/// `--font`, …) and names a regular file (a FIFO or a device is never read ahead: its bytes
/// would be gone). `BookLoading.load` uses the result only for exactly that path and no
/// `--encoding`; otherwise, or when the guess failed, it reads the file itself, and the guess
/// cost only background work.
enum EarlyBookLoad {
    /// The commands whose book is worth reading ahead.
    static let bookCommands: Set<String> = ["paginate", "read", "render", "layout"]
    /// Options of those commands whose value is a file or folder other than the book (a test
    /// fails when one of their options is neither here nor in its list of the others).
    static let fileOptions: Set<String> = ["--json", "--out", "--frames", "--record", "--script", "--font", "--cjk-font",
                                           "--state-dir", "--cache-dir", "--config", "--library"]

    /// The argument taken for the book in `arguments` (without the program's name), or nil.
    static func guessedBook(_ arguments: [String]) -> String? {
        guard let command = arguments.first, bookCommands.contains(command),
              !arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0.hasPrefix("--encoding") }) else { return nil }
        let options = Array(arguments.dropFirst())
        for (k, argument) in options.enumerated() where !argument.hasPrefix("-") {
            if k > 0 && fileOptions.contains(options[k - 1]) { continue }
            // An EPUB is no text to decode ahead (its reader opens it).
            if CacheFile.isRegularFile(argument) { return EPUBLoading.isEPUB(argument) ? nil : argument }
        }
        return nil
    }

    /// Starts reading the book the process's command line names, if it seems to name one.
    static func startIfBookLikely() {
        start(Array(SystemPath.arguments().dropFirst()))
    }

    /// Starts reading the book `arguments` (without the program's name) seem to name, if any.
    static func start(_ arguments: [String]) {
        guard let path = guessedBook(arguments) else { return }
        let box = Loaded(path: path, faces: guessedFaces(arguments), size: guessedSize(arguments))
        loaded.withLock { $0 = box }
        box.done.enter()
        box.fontsDone.enter()
        box.tableDone.enter()
        WorkerThread.start {
            var textDone = false, setDone = false
            defer {
                if !textDone { box.done.leave() }
                if !setDone { box.fontsDone.leave() }
                box.tableDone.leave()
            }
            // What the language the bytes show needs starts loading while they are decoded (a
            // UTF-8 book's; other encodings wait for their text).
            var guessed: ContentLanguage??
            let read = { (bytes: UnsafeBufferPointer<UInt8>) in
                guard TextDecoder.looksLikeUTF8(bytes) else { return }
                let language = ContentLanguage.detect(inUTF8: bytes)
                guessed = .some(language)
                LayoutPreload.startLibraries(for: language)
            }
            guard let decoded = try? TextDecoder.decodeFile(atPath: path, encoding: nil, whenRead: read) else { return }
            box.result = decoded
            // What the fonts are chosen by, while the first core is still parsing.
            let text = BookText(decoded: decoded)
            let coverage = TextCoverage(text)
            box.coverage = coverage
            // What the first page will need, once the book is handed over: a wrong guess of
            // its language costs background time.
            let language = ContentLanguage.detect(in: text)
            if guessed != .some(language) { LayoutPreload.startLibraries(for: language) }
            // The text is ready for `take`; the fonts follow.
            box.done.leave()
            textDone = true
            openFonts(box, coverage: coverage, language: language) {
                box.fontsDone.leave()
                setDone = true
            }
        }
    }

    /// The characters of `text` when it is the book read ahead (its very bytes, shared with
    /// the decoded text `take` gave), as worked out on the second core; nil otherwise.
    static func coverage(of text: BookText) -> TextCoverage? {
        readAhead(of: text)?.coverage
    }

    /// The read ahead that gave `text` (its very bytes, shared with the decoded text `take`
    /// gave), or nil.
    static func readAhead(of text: BookText) -> Loaded? {
        let kept = taken.withLock { $0 }
        guard let kept, let early = kept.result,
              early.utf8.withUnsafeBufferPointer({ a in text.utf8.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }),
              early.utf8.count == text.utf8.count else { return nil }
        return kept
    }

    /// The decoded book at `path` when it was read ahead with no encoding forced (waiting for
    /// it to finish), once; nil otherwise.
    static func take(path: String, encoding: String?) -> DecodedText? {
        guard encoding == nil else { return nil }
        let box = loaded.withLock { current -> Loaded? in
            guard let box = current, box.path == path else { return nil }
            current = nil
            return box
        }
        guard let box else { return nil }
        box.done.wait()
        taken.withLock { $0 = box }
        return box.result
    }

    /// A read ahead: the text written by its thread before `done` is left, the fonts before
    /// `fontsDone` is; each read after waiting on its group.
    final class Loaded: @unchecked Sendable {
        let path: String
        let done = DispatchGroup()
        var result: DecodedText?
        var coverage: TextCoverage?
        /// The faces the command line names, and the size it measures them at (nil: none
        /// read ahead).
        let faces: BookFonts.Request
        let size: Float?
        /// Left when `fonts` is written (or never will be), and when `advances` is.
        let fontsDone = DispatchGroup()
        let tableDone = DispatchGroup()
        /// The fonts opened for `faces` in `language` until handed out, the set's identity
        /// (its HarfBuzz fonts), and their advances at `size` until handed out.
        var fonts: (set: FontSet, fallback: FallbackChoice?, language: ContentLanguage?)?
        var setIdentity: ObjectIdentifier?
        var advances: AdvanceTable?
        init(path: String, faces: BookFonts.Request, size: Float?) {
            self.path = path
            self.faces = faces
            self.size = size
        }
    }
    private static let loaded = Mutex<Loaded?>(nil)
    /// The read ahead `take` gave, kept for `coverage(of:)` and the fonts.
    static let taken = Mutex<Loaded?>(nil)
}
