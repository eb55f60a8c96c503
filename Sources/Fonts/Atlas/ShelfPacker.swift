/// Places rectangles in a growable area and takes them back one by one: a shelf packer.
///
/// The area is cut into horizontal shelves, each as wide as the area. A rectangle goes on a
/// shelf at least as tall as it is, at the leftmost free span wide enough; a new shelf
/// (its height rounded up a little, so that glyphs of similar heights share shelves) is
/// opened from the free vertical bands when no existing shelf fits well. Freeing a
/// rectangle returns its span to its shelf (merging neighbours); a shelf left empty returns
/// its rows to the free bands. So glyphs can be evicted one at a time without moving the
/// ones that stay, which a skyline packer cannot do.
///
/// Glyphs of one font at one size have few distinct heights (a CJK book is nearly all
/// ideographs of one height), so a freed glyph's span is usually reused as is.
///
/// Coordinates are the packer's own, from (0, 0); callers add any border.
struct ShelfPacker {
    /// A free run along one axis: `start ..< start + length`.
    struct Run: Equatable {
        var start: Int
        var length: Int
        var end: Int { start + length }
    }

    /// One shelf: rows `y ..< y + height` and the free spans along it.
    struct Shelf {
        var y: Int
        var height: Int
        /// Free horizontal spans, sorted and never adjacent (merged on free).
        var free: [Run]
        /// The longest free span, to skip full shelves quickly.
        var longestFree: Int
        /// How many rectangles sit on the shelf.
        var count: Int
    }

    private(set) var width: Int
    private(set) var height: Int
    /// Shelves sorted by `y`.
    private(set) var shelves: [Shelf] = []
    /// Rows that belong to no shelf, sorted and never adjacent.
    private(set) var bands: [Run]

    /// An empty packer for a `width` × `height` area.
    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        bands = self.height > 0 ? [Run(start: 0, length: self.height)] : []
    }

    /// The height of a new shelf for a rectangle `height` tall: rounded up to a multiple of
    /// 2, 4 or 8 rows (by size), so near heights share shelves while waste stays small.
    static func shelfHeight(for height: Int) -> Int {
        let step = height < 16 ? 2 : height < 64 ? 4 : 8
        return (height + step - 1) / step * step
    }

    /// Finds room for a `width` × `height` rectangle and takes it; nil when there is none.
    mutating func allocate(width: Int, height: Int) -> (x: Int, y: Int)? {
        guard width > 0, height > 0, width <= self.width, height <= self.height else { return nil }
        let wanted = Self.shelfHeight(for: height)

        // The existing shelf wasting the fewest rows, leftmost span first.
        var best = -1
        var bestWaste = Int.max
        for (index, shelf) in shelves.enumerated()
        where shelf.height >= height && shelf.longestFree >= width && shelf.height - height < bestWaste {
            best = index
            bestWaste = shelf.height - height
            if bestWaste == 0 { break }
        }
        // A tolerable fit is taken; a wasteful one only when no new shelf can be opened.
        if best >= 0, bestWaste <= max(wanted - height, height / 4) {
            return take(width: width, onShelf: best)
        }
        if let opened = openShelf(height: height, preferred: wanted) {
            return take(width: width, onShelf: opened)
        }
        if best >= 0 { return take(width: width, onShelf: best) }
        return nil
    }

    /// Gives back a rectangle that `allocate` returned (same size).
    mutating func free(x: Int, y: Int, width: Int) {
        guard let index = shelfIndex(at: y) else { return }
        shelves[index].count -= 1
        if shelves[index].count <= 0 {
            let shelf = shelves.remove(at: index)
            Self.insert(Run(start: shelf.y, length: shelf.height), into: &bands)
            return
        }
        let merged = Self.insert(Run(start: x, length: width), into: &shelves[index].free)
        shelves[index].longestFree = max(shelves[index].longestFree, merged)
    }

    /// Enlarges the area to `width` × `height` (never shrinks); what was placed stays put.
    mutating func grow(width newWidth: Int, height newHeight: Int) {
        if newWidth > width {
            for index in shelves.indices {
                let merged = Self.insert(Run(start: width, length: newWidth - width), into: &shelves[index].free)
                shelves[index].longestFree = max(shelves[index].longestFree, merged)
            }
            width = newWidth
        }
        if newHeight > height {
            Self.insert(Run(start: height, length: newHeight - height), into: &bands)
            height = newHeight
        }
    }

    /// Forgets every rectangle.
    mutating func removeAll() {
        shelves.removeAll(keepingCapacity: true)
        bands = height > 0 ? [Run(start: 0, length: height)] : []
    }

    // MARK: Internals

    /// Places `width` columns at the leftmost fitting span of shelf `index`.
    private mutating func take(width: Int, onShelf index: Int) -> (x: Int, y: Int) {
        var shelf = shelves[index]
        let spanIndex = shelf.free.firstIndex { $0.length >= width }!
        let x = shelf.free[spanIndex].start
        let spanLength = shelf.free[spanIndex].length
        if spanLength == width {
            shelf.free.remove(at: spanIndex)
        } else {
            shelf.free[spanIndex].start += width
            shelf.free[spanIndex].length -= width
        }
        shelf.count += 1
        if spanLength == shelf.longestFree {
            shelf.longestFree = shelf.free.reduce(0) { max($0, $1.length) }
        }
        shelves[index] = shelf
        return (x, shelf.y)
    }

    /// Opens a shelf `preferred` rows tall (or as tall as the band allows, at least
    /// `height`) in the first free band with room; returns its index.
    private mutating func openShelf(height: Int, preferred: Int) -> Int? {
        guard let bandIndex = bands.firstIndex(where: { $0.length >= height }) else { return nil }
        let band = bands[bandIndex]
        let rows = min(preferred, band.length)
        if band.length == rows {
            bands.remove(at: bandIndex)
        } else {
            bands[bandIndex].start += rows
            bands[bandIndex].length -= rows
        }
        let shelf = Shelf(
            y: band.start, height: rows, free: width > 0 ? [Run(start: 0, length: width)] : [],
            longestFree: width, count: 0)
        let index = shelves.firstIndex { $0.y > band.start } ?? shelves.count
        shelves.insert(shelf, at: index)
        return index
    }

    /// The index of the shelf whose rows start at `y`.
    private func shelfIndex(at y: Int) -> Int? {
        var low = 0, high = shelves.count
        while low < high {
            let mid = (low + high) / 2
            if shelves[mid].y < y { low = mid + 1 } else { high = mid }
        }
        return low < shelves.count && shelves[low].y == y ? low : nil
    }

    /// Inserts `run` into sorted, non-adjacent `runs`, merging it with touching neighbours;
    /// returns the length of the run it ended up in.
    @discardableResult
    private static func insert(_ run: Run, into runs: inout [Run]) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].start < run.start { low = mid + 1 } else { high = mid }
        }
        var merged = run
        var index = low
        if index > 0, runs[index - 1].end == merged.start {
            index -= 1
            merged = Run(start: runs[index].start, length: runs[index].length + merged.length)
            runs.remove(at: index)
        }
        if index < runs.count, merged.end == runs[index].start {
            merged.length += runs[index].length
            runs.remove(at: index)
        }
        runs.insert(merged, at: index)
        return merged.length
    }
}
