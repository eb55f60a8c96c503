import Foundation
import PageTurner
import ReaderState

/// Keeps a book's reading state in a `StateStore`: what a session starts from, and a save
/// whenever the position, the bookmarks or the preferences change and when the reader quits
/// (a SIGINT or SIGTERM included: the loop quits cleanly on them). Saves that would write
/// the same state again are skipped.
public final class SessionPersistence {
    public let store: StateStore
    public let key: BookKey
    private var lastSaved: BookState?
    private var reportedFailure = false
    /// Where problems go (stderr by default), once each.
    public var report: (String) -> Void = { FileHandle.standardError.write(Data(("pageturn: " + $0 + "\n").utf8)) }

    public init(store: StateStore, book: Book) {
        self.store = store
        key = BookKey(textDigest: book.digest)
    }

    /// Loads the book's state into `start` (the options the person gave win over saved
    /// preferences: pass them as `overrides`). A damaged state file has been moved aside: it
    /// is reported here once and in the window, and the book opens at its start.
    public func load(into start: inout ReaderStart, overrides: (inout ReaderPreferences) -> Void = { _ in }) {
        let result = store.load(key)
        let state = result.state
        if case .recovered(_, let problem, let movedTo) = result {
            let where_ = movedTo.map { " (moved aside to \($0.lastPathComponent))" } ?? ""
            report("the saved state of this book could not be read: \(problem)\(where_); opening at the start")
            start.notice = "Saved state was damaged: opening at the start"
        }
        start.position = state.position
        start.bookmarks = state.bookmarks
        var p = start.preferences
        p.fontSize = state.settings.fontSize.isFinite && state.settings.fontSize > 0 ? state.settings.fontSize : p.fontSize
        p.curl = CurlModel(rawValue: state.settings.curl) ?? p.curl
        p.theme = Theme(rawValue: state.settings.theme) ?? p.theme
        p.zones = TapZoneLayout.named(state.settings.zones) ?? p.zones
        p.progression = PageProgression(rawValue: state.settings.progression) ?? p.progression
        overrides(&p)
        start.preferences = p
        if case .loaded = result { lastSaved = state }
    }

    /// The state of `session` as the store keeps it.
    public static func state(of session: ReaderSession) -> BookState {
        let p = session.preferences
        return BookState(position: session.position, bookmarks: session.bookmarks,
                         settings: ReaderSettings(fontSize: p.fontSize, curl: p.curl.rawValue, theme: p.theme.rawValue,
                                                  zones: p.zones.name, progression: p.progression.rawValue),
                         title: session.book.title)
    }

    /// Saves `session`'s state if it changed since the last save. Failures are reported once.
    public func save(_ session: ReaderSession) {
        let state = Self.state(of: session)
        guard state != lastSaved else { return }
        do {
            try store.save(state, for: key)
            lastSaved = state
        } catch {
            if !reportedFailure { report("cannot save the reading state: \(error)") }
            reportedFailure = true
        }
    }

    /// Saves after every change that matters.
    public func attach(to session: ReaderSession) {
        session.onChange = { [weak self, weak session] in
            guard let self, let session else { return }
            self.save(session)
        }
    }
}
