/// The layout on screen and what is due to happen to it.
///
/// A new font size or page size lays the book out again at once (the page at the reading
/// position), but its full pass is held back until nothing has changed the layout for
/// `fullPassDelay` ms: a window dragged to a new size sends a resize per pointer motion, and
/// each would otherwise start a pass over the whole book. A new font size asked for while a
/// page is held or moving waits until the machine is idle (`relayoutPending`): relaying out
/// resets the machine to the new layout's page count, which would drop a page under a finger.
struct LiveLayout {
    /// The pages shown.
    var current: BookLayout
    /// When the held-back full pass of `current` starts (nil: started, or none needed).
    var fullPassDue: Double?
    /// A new layout waits for the machine to be idle.
    var relayoutPending = false

    /// How long the layout must stay the same before its full pass starts, in ms.
    static let fullPassDelay = 250.0

    init(_ layout: BookLayout) { current = layout }

    /// Replaces the layout at time `now`; its held-back pass becomes due `fullPassDelay` later.
    mutating func replace(with layout: BookLayout, now: Double) {
        current = layout
        relayoutPending = false
        fullPassDue = layout.isPassHeldBack ? now + Self.fullPassDelay : nil
    }

    /// Starts the held-back pass if it is due at `now`.
    mutating func startPassIfDue(now: Double) {
        guard let due = fullPassDue, now >= due else { return }
        fullPassDue = nil
        current.startPass()
    }
}
