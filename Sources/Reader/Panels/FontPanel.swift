import Fonts
import PageTurner

/// The fonts: the book faces first (chosen for the book's language, `BookFaces`), then every
/// family installed, each drawn in its own face, the one in use marked. What is typed filters
/// the list (the families whose names hold it, case and spaces ignored); ↑ ↓, Page Up and
/// Down, Home and End move the selection; Enter or a click chooses, and the book is laid out
/// again in that face on the same page. Esc, or a click outside, closes it.
public struct FontPanel: ReaderPanel {
    /// Every family offered, sorted.
    public let families: [FontFamily]
    /// The text face in use as the reader chose it (a family, or a font file); nil for the
    /// book faces.
    public let current: String?
    /// What was typed.
    public private(set) var filter = ""
    /// The rows shown, in order: nil for the book faces, else an index into `families`.
    public private(set) var rows: [Int?]
    /// The selected row (an index into `rows`).
    public private(set) var selected = 0
    /// The first row shown (scrolled so that the selection is seen).
    private var first = 0

    public init(families: [FontFamily], current: String?, context: PanelContext) {
        self.families = families
        self.current = current
        rows = Self.rows(families: families, filter: "")
        selected = rows.firstIndex { isCurrent($0) } ?? 0
        let g = Self.layout(context.size).list
        first = g.scrolled(first: selected - g.visibleRows / 2, selected: selected, count: rows.count)
    }

    public var name: String { "fonts" }
    public var wantsText: Bool { true }

    /// The height of the filter field's area above the rows.
    static let header = 56.0
    /// Rows are taller than other lists': each shows a face at a reading size.
    static let rowHeight = 44.0

    /// The family a row chooses: nil for the book faces.
    public func choice(_ row: Int?) -> String? { row.map { families[$0].name } }

    /// Whether a row is the face in use: the book faces when none was chosen, else the family
    /// of that name (as fontconfig compares names) or whose regular face is the file chosen.
    public func isCurrent(_ row: Int?) -> Bool {
        guard let row else { return current == nil }
        guard let current else { return false }
        let family = families[row]
        // A file chosen opens its first face (a collection's others are other families).
        return FontFamily.comparable(family.name) == FontFamily.comparable(current) || (family.regular.path == current && family.regular.faceIndex == 0)
    }


    /// The rows for `filter`: the book faces' when it is empty or begins "book faces", then
    /// the families whose names hold it.
    private static func rows(families: [FontFamily], filter: String) -> [Int?] {
        let wanted = FontFamily.comparable(filter)
        guard !wanted.isEmpty else { return [nil] + families.indices.map { $0 } }
        let matching: [Int?] = families.indices.filter { FontFamily.comparable(families[$0].name).contains(wanted) }
        return ("bookfaces".hasPrefix(wanted) ? [nil] : []) + matching
    }

    public mutating func type(_ s: String, context: PanelContext) -> PanelAction {
        for c in s where filter.count < 60 && !c.isNewline { filter.append(c) }
        refilter(context)
        return .none
    }

    private mutating func refilter(_ context: PanelContext) {
        rows = Self.rows(families: families, filter: filter)
        selected = 0
        first = 0
    }

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        let g = Self.layout(context.size).list
        let last = max(rows.count - 1, 0)
        first = firstShown(context)
        switch key {
        case .escape: return .close
        case .enter: return rows.isEmpty ? .none : .chooseFont(family: choice(rows[selected]))
        case .backspace:
            guard !filter.isEmpty else { return .none }
            filter.removeLast()
            refilter(context)
        case .up: selected = max(0, selected - 1)
        case .down, .tab: selected = min(last, selected + 1)
        case .pageUp: selected = max(0, selected - g.visibleRows)
        case .pageDown: selected = min(last, selected + g.visibleRows)
        case .home: selected = 0
        case .end: selected = last
        default: break
        }
        first = g.scrolled(first: first, selected: selected, count: rows.count)
        return .none
    }

    public mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction {
        let g = Self.layout(context.size).list
        first = g.wheeled(first: firstShown(context), steps: steps, count: rows.count)
        return .none
    }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        let l = Self.layout(context.size)
        first = firstShown(context)
        if !l.list.box.contains(p) { return .close }
        guard let k = l.list.item(at: p, first: first, count: rows.count) else { return .none }
        selected = k
        return .chooseFont(family: choice(rows[k]))
    }

    /// The first row shown for `context` (the window may have grown).
    public func firstShown(_ context: PanelContext) -> Int {
        Self.layout(context.size).list.scrolled(first: first, selected: -1, count: rows.count)
    }

    /// Where the panel's parts are on a window of a given size.
    public struct Layout {
        public var list: ListGeometry
        /// The filter field.
        public var field: Rect
    }

    public static func layout(_ size: Size) -> Layout {
        let g = ListGeometry(size: size, header: header, rowHeight: rowHeight)
        return Layout(list: g, field: Rect(x: g.box.minX + 16, y: g.box.minY + 52, width: g.box.width - 32, height: 38))
    }
}
