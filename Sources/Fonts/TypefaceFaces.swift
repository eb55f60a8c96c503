import Pagination

/// The faces of one of the book's own typefaces (CSS `@font-face`, opened by
/// `BookTypefaces`), by style: its regular, italic, bold and bold italic, each nil where the
/// book gives none. Text in the typeface takes the face of its style, else the nearest the
/// book gives (`slot(for:)`); its characters no face of it has, the reader's faces.
public struct TypefaceFaces: Sendable {
    /// Four slots: regular, italic, bold, bold italic (`FaceStyle`'s italic and bold bits).
    public private(set) var styles: [FontFace?] = [nil, nil, nil, nil]

    public init() {}

    /// Puts `face` in the slot of its style (`italic`, `bold`), unless one is there already.
    public mutating func add(_ face: FontFace, italic: Bool, bold: Bool) {
        let slot = (italic ? 1 : 0) | (bold ? 2 : 0)
        if styles[slot] == nil { styles[slot] = face }
    }

    /// The faces given, in slot order.
    public var faces: [FontFace] { styles.compactMap { $0 } }

    /// The slot that sets text in `style`: its own; for bold italic the bold, then the
    /// italic; then the regular; and for text whose style the book gives no face near, the
    /// first face it gives (a family declared with a bold face alone sets its text in it).
    func slot(for style: FaceStyle) -> Int? {
        let own = (style.contains(.italic) ? 1 : 0) | (style.contains(.bold) ? 2 : 0)
        let order = switch own {
        case 3: [3, 2, 1, 0]
        case 2: [2, 0, 3, 1]
        case 1: [1, 0, 3, 2]
        default: [0, 1, 2, 3]
        }
        return order.first { styles[$0] != nil }
    }

    /// The most faces the book's typefaces take of a set's (`ScalarSlotTable.faceLimit` in
    /// all): the reader's faces and fallbacks keep the rest.
    static let faceBudget = 12

    /// `typefaces` with the faces past `faceBudget` dropped (a typeface left with none is
    /// set in the reader's faces).
    static func withinBudget(_ typefaces: [TypefaceFaces?]) -> [TypefaceFaces?] {
        var left = faceBudget
        return typefaces.prefix(FaceStyle.typefaceLimit).map { typeface in
            guard var kept = typeface else { return nil }
            for slot in kept.styles.indices where kept.styles[slot] != nil {
                if left > 0 { left -= 1 } else { kept.styles[slot] = nil }
            }
            return kept.faces.isEmpty ? nil : kept
        }
    }
}
