import PageTurner

/// An input event as a windowing platform reports it, before the reader's rules apply: the
/// mouse's left button and its moves at whole logical pixels, fingers by the platform's own
/// ids, keys with the character they type. `InputTranslator` turns these into `ReaderInput`s.
/// The window's event loop decodes SDL's events into them; a script's steps become them
/// (`ScriptedInput.events(for:pageSize:)`), so a script and a person go the same way.
public enum PlatformEvent: Sendable, Equatable {
    case mouseDown(Point)
    /// The mouse moved (it counts only while its button is down).
    case mouseMove(Point)
    case mouseUp(Point)
    /// A finger, by the platform's id, at a point in logical pixels.
    case fingerDown(id: Int64, at: Point)
    case fingerMove(id: Int64, at: Point)
    case fingerUp(id: Int64, at: Point)
    /// Wheel clicks: positive turns towards the next page.
    case wheel(steps: Int)
    /// A trackpad's precise two-finger scroll, in logical pixels (see `TurnInput.scroll`).
    case scroll(dx: Double, dy: Double)
    /// A key pressed: the reader's key (nil: one it has no use for), the printable ASCII
    /// character the key types (lower case), and the modifiers held.
    case key(ReaderKey?, printable: Character?, shift: Bool, control: Bool)
    /// Text the platform typed (it sends text only while its text input is on).
    case text(String)
    /// The window lost focus: the platform takes every pointer away.
    case focusLost
    case resize(Size)
    case quit
}
