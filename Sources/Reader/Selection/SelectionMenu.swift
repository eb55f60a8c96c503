import PageTurner
import ReaderState

/// The small menu over a finished selection: Copy, the four highlight colours, Note, and, when
/// the selection is a highlight (tapped), Remove; in a row just above the selection's first
/// line (below its last when there is no room above), kept inside the window. What each does
/// is what its key does (Ctrl+C, 1–4, N, Delete).
public struct SelectionMenu: Sendable, Equatable {
    /// One of the menu's buttons.
    public enum Item: Sendable, Equatable {
        case copy
        case highlight(Highlight.Color)
        case note
        /// Remove the highlight that is the selection.
        case remove
    }

    /// A button and where it is.
    public struct Button: Sendable, Equatable {
        public var item: Item
        public var rect: Rect
    }

    /// The whole menu's box and each button's, window coordinates.
    public var box: Rect
    public var buttons: [Button]

    static let items: [Item] = [.copy] + Highlight.Color.allCases.map { .highlight($0) } + [.note]
    static let height = 40.0
    /// The width of Copy and Note, and of each colour's swatch.
    static let wordWidth = 64.0, swatchWidth = 40.0

    /// The menu for a selection whose first piece's top is at `top`, and whose last piece's
    /// bottom is at `bottom`, centred on `x`, in a window of `size` (with Remove when the
    /// selection is a highlight); nil when it cannot fit.
    init?(x: Double, top: Double, bottom: Double, size: Size, removable: Bool = false) {
        let items = Self.items + (removable ? [.remove] : [])
        let words = Double(items.count - Highlight.Color.allCases.count)
        let width = words * Self.wordWidth + Double(Highlight.Color.allCases.count) * Self.swatchWidth
        guard size.width >= width + 16, size.height >= Self.height * 3 else { return nil }
        let y = top - Self.height - 12 >= 8 ? top - Self.height - 12 : min(bottom + 28, size.height - Self.height - 8)
        let left = min(max(x - width / 2, 8), size.width - width - 8)
        box = Rect(x: left, y: y, width: width, height: Self.height)
        var pen = left
        buttons = items.map { item in
            let w: Double
            if case .highlight = item { w = Self.swatchWidth } else { w = Self.wordWidth }
            defer { pen += w }
            return Button(item: item, rect: Rect(x: pen, y: y, width: w, height: Self.height))
        }
    }

    /// The button under `p`, if any.
    public func item(at p: Point) -> Item? {
        buttons.first { $0.rect.contains(p) }?.item
    }
}
