/// Two of the machine's public types: a page attached to a pointer (`Follow`, what `Motion`'s
/// `following` case carries) and the summary of what the machine is doing (`Phase`).
extension TurnMachine {
    /// A page attached to a pointer.
    public struct Follow: Sendable, Hashable {
        /// The drawn progress: `drawnTravel / W` clamped to 0…1, or the rubber band's
        /// r(drawnTravel) / W towards a missing page; held by the edge, the progress that puts
        /// the free edge under the pointer (`PageHold`).
        public var progress: Double
        /// The drawn vertical travel: `baseLift` plus the pointer's y − `anchor.y`.
        public var lift: Double
        /// Pixels travelled in the turn's direction (rubber band undone): the commit rule's
        /// |x − x₀| from the press point, plus what the page had already travelled if the pointer
        /// took it settling.
        public var travel: Double
        /// The travel the page is drawn with: like `travel` but measured from `anchor`, where the
        /// pointer left the slop, so the page starts moving from where it was, without a jump.
        public var drawnTravel: Double
        /// The travel and lift the page had when this pointer took it.
        public var baseTravel: Double
        public var baseLift: Double
        /// Where the pointer left the touch slop: the drawn travel and lift are measured from here.
        public var anchor: Point
        /// The drawn travel at `anchor` (`baseTravel`, until a resize moves the anchor).
        var drawnBase: Double

        init(progress: Double, lift: Double, travel: Double, anchor: Point) {
            self.progress = progress
            self.lift = lift
            self.travel = travel
            drawnTravel = travel
            baseTravel = travel
            drawnBase = travel
            baseLift = lift
            self.anchor = anchor
        }
    }

    /// A summary of what the machine is doing.
    public enum Phase: String, Sendable, Hashable {
        /// Nothing moves and no pointer is down.
        case idle
        /// A pointer is down inside the slop, no page moves (a tap or long-press candidate), or
        /// it left the slop steeply and its direction is still being judged.
        case pressed
        /// A page follows the pointer.
        case dragging
        /// A released page is landing.
        case settling
        /// A press stopped a settling page and holds it.
        case held
        /// A pointer held still for the long-press time selects as it moves.
        case selecting
        /// Pointers are down but ignored (a vertical drag, or more than one pointer).
        case ignoring
    }
}
