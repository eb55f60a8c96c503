/// What the window feeds the machine. Every input arrives with a time, in milliseconds on any
/// monotonic time line the caller likes (the simulator uses "ms since the script started").

/// The semantic direction of a page turn. Which way the finger moves for it depends on the
/// reading direction (see `TurnConfig.rightToLeft`).
public enum TurnDirection: String, Sendable, Hashable, CaseIterable {
    case next
    case previous
}

/// Commands from the keyboard (or page-turn buttons, or a remote).
public enum KeyCommand: String, Sendable, Hashable, CaseIterable {
    /// Turn to the next page.
    case next
    /// Turn to the previous page.
    case previous
    /// Turn to the first page.
    case first
    /// Turn to the last page.
    case last
    /// Show the toolbars if they are hidden, hide them if they are shown.
    case toggleToolbars
    /// Hide the toolbars (Escape); nothing happens if they are already hidden.
    case hideToolbars
}

/// One input event. Pointers are told apart by `id` (a mouse is pointer 0; each finger of a
/// touch screen has its own id for as long as it touches).
public enum TurnInput: Sendable, Hashable {
    /// A pointer touches the page at a point (page coordinates, logical pixels). A down for a
    /// pointer that is already down (its up was lost) cancels the old press first.
    case pointerDown(id: Int, at: Point)
    /// A pointer that is down moves.
    case pointerMove(id: Int, at: Point)
    /// A pointer leaves the page. `at` is where it left, if the platform says so; when it is
    /// `nil` the pointer leaves where it last moved to.
    case pointerUp(id: Int, at: Point?)
    /// The platform takes the pointer away (a system gesture, the window losing focus): whatever
    /// the pointer was doing is abandoned and a dragged page settles back.
    case pointerCancel(id: Int)
    /// Wheel steps: positive towards the next page, negative towards the previous one. Each step
    /// moves one page; the steps of one event make one turn (clamped to the book, with one
    /// `boundary` event if they run past an end). Any `Int` is safe, `Int.min` included.
    case wheel(steps: Int)
    /// Precise scroll deltas from a trackpad, in logical pixels (dx > 0: the fingers moved
    /// right). A run of mostly horizontal ones drags the page like a pointer would, from the
    /// page's centre; the run lets go when no delta has come for `TurnConfig.scrollReleaseGap`
    /// ms, with the velocity of its last deltas, so the commit and fling thresholds decide as
    /// for a drag. A run that starts mostly vertical is ignored (the window turns vertical
    /// scrolling into wheel steps). Ignored while a pointer is down.
    case scroll(dx: Double, dy: Double)
    /// A key command.
    case key(KeyCommand)
}
