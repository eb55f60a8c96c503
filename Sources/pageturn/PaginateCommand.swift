import ArgumentParser
import EPUB
import FileWriting
import Fonts
import FoundationEssentials
import PageTurner
import Pagination
import TextDecoding

/// `pageturn paginate`: opens a book, cuts it into pages and prints a summary (or JSON).
struct PaginateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paginate",
        abstract: "Paginates a TXT or EPUB book and prints its encoding, pages and chapters.",
        discussion: """
            Offsets count Unicode scalars of the decoded text after a BOM is dropped and CRLF \
            and CR become LF. Pages are half-open ranges of offsets; --json writes the start of \
            every page and line and each chapter's offset and page (0-based, an index into pages). \
            An EPUB (known by its content: a ZIP, or an unzipped EPUB's folder) is laid out as one \
            text, each spine document from a new page; its --json adds "metadata", "spine" and \
            "contents".
            Pages are cached under $XDG_CACHE_HOME/pageturn (~/.cache/pageturn), keyed by the \
            text and every layout input; an EPUB's text and styles, once read, under \
            $XDG_CACHE_HOME/pageturn/books, keyed by the file's content.
            """)

    @Argument(help: "The book: an EPUB, or a .txt file in UTF-8, UTF-16, GB18030/GBK, Big5, Shift_JIS or EUC-JP.")
    var file: String
    @OptionGroup var layout: LayoutOptions
    @OptionGroup var lang: LanguageOptions
    @OptionGroup var decoding: EncodingOptions
    @Option(help: "Write pages, lines and chapters as JSON to this file (- for standard output).")
    var json: String?
    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the page cache.")
    var noCache = false
    @Option(name: .customLong("cache-dir"), help: "Folder for the page cache.")
    var cacheDir: String?

    func validate() throws {
        try FolderOption.check(cacheDir, "--cache-dir")
    }

    func run() throws {
        LaunchTrace.mark("options parsed")
        try SameFileGuard.check(output: json, option: "--json", input: file)
        var settings = try layout.validatedSettings()
        var clock = Stopwatch()
        let source = try PaginatedSource.open(path: file, encoding: decoding.encoding)
        let text = source.text
        settings.language = try lang.language(for: text, declared: source.book?.language)
        LayoutPreload.startLibraries(for: settings.language, hyphenating: settings.hyphenates)
        // Chapters are found on the other core while this one reads the fonts.
        let chapterSearch = BackgroundValue { source.book?.chapters ?? ChapterDetector.detect(in: text) }
        let decodeMilliseconds = clock.lap()
        let styles = source.book?.structure?.faceStyles ?? []
        let fonts = try BookFonts.load(layout, for: text, language: settings.language, styles: styles, book: source.book,
                                       openingShaperAhead: true)  // not timed, as before
        settings = settings.fitted(to: text, advances: fonts.advances)
        clock.reset()
        let cache = PageCache(directory: cacheDir.map { URL(fileURLWithPath: $0) })
        // The key digests the whole advance table: not worked out when there is no cache.
        let key = noCache ? 0 : PageCache.key(text: text, textDigest: source.book?.digest, settings: settings,
                                              advances: fonts.advances, fontFingerprint: fonts.fingerprint, shaper: fonts.shaper)
        var cacheNote = "cache off"
        let map: PageMap
        if !noCache, let cached = cache.load(key: key, scalarCount: text.scalarCount) {
            map = cached
            cacheNote = "from cache"
        } else {
            map = Paginator(text: text, settings: settings, advances: fonts.advances, structure: source.book?.structure,
                            shaper: fonts.shaper)
                .paginate(threads: ProcessInfo.processInfo.activeProcessorCount)
            if !noCache {
                do {
                    try cache.store(map, key: key)
                    cacheNote = "cached"
                } catch let error as AtomicFile.WriteError {
                    cacheNote = "not cached: \(error)"
                } catch {
                    cacheNote = "not cached: cannot write to \(cache.directory.path)"
                }
            }
        }
        let chapters = chapterSearch.value
        let milliseconds = decodeMilliseconds + clock.lap()
        LaunchTrace.mark("paginated")

        if let json {
            let document = try PaginationJSON(chars: text.scalarCount, encoding: source.encoding, map: map,
                                              chapters: chapters, faces: fonts.set.faces, epub: source.epub,
                                              progression: source.book?.naturalProgression ?? .leftToRight,
                                              shownTitle: source.book?.shownTitle)
            do {
                try OutputFile.write(to: json) { sink in
                    var writer = JSONStreamWriter(sink)
                    document.write(&writer)
                    if json == "-" { writer.raw("\n") }
                    writer.flush()
                }
            } catch {
                throw UserError(error.description)
            }
            if json == "-" { return }
        }
        printSummary(text: text, source: source, map: map, chapters: chapters, fonts: fonts, settings: settings,
                     milliseconds: milliseconds, cacheNote: cacheNote)
    }

    func printSummary(text: BookText, source: PaginatedSource, map: PageMap, chapters: [Chapter], fonts: BookFonts,
                      settings: LayoutSettings, milliseconds: Double, cacheNote: String) {
        // What comes from the book or its name is printed with its control characters escaped:
        // an ESC in a chapter title must not reach the terminal.
        let name = PrintableText.escaped(PathName.lastComponent(file))
        if text.scalarCount == 0 {
            print("\(name): empty (0 characters, 0 pages)")
            return
        }
        var encodingNote = source.encoding
        if source.replacementCount > 0 {
            encodingNote += ", \(source.replacementCount) undecodable byte sequence\(source.replacementCount == 1 ? "" : "s") shown as �"
        }
        if let epub = source.epub {
            encodingNote += ", \(epub.documents.count) spine document\(epub.documents.count == 1 ? "" : "s")"
            if !epub.unreadableDocuments.isEmpty {
                encodingNote += " (\(epub.unreadableDocuments.count) could not be read, each shown as a line saying so)"
            }
            if epub.unsafeEntryNames > 0 {
                encodingNote += ", \(epub.unsafeEntryNames) entr\(epub.unsafeEntryNames == 1 ? "y" : "ies") passed over for "
                    + "a name reaching outside the book"
            }
        }
        print("\(name): \(encodingNote), \(text.scalarCount) characters, language \(settings.language?.tag ?? "undetermined")")
        print("  \(map.pageCount) pages, \(map.lines.count) lines, \(chapters.count) chapters "
              + "(\(settings.preset.rawValue), \(Int(settings.pageWidth))×\(Int(settings.pageHeight)), margin \(Int(settings.margin)), "
              + (settings.contentWidth < settings.pageWidth - 2 * settings.margin ? "measure \(Int(settings.contentWidth)), " : "")
              + "\(fonts.familyNames) \(formatNumber(settings.fontSize)) px, line height \(formatNumber(settings.lineHeight)))")
        print("  \(cFormat("%.1f", milliseconds)) ms, \(PrintableText.escaped(cacheNote))")
        if let missing = fonts.fallback, missing.uncoveredOccurrences > 0 {
            let sample = missing.uncovered.prefix(5).map { cFormat("U+%04X", $0) }.joined(separator: " ")
            print("  \(missing.uncoveredOccurrences) character\(missing.uncoveredOccurrences == 1 ? "" : "s") no installed font covers "
                  + "(\(missing.uncovered.count) distinct: \(sample)\(missing.uncovered.count > 5 ? " …" : "")), drawn as boxes")
        }
        let shown = 12
        for chapter in chapters.prefix(shown) {
            let page = map.page(containing: chapter.offset) + 1
            print("  p. \(page)\t\(String(repeating: "  ", count: chapter.level))\(PrintableText.escaped(chapter.title))")
        }
        if chapters.count > shown { print("  … and \(chapters.count - shown) more chapters") }
    }
}

/// A size in a summary, to one decimal, whole when it is (`NumberText`).
func formatNumber(_ value: Float) -> String { NumberText.format(Double(value), decimals: 1) }
