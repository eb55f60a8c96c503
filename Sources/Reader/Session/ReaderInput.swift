import PageTurner

/// One input to the reader, in window coordinates (logical pixels). Time comes with it
/// (`ReaderSession.handle(_:at:)`).
public enum ReaderInput: Sendable, Equatable {
    case pointerDown(id: Int, at: Point)
    case pointerMove(id: Int, at: Point)
    case pointerUp(id: Int, at: Point?)
    /// The platform took every pointer away (the window lost focus).
    case pointerCancel(id: Int)
    case wheel(steps: Int)
    /// A trackpad's precise scroll deltas in logical pixels (see `TurnInput.scroll`).
    case scroll(dx: Double, dy: Double)
    case key(ReaderKey, shift: Bool)
    /// Text typed into the open field.
    case text(String)
    case resize(Size)
    /// Back to the shelf of books (Ctrl+O, or the toolbar's Library button).
    case openShelf
    /// Copy the selected text (Ctrl+C).
    case copy
    /// Find text in the book (Ctrl+F).
    case openFind
    case quit
}
