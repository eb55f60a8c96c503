import CSDL2
import FoundationEssentials
import Reader

extension EventLoop {
    /// What the loop shows: a book (its session and the view that draws it) or the shelf.
    public enum Screen {
        case book(ReaderSession, ReaderView)
        case shelf(ShelfSession, ShelfView)
    }

    /// What a screen asked for that the loop cannot give by itself.
    public enum Navigation: Sendable, Equatable {
        /// Open this book (from the shelf, or dropped on the window).
        case openBook(String)
        /// Put the book away and show the shelf.
        case showShelf
        /// Remove this book from the shelf's history.
        case removeFromShelf(String)
        /// A file or folder dropped on the window.
        case dropped(String)
    }

    /// The book open, if the loop shows one.
    public var session: ReaderSession? {
        if case .book(let session, _) = screen { return session }
        return nil
    }

    /// The shelf, if the loop shows it.
    public var shelf: ShelfSession? {
        if case .shelf(let shelf, _) = screen { return shelf }
        return nil
    }

    /// The screen inputs go to.
    var active: any ReaderScreen {
        switch screen {
        case .book(let session, _): session
        case .shelf(let shelf, _): shelf
        }
    }

    /// Does what the screen asked of the world beyond it: the shelf's books to open or
    /// remove, the book's request for the shelf.
    func followRequests() {
        switch screen {
        case .book(let session, _):
            if session.shelfRequested { go(.showShelf) }
        case .shelf(let shelf, _):
            for request in shelf.takeRequests() {
                switch request {
                case .open(let path): go(.openBook(path))
                case .remove(let path): go(.removeFromShelf(path))
                }
            }
        }
    }

    /// Asks `navigate` for the screen `navigation` leads to, and shows it.
    func go(_ navigation: Navigation) {
        guard let next = navigate?(navigation) else {
            // Nothing to show instead: a book that asked for the shelf reads on.
            if case .showShelf = navigation { session?.shelfRequested = false }
            return
        }
        for id in active.pointersDown { active.handle(.pointerCancel(id: id), at: now) }
        // What the pointers did while the next screen was made belongs to the last one: the
        // second click of a double-click on a cover must not turn the book's first page.
        SDL_FlushEvents(SDL_MOUSEMOTION.rawValue, SDL_MOUSEWHEEL.rawValue)
        SDL_FlushEvents(SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue)
        input.forgetPointers()
        screen = next
        screenChanged = true
        settlePending = true
        active.handle(.resize(canvas.logicalSize), at: now)
        active.needsRedraw = true
        session?.dateOrigin = dateOrigin
        window?.setTitle(session.map { "\($0.book.shownTitle) — PageTurn" } ?? "PageTurn")
    }

    /// Draws the screen's frame for now.
    func drawFrame() {
        switch screen {
        case .book(let session, let view):
            view.draw(session.scene, on: canvas)
            session.needsRedraw = false
        case .shelf(let shelf, let view):
            view.draw(shelf.scene, on: canvas)
            shelf.needsRedraw = false
        }
    }

    /// Prepares a page next to the one shown, or warms the renderer up, or a cover coming
    /// into view; true when it did some work (a warm-up drew into the back buffer: the frame
    /// must be drawn again).
    func preload() -> Bool {
        switch screen {
        case .book(let session, let view):
            guard let done = view.preload(session.scene, on: canvas) else { return false }
            if done == .warmedUp { session.needsRedraw = true }
            return true
        case .shelf(let shelf, let view):
            guard view.preload(shelf.scene, on: canvas) else { return false }
            shelf.needsRedraw = true
            return true
        }
    }
}
