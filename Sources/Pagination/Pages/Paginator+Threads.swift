import Dispatch
import Synchronization
import WorkerThreads

extension Paginator {
    /// Books smaller than this (UTF-8 bytes) are laid out on one thread: a second one would
    /// cost more to start than it saves.
    static let smallestSplitBook = 128 * 1024
    /// How many stretches a book laid out on two threads is cut into (at paragraph starts).
    static let stretchCount = 24

    /// Every line and page of the book, as `paginate()` gives them, laid out on two threads
    /// when `threads` allows it and the book is large enough.
    ///
    /// The book is cut into `stretchCount` stretches at paragraph starts. This thread lays
    /// them out from the front and another from the back, each taking the next stretch when it
    /// is done with one, until they meet: a core that runs slower (a busy neighbour on a
    /// virtual machine, a thread that started late) takes fewer stretches, and each thread
    /// still reads one run of the book, so the words its cache has shaped come back to it.
    ///
    /// Lines depend only on their paragraph (see `page(at:)`), so the stretches join into
    /// exactly the lines one thread would make. Where a stretch's last paragraph does not end
    /// where the next began (a paragraph that owns the blank lines after it), this thread goes
    /// on alone from where it stopped and the next stretch's lines are dropped. Pages are split
    /// once all lines are known.
    public func paginate(threads: Int) -> PageMap {
        guard threads > 1, text.utf8.count >= Self.smallestSplitBook else { return paginate() }
        return paginate(stretchStarts: nil)
    }

    /// `paginate(threads:)` on two threads, with the stretches that begin at `given` (the
    /// first at the book's start; the tests give starts inside paragraphs too), or by default
    /// at `stretchCount` paragraph starts.
    func paginate(stretchStarts given: [TextPosition]?) -> PageMap {
        let n = text.utf8.count
        var typesetter = makeTypesetter()
        defer { typesetter.finish() }
        let starts = given ?? stretchStarts(typesetter)
        let stretches = StretchLines(count: starts.count)
        let ends = starts.dropFirst().map(\.byte) + [n]

        let group = DispatchGroup()
        group.enter()
        WorkerThread.start { [self] in
            defer { group.leave() }
            var other = makeTypesetter()
            defer { other.finish() }
            other.shapes.reserve(forTextBytes: n / 2)
            while let k = stretches.takeFromBack() {
                var lines: [TypesetLine] = []
                lines.reserveCapacity((ends[k] - starts[k].byte) / 60 + 16)
                let end = typeset(&other, from: starts[k], to: ends[k], into: &lines)
                stretches.finish(k, lines: lines, end: end)
            }
        }

        typesetter.shapes.reserve(forTextBytes: n / 2)
        var lines: [TypesetLine] = []
        lines.reserveCapacity(n / 60 + 16)
        var position = starts[0]
        while let k = stretches.takeFromFront() {
            if position.byte < ends[k] { position = typeset(&typesetter, from: position, to: ends[k], into: &lines) }
        }
        group.wait()
        // The stretches the other thread laid out, in order, after this thread's.
        for k in stretches.firstOfBack..<starts.count {
            let (stretch, end) = stretches.result(k)
            if position == starts[k] {
                lines.append(contentsOf: stretch)
                position = end
            } else if position.byte < ends[k] {
                position = typeset(&typesetter, from: position, to: ends[k], into: &lines)
            }
        }
        let pageStarts = PageSplitter(settings: settings).pageFirstLines(lines)
        return PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: pageStarts)
    }

    /// Where each stretch begins: the paragraph holding each `stretchCount`th of the bytes,
    /// each start once, the first at the book's start.
    private func stretchStarts(_ typesetter: Typesetter) -> [TextPosition] {
        let n = text.utf8.count
        var starts = [TextPosition(byte: 0, scalar: 0)]
        for k in 1..<Self.stretchCount {
            let start = typesetter.paragraphStart(containingByte: n * k / Self.stretchCount)
            if start.byte > starts[starts.count - 1].byte { starts.append(start) }
        }
        return starts
    }

    /// Lays out the paragraphs from `start` until one ends at or past byte `end`; returns
    /// where the next paragraph starts.
    private func typeset(_ typesetter: inout Typesetter, from start: TextPosition, to end: Int,
                         into lines: inout [TypesetLine]) -> TextPosition {
        var position = start
        while position.byte < end { position = typesetter.typesetParagraph(at: position, into: &lines) }
        return position
    }
}

/// The stretches of a book two threads lay out, one from each end: which stretch each takes
/// next, and the lines the back thread made (read by the front one once both are done).
private final class StretchLines: @unchecked Sendable {
    /// The next stretch from the front, and one past the next from the back.
    private let next: Mutex<(front: Int, back: Int)>
    /// Each stretch's lines and where its last paragraph ended: written by the back thread
    /// alone, read by the front one after the back one is done.
    private var lines: [[TypesetLine]]
    private var ends: [TextPosition]

    init(count: Int) {
        next = Mutex((0, count))
        lines = Array(repeating: [], count: count)
        ends = Array(repeating: TextPosition(byte: 0, scalar: 0), count: count)
    }

    func takeFromFront() -> Int? {
        next.withLock { next in
            guard next.front < next.back else { return nil }
            next.front += 1
            return next.front - 1
        }
    }

    func takeFromBack() -> Int? {
        next.withLock { next in
            guard next.front < next.back else { return nil }
            next.back -= 1
            return next.back
        }
    }

    /// The first stretch the back thread took (once both are done).
    var firstOfBack: Int { next.withLock { $0.front } }

    func finish(_ k: Int, lines: [TypesetLine], end: TextPosition) {
        self.lines[k] = lines
        ends[k] = end
    }

    func result(_ k: Int) -> ([TypesetLine], TextPosition) { (lines[k], ends[k]) }
}
