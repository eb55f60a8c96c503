import PageTurner
import ReaderState

/// "Note": a field for the note on a highlight (the one just made, or chosen in the
/// highlights panel), filled with its note so far. Enter saves it, Esc leaves it as it was;
/// an emptied field removes the note. At most `Highlight.longestNote` characters.
public struct HighlightNoteDialog: ReaderPanel {
    public private(set) var text: String
    /// The beginning of the passage, shown above the field.
    public let passage: String

    public init(note: String, passage: String) {
        text = note
        self.passage = passage
    }

    public var name: String { "note" }
    public var wantsText: Bool { true }

    public mutating func type(_ s: String, context: PanelContext) -> PanelAction {
        for c in s where text.count < Highlight.longestNote && !c.isNewline { text.append(c) }
        return .none
    }

    public mutating func key(_ key: ReaderKey, context: PanelContext) -> PanelAction {
        switch key {
        case .escape: return .close
        case .enter: return .saveNote(text)
        case .backspace: if !text.isEmpty { text.removeLast() }
        default: break
        }
        return .none
    }

    public mutating func tap(at p: Point, context: PanelContext) -> PanelAction {
        let l = GoToPageDialog.layout(in: context.size)
        if l.go.contains(p) { return .saveNote(text) }
        if l.cancel.contains(p) || !l.box.contains(p) { return .close }
        return .none
    }
}
