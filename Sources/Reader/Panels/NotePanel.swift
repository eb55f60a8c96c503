import PageTurner
import Pagination

/// A note shown over the page, as readers show footnotes: a tap on a reference to a note
/// (`BookNotes`) opens it in a box over the page, its text set by the book's typesetter in
/// the book's faces and size, scrolled by the wheel, the arrow keys, Page Up and Down, Home and
/// End when longer than the box; a tap on a link in it follows the link. A tap outside the box, Esc or Backspace (the back gesture) closes it; like
/// all chrome it owns the pointer, so nothing done in it turns the page.
public struct NotePanel: ReaderPanel {
    /// The link the note was opened by (`path#id`).
    public let href: String
    /// The note's text, as the book has it (for scripts and their summary).
    public let text: String
    /// Its lines, each glyph placed from the top-left corner of the box's text.
    public let lines: [PositionedLine]
    /// The size its glyphs are drawn at (the page's), in logical pixels.
    public let fontSize: Float
    /// How tall its lines are together, margins included, in logical pixels.
    public let contentHeight: Double
    /// How far it is scrolled, in logical pixels.
    public private(set) var scroll: Double = 0
    /// The links in it: the scalar offsets each covers (the clusters of its glyphs) and where
    /// it leads. A tap on one follows it (another note opens in its place).
    public let links: [(range: Range<Int>, href: String)]

    public var name: String { "note" }

    public init(href: String, text: String, lines: [PositionedLine], fontSize: Float, contentHeight: Double,
                links: [(range: Range<Int>, href: String)] = []) {
        self.links = links
        self.href = href
        self.text = text
        self.lines = lines
        self.fontSize = fontSize
        self.contentHeight = contentHeight
    }

    /// The width of the box (and of the note's lines) in a window of `size`: at most 600
    /// logical pixels, 24 from either edge.
    public static func width(in size: Size) -> Double { max(120, min(600, size.width - 48)) }

    /// The box in a window of `size`: centred across, in the lower half of the window (where a
    /// printed footnote is), as tall as the note up to 45% of the window.
    public func box(in size: Size) -> Rect {
        let w = Self.width(in: size)
        let h = min(contentHeight, max(80, size.height * 0.45))
        return Rect(x: (size.width - w) / 2, y: size.height - h - max(24, size.height * 0.06), width: w, height: h)
    }

    /// How far the note may scroll in `size`.
    func scrollLimit(in size: Size) -> Double { max(0, contentHeight - box(in: size).height) }

    public mutating func tap(at point: Point, context: PanelContext) -> PanelAction {
        let r = box(in: context.size)
        guard point.x >= r.minX && point.x < r.maxX && point.y >= r.minY && point.y < r.maxY else { return .close }
        guard let cluster = lines.cluster(at: Point(x: point.x - r.minX, y: point.y - r.minY + scroll), fontSize: Double(fontSize)),
              let link = links.first(where: { $0.range.contains(cluster) }) else { return .none }
        return .follow(href: link.href)
    }

    public mutating func wheel(_ steps: Int, context: PanelContext) -> PanelAction {
        scrollBy(Double(steps) * 48, in: context.size)
        return .none
    }

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        switch key {
        case .escape, .backspace: return .close
        case .down: scrollBy(48, in: context.size)
        case .up: scrollBy(-48, in: context.size)
        case .pageDown, .space: scrollBy(box(in: context.size).height - 48, in: context.size)
        case .pageUp: scrollBy(-(box(in: context.size).height - 48), in: context.size)
        case .home: scroll = 0
        case .end: scroll = scrollLimit(in: context.size)
        default: break
        }
        return .none
    }

    private mutating func scrollBy(_ dy: Double, in size: Size) {
        scroll = min(max(0, scroll + dy), scrollLimit(in: size))
    }
}
