/// A selection that reaches the page's edge goes on onto the next page, as a text editor
/// scrolls when a selection is dragged past its window.
extension TurnMachine {
    /// The share of the page's width, at either side, where a selecting pointer turns the page
    /// (at least 12 px): the outer 4%, beyond the text's margin in every preset.
    public static let selectionEdgeShare = 0.04

    /// Which way a selecting pointer at `point` turns the page: towards the next page at the
    /// edge the next page lies beyond (the right in a left-to-right book), the previous at the
    /// other; nil away from both.
    func selectionEdgeDirection(at point: Point) -> TurnDirection? {
        let zone = max(pageSize.width * Self.selectionEdgeShare, 12)
        let atRight = point.x >= pageSize.width - zone, atLeft = point.x <= zone
        guard atRight || atLeft else { return nil }
        return atRight != config.rightToLeft ? .next : .previous
    }

    /// Turns the page once when the selecting pointer reaches an edge (by the same animation as
    /// a key's turn; the selection goes on while it lands), and again only after the pointer
    /// has left that edge. A page still landing is let land first (the next move at the edge
    /// turns), so nothing jumps. At an end of the book, nothing turns and no boundary is
    /// announced.
    mutating func turnAtSelectionEdge(_ point: Point, into out: inout [TimedEvent]) {
        guard let direction = selectionEdgeDirection(at: point) else {
            selectionEdge = nil
            return
        }
        guard direction != selectionEdge, motion == nil else { return }
        selectionEdge = direction
        switch direction {
        case .next where page < lastPage: turnByCommand(.next, into: &out)
        case .previous where page > 0: turnByCommand(.previous, into: &out)
        default: break
        }
    }
}
