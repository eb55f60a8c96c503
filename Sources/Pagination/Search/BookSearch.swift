/// Finds text in a book as a reader searches: case and accents aside (`TextFolding`), every
/// match with its place in the text (scalar offsets, as positions and bookmarks are).
///
/// The book is folded once into a flat array of folded scalars, with each one's offset in the
/// text (nonspacing marks dropped, so "Natasha" finds "Natásha" and "בראשית" finds "בְּרֵאשִׁית");
/// a search then walks that array for the query's first scalar and compares the rest: War
/// and Peace (3.2 million characters) in a few milliseconds once folded (`make bench`).
/// White space in the query matches any run of white space in the text, so a phrase found
/// across a line break is found.
public struct BookSearch: Sendable {
    /// The text folded, spaces collapsed: one scalar each.
    private let folded: [UInt32]
    /// Each folded scalar's offset in the text, and the text's length after the last.
    private let offsets: [Int32]

    /// Queries longer than this (in scalars, folded) are refused: no book passage a reader
    /// looks for is longer, and the search stays bounded.
    public static let longestQuery = 1_000
    /// A search stops after this many matches.
    public static let mostMatches = 100_000

    /// Why a query cannot be searched for.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(Int)

        public var description: String {
            switch self {
            case .empty: "the search is empty (nothing but spaces and marks)"
            case .tooLong(let n): "the search is \(n) characters long; at most \(BookSearch.longestQuery)"
            }
        }
    }

    /// The index of `text`.
    public init(text: BookText) {
        var folding = TextFolding()
        var folded: [UInt32] = []
        var offsets: [Int32] = []
        folded.reserveCapacity(text.scalarCount)
        offsets.reserveCapacity(text.scalarCount + 1)
        var scalar = 0
        var lastWasSpace = true
        text.utf8.withUnsafeBufferPointer { b in
            var i = 0
            let n = b.count
            while i < n {
                let lead = b[i]
                var value: UInt32
                var length: Int
                switch lead {
                case 0..<0x80: value = UInt32(lead); length = 1
                case 0xC0..<0xE0: value = UInt32(lead & 0x1F); length = 2
                case 0xE0..<0xF0: value = UInt32(lead & 0x0F); length = 3
                default: value = UInt32(lead & 0x07); length = 4
                }
                if i + length > n { length = n - i }
                for k in 1..<max(length, 1) { value = value << 6 | UInt32(b[i + k] & 0x3F) }
                i += max(length, 1)
                defer { scalar += 1 }
                if Self.isSpace(value) {
                    if !lastWasSpace {
                        folded.append(0x20)
                        offsets.append(Int32(truncatingIfNeeded: scalar))
                    }
                    lastWasSpace = true
                    continue
                }
                let f = folding.fold(value)
                if f == 0 { continue }
                folded.append(f)
                offsets.append(Int32(truncatingIfNeeded: scalar))
                lastWasSpace = false
            }
        }
        offsets.append(Int32(truncatingIfNeeded: text.scalarCount))
        self.folded = folded
        self.offsets = offsets
    }

    /// The query as it is searched for: folded, its spaces collapsed and trimmed.
    public static func folded(_ query: String) throws(Refusal) -> [UInt32] {
        var folding = TextFolding()
        var out: [UInt32] = []
        for scalar in query.unicodeScalars {
            if isSpace(scalar.value) {
                if let last = out.last, last != 0x20 { out.append(0x20) }
                continue
            }
            let f = folding.fold(scalar.value)
            if f != 0 { out.append(f) }
            if out.count > longestQuery { throw .tooLong(query.unicodeScalars.count) }
        }
        if out.last == 0x20 { out.removeLast() }
        if out.isEmpty { throw .empty }
        return out
    }

    /// Every match of `query` in the text, in order, each the scalar range it covers (from its
    /// first character to its last, marks after it included); at most `mostMatches`.
    public func matches(of query: String) throws(Refusal) -> [Range<Int>] {
        let q = try Self.folded(query)
        var found: [Range<Int>] = []
        folded.withUnsafeBufferPointer { f in
            offsets.withUnsafeBufferPointer { o in
                let n = f.count, m = q.count
                guard m <= n else { return }
                let first = q[0]
                var i = 0
                while i <= n - m {
                    if f[i] == first {
                        var k = 1
                        while k < m && f[i + k] == q[k] { k += 1 }
                        if k == m {
                            found.append(Int(o[i])..<Int(o[i + m]))
                            if found.count >= Self.mostMatches { return }
                            i += m
                            continue
                        }
                    }
                    i += 1
                }
            }
        }
        return found
    }

    /// White space as a search treats it: spaces, tabs, line breaks, no-break and ideographic spaces.
    @inline(__always)
    static func isSpace(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x0A || v == 0x09 || v == 0x0D || v == 0xA0 || v == 0x3000 || v == 0x2028 || v == 0x2029
    }
}
