/// The machine's invariants, spelled out so that tests (and a debugging window) can check them.
extension TurnMachine {
    /// Every broken invariant, described; empty when the state is valid:
    /// - the page index is within 0…pageCount − 1;
    /// - a page follows a pointer exactly when the recognizer is dragging, and is held exactly
    ///   when the recognizer's press has grabbed it; no pointer is down exactly when the
    ///   recognizer is idle;
    /// - a turn starts from the page shown and goes to an existing other page in its direction,
    ///   or pulls at the end of the book in the direction where there is none;
    /// - progress lies in 0…1 (0…rubberBandLimit for a pull at an end), every number is finite;
    /// - a settling page has not yet landed and settles to 1 exactly when it commits.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        if page < 0 || page >= pageCount { problems.append("page \(page) outside 0..<\(pageCount)") }
        if !now.isFinite { problems.append("time \(now) is not finite") }

        var dragging = false, grabbed = false, idle = false
        switch recognizer.state {
        case .idle: idle = true
        case .pressed(let p): grabbed = p.grabbed
        case .dragging: dragging = true
        case .judging, .ignoring, .selecting: break
        }
        if idle != recognizer.down.isEmpty {
            problems.append("recognizer \(recognizer.state) with pointers \(recognizer.down) down")
        }
        var following = false, paused = false
        switch motion {
        case .following: following = true
        case .paused: paused = true
        default: break
        }
        if following != dragging { problems.append("motion \(String(describing: motion)) while recognizer is \(recognizer.state)") }
        if paused != grabbed { problems.append("motion \(String(describing: motion)) while recognizer is \(recognizer.state)") }

        if isSpread && page % 2 != 0 { problems.append("spread named by odd page \(page)") }
        if let turn {
            if turn.from != page { problems.append("turn from \(turn.from) while page \(page) is shown") }
            switch turn.goal {
            case .page(let to):
                if to < 0 || to >= pageCount || to == page { problems.append("turn to page \(to) of \(pageCount)") }
                if (to > page) != (turn.direction == .next) { problems.append("turn to \(to) from \(page) is \(turn.direction)") }
            case .boundary(.last):
                if turn.direction != .next || page != lastPage { problems.append("pull at the last page from \(page)") }
            case .boundary(.first):
                if turn.direction != .previous || page != 0 { problems.append("pull at the first page from \(page)") }
            }
            let p = progress
            var limit = 1.0
            if case .boundary = turn.goal { limit = config.rubberBandLimit + 1e-12 }
            if !(p >= 0 && p <= limit) { problems.append("progress \(p) outside 0…\(limit)") }
            if let pose, !(pose.pointer.x.isFinite && pose.pointer.y.isFinite) {
                problems.append("pose \(pose) is not finite")
            }
        }
        if case .settling(let turn, let a, let commit) = motion {
            if !(now < a.end) { problems.append("settling page should have landed at \(a.end), now \(now)") }
            if commit != (a.toProgress == 1) { problems.append("settles to \(a.toProgress) with commit \(commit)") }
            if commit, case .boundary = turn.goal { problems.append("a pull at the end of the book commits") }
        }
        return problems
    }
}
