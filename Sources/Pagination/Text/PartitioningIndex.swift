extension RandomAccessCollection where Index == Int {
    /// The first index whose element `belongs` to the collection's end part, by binary search:
    /// `belongs` must be false for a prefix of the elements and true for the rest (a sorted
    /// collection asked "does it start after x?"). `endIndex` when none does.
    public func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var lo = startIndex, hi = endIndex
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if belongs(self[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
