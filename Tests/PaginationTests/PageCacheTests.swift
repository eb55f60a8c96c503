import Foundation
import Testing
@testable import Pagination

@Suite("Page cache")
struct PageCacheTests {
    @Test("pruning knows the cache's own files by their names, and nothing else of a folder the user gave")
    func ownFileNames() {
        let cache = PageCache(directory: URL(fileURLWithPath: "/nonexistent"))
        #expect(PageCache.isLayoutFile(cache.fileURL(for: 0x0123_4567_89ab_cdef).lastPathComponent))
        #expect(PageCache.isLayoutFile(cache.fileURL(for: 0).lastPathComponent))
        for name in ["Report.pages", "0123456789ABCDEF.pages", "0123456789abcdef.pages.tmp-12-34", "0123456789abcdef.json"] {
            #expect(!PageCache.isLayoutFile(name), "\(name)")
        }
    }

    let text = BookText(sampleBook(paragraphs: 60))
    let settings = LayoutSettings(pageWidth: 400, pageHeight: 500, margin: 20, fontSize: 18)
    let table = AdvanceTable.monospaced(pixelSize: 18, narrow: 9, wide: 18)

    func temporaryCache() -> PageCache {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-cache-\(UUID().uuidString)")
        return PageCache(directory: dir)
    }

    /// A cache holding the sample's layout, its key, and the layout.
    func storedLayout() throws -> (PageCache, UInt64, PageMap) {
        let cache = temporaryCache()
        let map = Paginator(text: text, settings: settings, advances: table).paginate()
        let key = PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "mono")
        try cache.store(map, key: key)
        return (cache, key, map)
    }

    @Test("the same book with the same settings reads the saved pages")
    func hit() throws {
        let cache = temporaryCache()
        let map = Paginator(text: text, settings: settings, advances: table).paginate()
        let key = PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "mono")
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil)
        try cache.store(map, key: key)
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == map)
    }

    @Test("any change of a layout input changes the key")
    func keyChanges() {
        let base = PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "mono")
        var bigger = settings
        bigger.fontSize = 19
        var narrower = settings
        narrower.pageWidth = 399
        var plain = settings
        plain.preset = .plain
        var margin = settings
        margin.margin = 21
        var japanese = settings
        japanese.language = .japanese
        var chinese = settings
        chinese.language = .chinese
        let otherText = BookText(sampleBook(paragraphs: 61))
        let keys = [
            PageCache.key(text: text, settings: bigger, advances: table, fontFingerprint: "mono"),
            PageCache.key(text: text, settings: narrower, advances: table, fontFingerprint: "mono"),
            PageCache.key(text: text, settings: plain, advances: table, fontFingerprint: "mono"),
            PageCache.key(text: text, settings: margin, advances: table, fontFingerprint: "mono"),
            PageCache.key(text: text, settings: japanese, advances: table, fontFingerprint: "mono"),
            PageCache.key(text: text, settings: chinese, advances: table, fontFingerprint: "mono"),
            PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "other font"),
            PageCache.key(text: otherText, settings: settings, advances: table, fontFingerprint: "mono"),
            PageCache.key(text: text, settings: settings,
                          advances: .monospaced(pixelSize: 18, narrow: 9.5, wide: 18), fontFingerprint: "mono"),
        ]
        #expect(Set(keys + [base]).count == keys.count + 1)
    }

    @Test("a corrupt, truncated or foreign cache file is ignored, then rewritten")
    func corruption() throws {
        let (cache, key, map) = try storedLayout()
        let url = cache.fileURL(for: key)
        let good = try Data(contentsOf: url)
        var flipped = good
        flipped[flipped.count / 2] ^= 0x40
        let variants = [flipped, good.prefix(good.count - 3), Data("not a cache".utf8), Data(), good + Data([0])]
        for bad in variants {
            try bad.write(to: url)
            #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil)
        }
        // Another key's file under this name is foreign too.
        try cache.store(map, key: key &+ 1)
        try Data(contentsOf: cache.fileURL(for: key &+ 1)).write(to: url)
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil)
        // A text of another length never trusts it either.
        try cache.store(map, key: key)
        #expect(cache.load(key: key, scalarCount: text.scalarCount + 1) == nil)
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == map)
    }

    /// Found by the page-cache fuzz harness: the loader checked that lines and pages were in
    /// order, not that the last page started before the end of the text.
    @Test("a checksummed cache whose last page starts at the end of the text (an empty page) is refused")
    func emptyLastPage() throws {
        let cache = temporaryCache()
        let key = PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "mono")
        let n = Int32(text.scalarCount)
        let lines = [TypesetLine(start: 0, end: n, width: 100, flags: [.paragraphStart]),
                     TypesetLine(start: n, end: n, width: 0, flags: [])]
        try cache.store(PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: [0, 1]), key: key)
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil)
        // The same lines on one page are sound, and load.
        let onePage = PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: [0])
        try cache.store(onePage, key: key)
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == onePage)
    }

    @Test("a line's rows of the grid (a larger heading's) come back from the cache; rows no line takes are refused")
    func rows() throws {
        let cache = temporaryCache()
        let key = PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "mono")
        let n = Int32(text.scalarCount)
        let lines = [TypesetLine(start: 0, end: 1, width: 10, flags: [.paragraphStart, .heading], rows: 2),
                     TypesetLine(start: 2, end: n, width: 100, flags: [.paragraphStart])]
        let map = PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: [0])
        try cache.store(map, key: key)
        #expect(cache.load(key: key, scalarCount: text.scalarCount)?.lines.map(\.rows) == [2, 1])
        for rows: UInt8 in [UInt8(LayoutSettings.mostRows) + 1, 200] {
            var tall = lines
            tall[0].rows = rows
            try cache.store(PageMap(scalarCount: text.scalarCount, lines: tall, pageFirstLines: [0]), key: key)
            #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil, "\(rows) rows")
        }
    }

    @Test("a checksummed cache holding a width no line has (NaN, −1e30) is refused, not drawn")
    func craftedWidths() throws {
        let cache = temporaryCache()
        let key = PageCache.key(text: text, settings: settings, advances: table, fontFingerprint: "mono")
        let n = Int32(text.scalarCount)
        for width: Float in [.nan, -1e30, 1e30, -Float.infinity] {
            let lines = [TypesetLine(start: 0, end: n, width: width, flags: [.paragraphStart])]
            try cache.store(PageMap(scalarCount: text.scalarCount, lines: lines, pageFirstLines: [0]), key: key)
            #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil, "width \(width)")
        }
    }

    @Test("a cache file larger than its header announces is not read: a sparse file of gigabytes costs one short read")
    func sparseFile() throws {
        let (cache, key, _) = try storedLayout()
        let path = cache.fileURL(for: key).path
        #expect(truncate(path, 3 << 30) == 0)
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil)
        // A FIFO in its place is not waited on.
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        #expect(cache.load(key: key, scalarCount: text.scalarCount) == nil)
    }
}

