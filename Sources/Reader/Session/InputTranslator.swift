import PageTurner

/// Turns platform events (`PlatformEvent`) into the reader's inputs for a session: the one
/// place that decides what a press, a key or typed text means. Which pointers are down is
/// the session's to know (`ReaderSession.isPointerDown`); this keeps only what the session
/// cannot: which of the platform's fingers is which pointer, and whether text input is on.
/// The window's event loop and scripts played without a window (`ScriptedInput`) both go
/// through it.
///
/// - The mouse is pointer 0, and counts only while its button is down.
/// - Fingers are pointers 1, 2, … in the order they touch (the lowest number free).
/// - Losing focus cancels every pointer down.
/// - Keys and typed text go through the `TextInputGate`; Ctrl+Q quits, Ctrl+O opens the
///   shelf, Ctrl+C copies the selection and Ctrl+F opens find, even with a field open; F11 (full screen) is the window's own and never reaches the session.
public struct InputTranslator {
    /// The platform's finger ids → the session's pointer ids.
    private var fingers: [Int64: Int] = [:]
    private var gate = TextInputGate()

    public init() {}

    /// Hands `event`, at time `t`, to `session` as the inputs it means.
    public mutating func deliver(_ event: PlatformEvent, to session: any ReaderScreen, at t: Double) {
        switch event {
        case .mouseDown(let p):
            session.handle(.pointerDown(id: 0, at: p), at: t)
        case .mouseMove(let p):
            if session.isPointerDown(0) { session.handle(.pointerMove(id: 0, at: p), at: t) }
        case .mouseUp(let p):
            if session.isPointerDown(0) { session.handle(.pointerUp(id: 0, at: p), at: t) }
        case .fingerDown(let finger, let p):
            var id = 1
            while session.isPointerDown(id) { id += 1 }
            fingers[finger] = id
            session.handle(.pointerDown(id: id, at: p), at: t)
        case .fingerMove(let finger, let p):
            if let id = fingers[finger] { session.handle(.pointerMove(id: id, at: p), at: t) }
        case .fingerUp(let finger, let p):
            if let id = fingers.removeValue(forKey: finger) { session.handle(.pointerUp(id: id, at: p), at: t) }
        case .wheel(let steps):
            if steps != 0 { session.handle(.wheel(steps: steps), at: t) }
        case .scroll(let dx, let dy):
            session.handle(.scroll(dx: dx, dy: dy), at: t)
        case .key(.character("q"), _, _, true):
            session.handle(.quit, at: t)
        case .key(.character("o"), _, _, true):
            session.handle(.openShelf, at: t)
        case .key(.character("c"), _, _, true):
            session.handle(.copy, at: t)
        case .key(.character("f"), _, _, true):
            session.handle(.openFind, at: t)
        case .key(.f11, _, _, _):
            break
        case .key(let key, let printable, let shift, _):
            if let input = gate.keyDown(key, printable: printable, shift: shift, fieldOpen: session.wantsTextInput) {
                session.handle(input, at: t)
            }
        case .text(let text):
            if let input = gate.text(text) { session.handle(input, at: t) }
        case .focusLost:
            for id in session.pointersDown { session.handle(.pointerCancel(id: id), at: t) }
            fingers.removeAll()
        case .resize(let size):
            session.handle(.resize(size), at: t)
        case .quit:
            session.handle(.quit, at: t)
        }
    }

    /// Forgets which platform finger is which pointer: the screen was replaced (its pointers
    /// cancelled), and a finger still down belongs to none of the next screen's.
    public mutating func forgetPointers() {
        fingers.removeAll()
    }

    /// After a batch of events: the platform's text input follows whether a field is open.
    /// Returns the new state when it changed (the platform must be told), else nil.
    public mutating func syncTextInput(fieldOpen: Bool) -> Bool? {
        gate.sync(fieldOpen: fieldOpen)
    }
}
