import EPUB
import FileWriting
import Fonts
import FoundationEssentials
import Library
import PageTurner
import Pagination
import Reader
import Rendering

/// Moves the reader between the shelf and the books on it, for the event loop
/// (`EventLoop.navigate`): opens a book the shelf asks for (its state loaded and kept from
/// then on), puts a book away when the shelf is asked for (its state saved first), gathers
/// the shelf again (so the book just read comes first, with its new progress), removes a
/// book from the shelf's history, and takes what is dropped on the window.
final class ReaderNavigator {
    /// How every book is opened (its path set for each).
    let request: ReaderLaunch.Request
    /// Where the shelf looks (a folder dropped on the window joins its folders).
    private(set) var places: ShelfListing.Places
    /// The book open now, if any.
    private(set) var book: ReaderLaunch.Prepared?
    /// Whether any book's last save failed (reported when it did).
    private(set) var saveFailed = false
    /// The shelf's view, made with the shelf's first frame.
    private var shelfView: ShelfView?

    init(request: ReaderLaunch.Request, places: ShelfListing.Places, book: ReaderLaunch.Prepared? = nil) {
        self.request = request
        self.places = places
        self.book = book
        if let book {
            book.persistence?.attach(to: book.session)
            // A book removed from the shelf and opened again (from the command line, the file
            // manager) is back on it.
            let file = URL(fileURLWithPath: request.path).standardizedFileURL.path
            changeSettings { _ = $0.restore(file) }
        }
    }

    /// The shelf, gathered now, in a window of `size`.
    func shelfScreen(size: Size) throws -> EventLoop.Screen {
        let listing = ShelfGathering.gather(places)
        let shelf = ShelfSession(listing: listing, size: size, theme: request.overrides.applied(to: request.start.preferences).theme)
        if shelfView == nil {
            let titles = listing.books.map { $0.metadata.title + " " + ($0.metadata.author ?? "") }.joined(separator: "\n")
            let fonts = try BookFonts.loadSet(request.faces, for: BookText(titles), language: nil).set
            shelfView = ShelfView(fonts: fonts, cache: places.cacheDirectory) { book in
                book.metadata.format == .epub ? EPUBFiles(path: book.path) : nil
            }
        }
        return .shelf(shelf, shelfView!)
    }

    /// What the loop shows next for `navigation`, or nil to stay.
    func navigate(_ navigation: EventLoop.Navigation, loop: EventLoop) -> EventLoop.Screen? {
        switch navigation {
        case .openBook(let path):
            return open(path, loop: loop)
        case .showShelf:
            return shelf(size: loop.canvas.logicalSize)
        case .removeFromShelf(let path):
            changeSettings { _ = $0.remove(path) }
            return nil
        case .dropped(let path):
            if LibraryFolders.isFolder(path) && !EPUBLoading.isEPUB(path) {
                // The folders searched so far stay (the defaults, when none was named before).
                let searched = places.folders
                changeSettings { settings in
                    if settings.folders.isEmpty && searched == nil { _ = settings.add(folders: LibraryFolders.defaults()) }
                    _ = settings.add(folders: [path])
                }
                if let folders = places.folders, !folders.contains(path) { places.folders = folders + [path] }
                return shelf(size: loop.canvas.logicalSize)
            }
            return open(path, loop: loop)
        }
    }

    /// The shelf, for the book open (if any) to be put away: its state is on disk before the
    /// shelf is gathered (so it shows its progress), and it is closed only once the shelf is
    /// made; nil, the book kept open and the reason said, when the shelf cannot be made.
    private func shelf(size: Size) -> EventLoop.Screen? {
        flush()
        do {
            let screen = try shelfScreen(size: size)
            putAway()
            return screen
        } catch {
            ShelfGathering.report("cannot show the shelf: \(error)")
            return nil
        }
    }

    /// Opens the book at `path` in the loop's window; nil, with a notice on the screen shown,
    /// when it cannot be opened.
    private func open(_ path: String, loop: EventLoop) -> EventLoop.Screen? {
        var bookRequest = request
        if path != request.path {
            // Another book than the command named: its own encoding, language and progression.
            bookRequest.encoding = nil
            bookRequest.overrides = request.overrides.forOtherBooks
            bookRequest.start.preferences = ReaderPreferences()
            bookRequest.overrides.apply(to: &bookRequest.start.preferences)
        }
        bookRequest.path = path
        bookRequest.start.holdPassUntilShown = false
        do {
            try BookLoading.checkOpenable(path: path, folderAllowed: EPUBLoading.isEPUB(path))
            // The book open now is saved first: it may be the one being opened again.
            flush()
            let prepared = try ReaderLaunch.prepare(bookRequest, size: loop.canvas.logicalSize)
            putAway()
            changeSettings { _ = $0.restore(path) }
            book = prepared
            prepared.persistence?.attach(to: prepared.session)
            return .book(prepared.session, prepared.view)
        } catch {
            let line = "cannot open \(PathName.lastComponent(path)): \(error)"
            ShelfGathering.report(line)
            loop.shelf?.show(notice: line)
            return nil
        }
    }

    /// Saves the open book's state and waits until it is on disk; the book stays open.
    private func flush() {
        guard let open = book else { return }
        open.persistence?.finish(open.session)
    }

    /// Saves the open book's state and closes it.
    func putAway() {
        guard let open = book else { return }
        open.persistence?.finish(open.session)
        if open.persistence?.lastSaveFailed == true { saveFailed = true }
        book = nil
    }

    private func changeSettings(_ change: (inout ShelfSettings) -> Void) {
        guard places.history else { return }  // a scripted run without a state folder keeps nothing
        let file = ShelfSettings.file(in: places.stateDirectory)
        var (settings, _) = ShelfSettings.load(from: file)
        let before = settings
        change(&settings)
        guard settings != before else { return }
        do { try settings.save(to: file) } catch { ShelfGathering.report("the shelf's settings were not kept: \(error)") }
    }
}
