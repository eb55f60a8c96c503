import PageTurner
import Pagination
import ReaderState

/// A panel or dialog over the page (go to page, bookmarks, contents) or the toolbars: it takes
/// keys, taps, wheel steps and typed text, and answers with what the reader should do.
///
/// Panels are values holding only their own state (the text typed, the row selected, the
/// first row shown); what they show of the book comes in a `PanelContext` with every input.
/// The session keeps the open panel and performs the actions; the renderer draws it.
public protocol ReaderPanel: Sendable {
    /// The panel's name: "goTo", "bookmarks", "contents", "fonts" or "toolbars".
    var name: String { get }
    /// Whether it has a text field (the window turns its platform's text input on).
    var wantsText: Bool { get }
    mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction
    /// A click or tap at `point` (window coordinates).
    mutating func tap(at point: Point, context: PanelContext) -> PanelAction
    /// Wheel steps: positive scrolls down.
    mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction
    /// Text typed (the platform's text input, one or more characters).
    mutating func type(_ text: String, context: PanelContext) -> PanelAction
}

extension ReaderPanel {
    public var wantsText: Bool { false }
    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction { .none }
    public mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction { .none }
    public mutating func type(_ text: String, context: PanelContext) -> PanelAction { .none }
}

/// What a panel asks the reader to do.
public enum PanelAction: Equatable, Sendable {
    case none
    case close
    /// Show page `page` (0-based).
    case goTo(page: Int)
    /// Show the page holding scalar offset `offset`.
    case jump(offset: Int)
    case addBookmark(name: String)
    case deleteBookmark(index: Int)
    /// A toolbar button was pressed.
    case press(ToolbarButton)
    /// Set the book in `family` (nil: the book faces).
    case chooseFont(family: String?)
    /// Follow a link of the book (a link inside a note).
    case follow(href: String)
    /// Save the note on the current highlight ("" removes it).
    case saveNote(String)
    /// Remove highlight `index` (of `PanelContext.highlights`).
    case deleteHighlight(index: Int)
    /// Write the note of highlight `index`.
    case writeNote(index: Int)
    /// Search the book for `text` (`cut`: the typing went past the longest search).
    case search(String, cut: Bool)
    /// Go to the next match (or the previous) from the page shown, and close the panel.
    case findNext(backwards: Bool)
    /// Go to match `index`, and close the panel.
    case showMatch(Int)
}

/// What a panel needs to know about the book and the reader.
public struct PanelContext {
    /// The window's size in logical pixels.
    public var size: Size
    public var pageCount: Int
    /// Whether `pageCount` is exact (false while the full pass runs: shown with "~").
    public var isExact: Bool
    public var currentPage: Int
    /// The first character of the current page.
    public var currentOffset: Int
    public var bookmarks: [SessionBookmark]
    public var chapters: [Chapter]
    /// The print edition's pages the book names (an EPUB's page-list): label and offset.
    public var printPages: [PrintPage]
    /// The passages highlighted, sorted by start.
    public var highlights: [Highlight]
    /// The search under way, if any.
    public var found: FoundText?
    /// A match with the text around it (for the find panel's rows).
    public var contextOf: (Range<Int>) -> BookSearch.Context
    /// The page (0-based) that holds a scalar offset.
    public var pageOf: (Int) -> Int

    public init(size: Size, pageCount: Int, isExact: Bool, currentPage: Int, currentOffset: Int,
                bookmarks: [SessionBookmark], chapters: [Chapter], printPages: [PrintPage] = [],
                highlights: [Highlight] = [], found: FoundText? = nil,
                contextOf: @escaping (Range<Int>) -> BookSearch.Context = { _ in BookSearch.Context(before: "", match: "", after: "") },
                pageOf: @escaping (Int) -> Int) {
        self.printPages = printPages
        self.highlights = highlights
        self.found = found
        self.contextOf = contextOf
        self.size = size
        self.pageCount = pageCount
        self.isExact = isExact
        self.currentPage = currentPage
        self.currentOffset = currentOffset
        self.bookmarks = bookmarks
        self.chapters = chapters
        self.pageOf = pageOf
    }
}
