import Foundation
import Pagination

/// Loads page cache files for one small book. The first byte chooses how the rest is used:
///
/// - even: the rest is the file, as found on disk. `PageCache.load` must refuse it or return
///   exactly the pages a fresh pagination gives (its checksum cannot be forged by chance);
/// - odd: the rest describes lines and pages (each line a byte of start delta, of length, two
///   of flags (low byte first) and one of width, 0x80 as a start or length meaning the end of the text; each page a
///   byte of first-line delta), stored by the real writer
///   (`PageCache.store`, so the key and checksum are right) and loaded back. The loader must
///   refuse it, or return the same map keeping every promise of `PageMap`: the checks on
///   offsets are what stands between a damaged-but-checksummed file and the reader.
enum PageCacheHarness {
    /// The book, its settings and its pages, made once.
    static let book = BookText("""
        Chapter 1

          It was a bright cold day in April, and the clocks were striking thirteen. 第一回，
        甄士隐梦幻识通灵。「吾輩は猫である。」

        The end, ภาษาไทย.
        """)
    static let settings = LayoutSettings(pageWidth: 200, pageHeight: 120, margin: 10, fontSize: 12)
    static let advances = AdvanceTable.monospaced(pixelSize: 12, narrow: 6, wide: 12)
    static let fresh = Paginator(text: book, settings: settings, advances: advances).paginate()
    static let key = PageCache.key(text: book, settings: settings, advances: advances, fontFingerprint: "fuzz")

    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let mode = bytes.first else { return }
        let folder = FuzzScratch.newFolder("pages")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = PageCache(directory: folder)
        let payload = bytes.dropFirst()
        if mode & 1 == 0 {
            do {
                try Data(payload).write(to: cache.fileURL(for: key))
            } catch {
                return  // the scratch folder is not writable: nothing to test here
            }
            guard let loaded = cache.load(key: key, scalarCount: book.scalarCount) else { return }
            try expect(loaded == fresh, "page cache: a file of \(payload.count) bytes loaded as pages that differ from a fresh pagination")
        } else {
            let map = describedMap(payload)
            do {
                try cache.store(map, key: key)
            } catch {
                return
            }
            guard let loaded = cache.load(key: key, scalarCount: book.scalarCount) else { return }
            try expect(loaded == map, "page cache: stored \(map.lines.count) lines, loaded something else")
            try PageMapChecks.check(loaded, "page cache")
        }
    }

    /// A map of `book`'s length with the lines and pages `payload` describes.
    static func describedMap(_ payload: ArraySlice<UInt8>) -> PageMap {
        var input = FuzzInput(Array(payload))
        let lineCount = Int(input.byte() % 64)
        var lines: [TypesetLine] = []
        var start: Int32 = -1
        let textEnd = Int32(book.scalarCount)
        for _ in 0..<lineCount {
            // 0x80 (a delta of −128, otherwise of no use) stands for the end of the text: the
            // edge where off-by-one mistakes live, which deltas alone would rarely reach.
            let startByte = input.byte(), lengthByte = input.byte()
            start = startByte == 0x80 ? textEnd : start &+ Int32(Int8(bitPattern: startByte))
            let end = lengthByte == 0x80 ? textEnd : start &+ Int32(Int8(bitPattern: lengthByte))
            let flags = TypesetLine.Flags(rawValue: UInt32(input.byte()) | UInt32(input.byte()) << 8)
            lines.append(TypesetLine(start: start, end: end, width: Float(input.byte()), flags: flags))
        }
        let pageCount = Int(input.byte() % 16)
        var firsts: [Int32] = []
        var first: Int32 = -1
        for _ in 0..<pageCount {
            first &+= Int32(Int8(bitPattern: input.byte()))
            firsts.append(first)
        }
        return PageMap(scalarCount: book.scalarCount, lines: lines, pageFirstLines: firsts)
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        let folder = FuzzScratch.newFolder("page-seeds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = PageCache(directory: folder)
        var seeds: [(name: String, bytes: [UInt8])] = []
        if (try? cache.store(fresh, key: key)) != nil, let data = try? Data(contentsOf: cache.fileURL(for: key)) {
            seeds.append(("stored-fresh", [0] + Array(data)))
        }
        // The fresh map described: line by line as deltas, and its pages.
        var described: [UInt8] = [1, UInt8(min(fresh.lines.count, 63))]
        var previous: Int32 = -1
        for line in fresh.lines.prefix(63) {
            described += [UInt8(truncatingIfNeeded: line.start - previous), UInt8(truncatingIfNeeded: line.end - line.start),
                          UInt8(truncatingIfNeeded: line.flags.rawValue), UInt8(truncatingIfNeeded: line.flags.rawValue >> 8),
                          UInt8(min(max(line.width, 0), 255))]
            previous = line.start
        }
        described.append(UInt8(min(fresh.pageCount, 15)))
        var previousFirst: Int32 = -1
        for first in fresh.pageFirstLines.prefix(15) {
            described.append(UInt8(truncatingIfNeeded: first - previousFirst))
            previousFirst = first
        }
        seeds.append(("described-fresh", described))
        return seeds
    }
}
