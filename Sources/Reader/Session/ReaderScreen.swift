import PageTurner

/// What the window's event loop drives and asks to be drawn: the reading session on a book
/// (`ReaderSession`) or the shelf of books (`ShelfSession`). Inputs come translated
/// (`InputTranslator`), with their time; `advance(to:)` moves the clock on between them.
public protocol ReaderScreen: AnyObject {
    /// Handles one input at `time` (ms, on the loop's time line).
    func handle(_ input: ReaderInput, at time: Double)
    /// Moves the screen's clock to `time`: animations step, deadlines pass.
    func advance(to time: Double)
    /// Whether the frame shown is out of date; the loop draws and clears it.
    var needsRedraw: Bool { get set }
    /// Whether something moves on its own (frames must keep coming).
    var isAnimating: Bool { get }
    /// The person asked to quit (Ctrl+Q, the window closed).
    var quitRequested: Bool { get }
    /// Whether typed text is wanted (a field is open): the platform's text input follows it.
    var wantsTextInput: Bool { get }
    /// The pointers down now, by the ids the translator gave them.
    var pointersDown: [Int] { get }
    func isPointerDown(_ id: Int) -> Bool
}

extension ReaderSession: ReaderScreen {}
