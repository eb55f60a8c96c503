import FoundationEssentials
import PageTurner
import TextDecoding

/// "Go to page": a number field. Enter jumps, Esc cancels; a number outside 1…N, or not a
/// number, shows "pages are 1 to N" and keeps the dialog open. In a book that names its print
/// edition's pages, `p` and a page's label (`p42`, `p. xii`) goes to that printed page, and a
/// label that is no number (`xii`) finds it too.
public struct GoToPageDialog: ReaderPanel {
    public private(set) var text = ""
    public private(set) var error: String?

    public init() {}

    public var name: String { "goTo" }
    public var wantsText: Bool { true }

    /// Typed text (the platform's text input); the field keeps at most 12 characters.
    public mutating func type(_ s: String, context: PanelContext) -> PanelAction {
        for c in s where text.count < 12 && !c.isNewline { text.append(c) }
        error = nil
        return .none
    }

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        switch key {
        case .escape: return .close
        case .enter: return submit(context)
        case .backspace:
            if !text.isEmpty { text.removeLast() }
            error = nil
        default: break  // digits arrive as text (SDL sends a key and its text for each)
        }
        return .none
    }

    /// Checks the field: a page from 1 to N jumps, anything else shows the range.
    mutating func submit(_ context: PanelContext) -> PanelAction {
        let n = context.pageCount
        let trimmed = text.trimmingSpaces()
        if let printed = Self.printPage(trimmed, in: context.printPages) { return .jump(offset: printed.offset) }
        if let page = Int(trimmed), page >= 1, page <= n { return .goTo(page: page - 1) }
        error = "pages are 1 to \(context.isExact ? "" : "~")\(n)"
            + (context.printPages.isEmpty ? "" : "; print pages p\(context.printPages[0].label) to p\(context.printPages.last!.label)")
        return .none
    }

    /// The print page `typed` names: `p` or `p.` and a label, or a label that is not a number.
    static func printPage(_ typed: String, in pages: [PrintPage]) -> PrintPage? {
        guard !pages.isEmpty else { return nil }
        var label = Substring(typed)
        let prefixed = label.first == "p" || label.first == "P"
        if prefixed {
            label = label.dropFirst()
            if label.first == "." { label = label.dropFirst() }
            label = label.drop { $0 == " " }
        }
        guard prefixed || Int(label) == nil, !label.isEmpty else { return nil }
        return pages.first { $0.label.lowercased() == label.lowercased() }
    }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        let l = Self.layout(in: context.size)
        if l.go.contains(p) { return submit(context) }
        if l.cancel.contains(p) || !l.box.contains(p) { return .close }
        return .none
    }

    /// Where the dialog's parts are on a window of a given size.
    public struct Layout {
        public var box: Rect, field: Rect, cancel: Rect, go: Rect
    }

    /// A box at most 360 wide and 190 high, centred across and a little above the middle.
    public static func layout(in size: Size) -> Layout {
        let w = min(360, size.width - 32), h = 190.0
        let box = Rect(x: (size.width - w) / 2, y: max(16, size.height * 0.3 - h / 2), width: w, height: h)
        let field = Rect(x: box.minX + 16, y: box.minY + 52, width: w - 32, height: 40)
        let bw = (w - 48) / 2
        return Layout(box: box, field: field,
                      cancel: Rect(x: box.minX + 16, y: box.maxY - 52, width: bw, height: 36),
                      go: Rect(x: box.maxX - 16 - bw, y: box.maxY - 52, width: bw, height: 36))
    }
}
