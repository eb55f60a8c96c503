import Dispatch
import WorkerThreads

extension Paginator {
    /// Books smaller than this (UTF-8 bytes) are laid out on one thread: a second one would
    /// cost more to start than it saves.
    static let smallestSplitBook = 128 * 1024

    /// Every line and page of the book, as `paginate()` gives them, laid out on two threads
    /// when `threads` allows it and the book is large enough: the second half, from the
    /// paragraph that holds the middle byte, on another thread while this one lays out the
    /// first.
    ///
    /// Lines depend only on their paragraph (see `page(at:)`), so the halves join into exactly
    /// the lines one thread would make. Where the first half's last paragraph does not end
    /// where the second half began (a paragraph that owns the blank lines after it), this
    /// thread goes on alone from where it stopped and the other half's lines are dropped.
    /// Pages are split once all lines are known.
    public func paginate(threads: Int) -> PageMap {
        let n = text.utf8.count
        guard threads > 1, n >= Self.smallestSplitBook else { return paginate() }
        var typesetter = makeTypesetter()
        defer { typesetter.finish() }
        let split = typesetter.paragraphStart(containingByte: n / 2)
        guard split.byte > 0 else { return paginate() }

        let secondHalf = LinesOfHalf()
        let group = DispatchGroup()
        group.enter()
        WorkerThread.start { [self] in
            defer { group.leave() }
            var other = makeTypesetter()
            defer { other.finish() }
            other.shapes.reserve(forTextBytes: n - split.byte)
            var lines: [TypesetLine] = []
            lines.reserveCapacity((n - split.byte) / 60 + 16)
            var position = split
            while position.byte < n { position = other.typesetParagraph(at: position, into: &lines) }
            secondHalf.lines = lines
        }

        typesetter.shapes.reserve(forTextBytes: split.byte)
        var lines: [TypesetLine] = []
        lines.reserveCapacity(n / 60 + 16)
        var position = TextPosition(byte: 0, scalar: 0)
        while position.byte < split.byte { position = typesetter.typesetParagraph(at: position, into: &lines) }
        group.wait()
        if position.byte == split.byte {
            lines.append(contentsOf: secondHalf.lines)
        } else {
            while position.byte < n { position = typesetter.typesetParagraph(at: position, into: &lines) }
        }
        let starts = PageSplitter(settings: settings).pageFirstLines(lines)
        return PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: starts)
    }
}

/// The lines the other thread made: written by it, read by the paginator after `wait()`.
private final class LinesOfHalf: @unchecked Sendable {
    var lines: [TypesetLine] = []
}
