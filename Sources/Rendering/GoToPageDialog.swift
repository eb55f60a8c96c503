import Foundation
import PageTurner

/// "Go to page": a number field. Enter jumps, Esc cancels; a number outside 1…N, or not a
/// number, shows "pages are 1 to N" and keeps the dialog open.
struct GoToPageDialog {
    private(set) var text = ""
    private(set) var error: String?

    /// Typed text (SDL text input); the field keeps at most 12 characters.
    mutating func type(_ s: String) {
        for c in s where text.count < 12 && !c.isNewline { text.append(c) }
        error = nil
    }

    mutating func key(_ key: ReaderKey, context: PanelContext) -> OverlayAction {
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
    mutating func submit(_ context: PanelContext) -> OverlayAction {
        let n = context.pageCount
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let page = Int(trimmed), page >= 1, page <= n { return .goTo(page: page - 1) }
        error = "pages are 1 to \(context.isExact ? "" : "~")\(n)"
        return .none
    }

    // MARK: - Geometry and drawing

    struct Layout {
        var box: Rect, field: Rect, cancel: Rect, go: Rect
    }

    func layout(in size: Size) -> Layout {
        let w = min(360, size.width - 32), h = 190.0
        let box = Rect(x: (size.width - w) / 2, y: max(16, size.height * 0.3 - h / 2), width: w, height: h)
        let field = Rect(x: box.minX + 16, y: box.minY + 52, width: w - 32, height: 40)
        let bw = (w - 48) / 2
        return Layout(box: box, field: field,
                      cancel: Rect(x: box.minX + 16, y: box.maxY - 52, width: bw, height: 36),
                      go: Rect(x: box.maxX - 16 - bw, y: box.maxY - 52, width: bw, height: 36))
    }

    mutating func tap(_ p: Point, size: Size, context: PanelContext) -> OverlayAction {
        let l = layout(in: size)
        if l.go.contains(p) { return submit(context) }
        if l.cancel.contains(p) || !l.box.contains(p) { return .close }
        return .none
    }

    func draw(_ chrome: Chrome, context: PanelContext) {
        let l = layout(in: chrome.size)
        chrome.panel(l.box, title: "Go to page")
        chrome.fill(l.field, chrome.theme.background)
        chrome.outline(l.field, chrome.theme.accent)
        let end = chrome.with(textSize: 18).text(text, x: l.field.minX + 10, midY: l.field.minY + l.field.height / 2)
        chrome.fill(Rect(x: end + 2, y: l.field.minY + 9, width: 2, height: l.field.height - 18), chrome.theme.accent)
        let range = "1 – \(context.isExact ? "" : "~")\(context.pageCount)"
        chrome.rightText(range, right: l.field.maxX - 10, midY: l.field.minY + l.field.height / 2, color: chrome.theme.quietInk)
        if let error {
            chrome.text(error, x: l.field.minX, midY: l.field.maxY + 16, color: chrome.theme.warning)
        }
        chrome.button("Cancel", in: l.cancel)
        chrome.button("Go", in: l.go, highlighted: true)
    }
}
