import Pagination

/// What `PageMap` promises, checked: lines in order within the text, and pages that are
/// contiguous, non-empty and cover the whole text (an empty text has no pages).
enum PageMapChecks {
    static func check(_ map: PageMap, _ what: String) throws(FuzzFinding) {
        var lastStart = -1
        for (i, line) in map.lines.enumerated() {
            let start = Int(line.start), end = Int(line.end)
            try expect(start > lastStart && start <= end && end <= map.scalarCount,
                       "\(what): line \(i) is \(start)..<\(end) after a line at \(lastStart), text of \(map.scalarCount)")
            try expect(line.width.isFinite, "\(what): line \(i) has width \(line.width)")
            lastStart = start
        }
        if map.scalarCount == 0 {
            try expect(map.pageCount == 0, "\(what): an empty text has \(map.pageCount) pages")
            return
        }
        try expect(map.pageCount > 0, "\(what): a text of \(map.scalarCount) scalars has no pages")
        try expect(map.pageFirstLines[0] == 0, "\(what): the first page starts at line \(map.pageFirstLines[0])")
        var previous = -1
        for page in 0..<map.pageCount {
            let first = Int(map.pageFirstLines[page])
            try expect(first > previous && (first < map.lines.count || (first == 0 && map.lines.isEmpty)),
                       "\(what): page \(page) starts at line \(first) after \(previous), of \(map.lines.count) lines")
            previous = first
            let range = map.pageRange(page)
            try expect(!range.isEmpty, "\(what): page \(page) of \(map.pageCount) is empty (\(range))")
            try expect(map.page(containing: range.lowerBound) == page,
                       "\(what): offset \(range.lowerBound) is on page \(page), page(containing:) says \(map.page(containing: range.lowerBound))")
        }
        try expect(map.pageRange(map.pageCount - 1).upperBound == map.scalarCount,
                   "\(what): the last page ends at \(map.pageRange(map.pageCount - 1).upperBound), not at \(map.scalarCount)")
    }
}
