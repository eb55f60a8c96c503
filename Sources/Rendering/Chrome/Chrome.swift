import CSDL2
import PageTurner
import Reader

/// Drawing helpers for toolbars, dialogs and panels: rectangles and text in logical pixels
/// on a canvas, in the theme's colours, text from the interface atlas, set as lines
/// (`TextLine`: shaped, in bidi order).
///
/// `mirrored` (a book read right to left, `ReaderScene.mirrorsChrome`): the geometry given,
/// laid out left to right, is drawn mirrored in the window's width, as right-to-left
/// interfaces are; text keeps its own direction, the end a caller names as its left drawn at
/// the right.
struct Chrome {
    let canvas: Canvas
    let fonts: ReaderFonts
    let theme: Theme
    var mirrored = false
    /// Interface text size in logical pixels.
    var textSize: Float = 15

    var scale: Double { canvas.scale }
    var size: Size { canvas.logicalSize }
    private var atlas: TextAtlas { fonts.ui(size: textSize, scale: Float(scale)) }

    func with(textSize: Float) -> Chrome {
        var c = self
        c.textSize = textSize
        return c
    }

    /// Where something `width` wide whose left edge the layout puts at `x` is drawn: there,
    /// or mirrored in the window's width.
    func drawnX(_ x: Double, width: Double) -> Double { mirrored ? size.width - x - width : x }

    func fill(_ box: Rect, _ color: RGB, alpha: Double = 1) {
        let r = Rect(x: drawnX(box.minX, width: box.width), y: box.minY, width: box.width, height: box.height)
        let s = scale
        var rect = SDL_Rect(x: Int32((r.minX * s).rounded()), y: Int32((r.minY * s).rounded()),
                            w: Int32((r.maxX * s).rounded() - (r.minX * s).rounded()),
                            h: Int32((r.maxY * s).rounded() - (r.minY * s).rounded()))
        guard rect.w > 0, rect.h > 0 else { return }
        SDL_SetRenderDrawBlendMode(canvas.renderer, alpha < 1 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(canvas.renderer, color.r, color.g, color.b, UInt8(max(0, min(255, alpha * 255))))
        SDL_RenderFillRect(canvas.renderer, &rect)
    }

    /// A one-pixel (logical) outline.
    func outline(_ r: Rect, _ color: RGB) {
        fill(Rect(x: r.minX, y: r.minY, width: r.width, height: 1), color)
        fill(Rect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1), color)
        fill(Rect(x: r.minX, y: r.minY, width: 1, height: r.height), color)
        fill(Rect(x: r.maxX - 1, y: r.minY, width: 1, height: r.height), color)
    }

    /// The width of `text` in logical pixels.
    func width(_ text: String) -> Double { Double(atlas.width(of: text)) / scale }

    /// `text` cut with "…" to fit `width` logical pixels.
    func fitted(_ text: String, _ width: Double) -> String { atlas.fitted(text, maxWidth: Float(width * scale)) }

    /// Draws `text` with its left end at x (its right end, mirrored), vertically centred on
    /// `midY`; returns the x of its other end, as laid out.
    @discardableResult
    func text(_ text: String, x: Double, midY: Double, color: RGB? = nil) -> Double {
        let width = self.width(text)
        atlas.render(text, x: Float(drawnX(x, width: width) * scale), baseline: baseline(midY: midY).rounded(),
                     color: color ?? theme.ink, on: canvas)
        return x + width
    }

    /// Where text centred on `midY` (logical) has its baseline, in physical pixels.
    func baseline(midY: Double) -> Float { Float(midY * scale) + atlas.ascent * 0.38 }

    /// `text` broken at spaces into lines of at most `width` logical pixels, at most
    /// `maxLines` of them (the last cut with "…" if the text runs on). A word wider than a
    /// line (a Chinese or Japanese title has no spaces; a long address) is broken between its
    /// characters.
    func wrapped(_ text: String, width: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\u{3000}" }).flatMap { word -> [String] in
            let word = String(word)
            guard self.width(word) > width else { return [word] }
            var pieces: [String] = [], piece = ""
            for c in word {
                if !piece.isEmpty && self.width(piece + String(c)) > width {
                    pieces.append(piece)
                    piece = ""
                }
                piece.append(c)
            }
            return pieces + [piece]
        }[...]
        while let word = words.first {
            let candidate = current.isEmpty ? word : current + " " + word
            if current.isEmpty || self.width(candidate) <= width {
                current = candidate
                words = words.dropFirst()
            } else {
                lines.append(current)
                current = ""
                if lines.count == maxLines - 1 { break }
            }
        }
        let rest = ([current] + words).filter { !$0.isEmpty }.joined(separator: " ")
        if !rest.isEmpty { lines.append(fitted(rest, width)) }
        return lines.map { fitted($0, width) }
    }

    func centredText(_ t: String, in r: Rect, color: RGB? = nil) {
        let fittedText = fitted(t, r.width - 8)
        text(fittedText, x: r.minX + (r.width - width(fittedText)) / 2, midY: r.minY + r.height / 2, color: color)
    }

    func rightText(_ t: String, right: Double, midY: Double, color: RGB? = nil) {
        text(t, x: right - width(t), midY: midY, color: color)
    }

    /// A notice: on one line when it fits the window, else on up to three, never wider than it;
    /// light text on a dark box, its top where `top` puts a box of the height it is given.
    func notice(_ text: String, top: (Double) -> Double) {
        let lines = wrapped(text, width: max(40, size.width - 48), maxLines: 3)
        let w = min(size.width - 16, (lines.map { width($0) }.max() ?? 0) + 32)
        let h = 12 + 24 * Double(lines.count)
        let r = Rect(x: (size.width - w) / 2, y: top(h), width: w, height: h)
        fill(r, theme.ink, alpha: 0.85)
        for (i, line) in lines.enumerated() {
            centredText(line, in: Rect(x: r.minX, y: r.minY + 6 + 24 * Double(i), width: w, height: 24), color: theme.background)
        }
    }

    /// A button: a filled rounded-looking box with a centred label.
    func button(_ label: String, in r: Rect, highlighted: Bool = false) {
        fill(r, highlighted ? theme.accent : theme.control)
        centredText(label, in: r, color: highlighted ? theme.background : theme.ink)
    }

    /// A panel's box: a dimmed page around it, the box, its title bar.
    func panel(_ r: Rect, title: String) {
        fill(Rect(x: 0, y: 0, width: size.width, height: size.height), RGB(0, 0, 0), alpha: 0.25)
        fill(r, theme.chrome)
        outline(r, theme.quietInk)
        with(textSize: textSize + 2).text(title, x: r.minX + 16, midY: r.minY + 24)
    }
}
