import PageTurner
import Pagination

/// Find (Ctrl+F or /): a field for the text to find and, below it, every match with its
/// context and page. Each character typed searches the whole book again (case and accents
/// aside: `BookSearch`); Enter goes to the first match from the page shown on (or, on a row,
/// to that match) and closes the panel, leaving the matches marked on the pages; then F3 or
/// Enter goes to the next match, Shift+F3 to the previous, Esc ends the search.
public struct FindPanel: ReaderPanel {
    /// The field's text.
    public private(set) var text: String
    /// −1: the field; 0…: a match's row.
    public private(set) var selected = -1
    /// The first row shown.
    private var first = 0

    /// A panel on `text`, its row `selected` chosen (−1: the field).
    public init(text: String = "", selected: Int = -1) {
        self.text = text
        self.selected = selected
        first = max(0, selected - 3)  // the chosen row a little below the top
    }

    public var name: String { "find" }
    public var wantsText: Bool { true }

    /// The height of the field's area above the rows.
    public static let header = 56.0

    public mutating func type(_ s: String, context: PanelContext) -> PanelAction {
        var cut = false
        for c in s where !c.isNewline {
            guard text.unicodeScalars.count + c.unicodeScalars.count <= BookSearch.longestQuery else {
                cut = true
                break
            }
            text.append(c)
        }
        selected = -1
        first = 0
        return .search(text, cut: cut)
    }

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        let n = context.found?.matches.count ?? 0
        let g = ListGeometry(size: context.size, header: Self.header)
        first = firstShown(context)
        switch key {
        case .escape: return .close
        case .enter: return selected < 0 ? .findNext(backwards: false) : (selected < n ? .showMatch(selected) : .none)
        case .backspace:
            guard selected < 0, !text.isEmpty else { return .none }
            text.removeLast()
            return .search(text, cut: false)
        case .up: selected = max(-1, selected - 1)
        case .down, .tab: selected = min(n - 1, selected + 1)
        default: break
        }
        first = g.scrolled(first: first, selected: selected, count: n)
        return .none
    }

    public mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction {
        let g = ListGeometry(size: context.size, header: Self.header)
        first = g.wheeled(first: firstShown(context), steps: steps, count: context.found?.matches.count ?? 0)
        return .none
    }

    /// The first row shown for `context`.
    public func firstShown(_ context: PanelContext) -> Int {
        ListGeometry(size: context.size, header: Self.header).scrolled(first: first, selected: -1, count: context.found?.matches.count ?? 0)
    }

    /// Where the field is.
    public static func field(_ size: Size) -> Rect {
        let g = ListGeometry(size: size, header: header)
        return Rect(x: g.box.minX + 16, y: g.box.minY + 52, width: g.box.width - 32, height: 38)
    }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        let g = ListGeometry(size: context.size, header: Self.header)
        first = firstShown(context)
        if !g.box.contains(p) { return .close }
        if Self.field(context.size).contains(p) {
            selected = -1
            return .none
        }
        guard let i = g.item(at: p, first: first, count: context.found?.matches.count ?? 0) else { return .none }
        return .showMatch(i)
    }
}

/// A search of the book and where the reader is in its matches.
public struct FoundText: Sendable {
    /// What was searched for, as typed.
    public var query: String
    /// Every match, in book order (at most `BookSearch.mostMatches`).
    public var matches: [Range<Int>]
    /// The match shown (F3 goes on from it), if one was gone to.
    public var current: Int?
    /// Why nothing was searched (an empty query), if so.
    public var refusal: BookSearch.Refusal?
}
