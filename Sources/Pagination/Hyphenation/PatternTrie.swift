/// One level of a two-level hyphenation file (German's compound joins, or its word patterns)
/// in a trie, matched as libhyphen's state machine matches it.
///
/// libhyphen walks a word letter by letter through states, one for each prefix of a pattern:
/// at each letter, the state of the longest run of letters ending there that begins some
/// pattern. Only that run's digits count there, and only when the run is a pattern itself; a
/// shorter pattern ending at the same letter does not count, as it would in Liang's algorithm
/// (`PatternTable`): libhyphen's substrings.pl folds such patterns into the longer ones of the
/// files it prepares, and German's two levels were not prepared so and rely on it (`.aids.`
/// keeps `ai3d2s` from breaking "ai-ds"). A pattern given twice keeps its last digits.
///
/// The trie holds every prefix of every pattern, each node a letter with its first child and
/// its next sibling, the greatest letter first. Built by `PatternFile.parse` a pattern at a
/// time: a file's patterns come nearly in order (German's in its own alphabet, umlauts
/// among the vowels), so a pattern's new letter is nearly always the greatest among its
/// siblings and goes first, found there at once (German's 69,000 compounds make 280,000
/// nodes). The root's children are also indexed by letter, for the search's first step.
struct PatternTrie: Sendable {
    private struct Node: Sendable {
        var letter: UInt32
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// -1 for a prefix that is not a pattern.
        var digitsStart: Int32 = -1
    }
    /// The root (the empty run) first.
    private var nodes = [Node(letter: 0)]
    private var digits: [UInt8]
    private var digitsUsed = 0
    /// The root's child for each letter below U+0100 (-1: none), for the search's first step.
    private var firstSteps = [Int32](repeating: -1, count: 256)
    /// The letters of the pattern being added.
    private var scratch: [UInt32] = []
    /// Patterns (prefixes not counted).
    private(set) var patterns = 0

    /// An empty trie for the patterns of `lines` lines of `bytes` bytes (a pattern takes one
    /// digit more than it has letters, and no more letters than its line has bytes).
    init(lines: Int, bytes: Int) {
        digits = [UInt8](repeating: 0, count: bytes + lines)
        nodes.reserveCapacity(1 + bytes / 3)
    }

    /// Decodes the pattern in `range` of `bytes` and adds it and its prefixes (or gives the
    /// same pattern added before its digits). Not added: an empty pattern, a non-standard one.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ encoding: PatternFile.Encoding) {
        if scratch.count < range.count { scratch = [UInt32](repeating: 0, count: range.count) }
        let digitStart = digitsUsed
        var hash = PatternTable.seed  // not needed here
        let count = scratch.withUnsafeMutableBufferPointer { letters in
            digits.withUnsafeMutableBufferPointer { digits in
                encoding.decodePattern(bytes, range, letters: letters.baseAddress!, digits: digits.baseAddress! + digitStart,
                                       hash: &hash)
            }
        }
        guard count > 0 else { return }
        var node = 0
        for k in 0..<count {
            let letter = scratch[k]
            // The child with this letter, or the sibling the new one follows (-1: none).
            var previous = -1
            var child = Int(nodes[node].firstChild)
            while child >= 0 && nodes[child].letter > letter {
                previous = child
                child = Int(nodes[child].nextSibling)
            }
            if child >= 0 && nodes[child].letter == letter {
                node = child
                continue
            }
            let added = nodes.count
            nodes.append(Node(letter: letter, nextSibling: Int32(child)))
            if previous >= 0 { nodes[previous].nextSibling = Int32(added) } else { nodes[node].firstChild = Int32(added) }
            node = added
        }
        if nodes[node].digitsStart < 0 {
            nodes[node].digitsStart = Int32(digitStart)
            digitsUsed += count + 1
            patterns += 1
        } else {
            let start = Int(nodes[node].digitsStart)
            for k in 0...count { digits[start + k] = digits[digitStart + k] }
        }
    }

    /// The digits cut to the size used, not the file's, and the root's children indexed.
    mutating func finish() {
        digits = Array(digits[..<digitsUsed])
        scratch = []
        var child = Int(nodes[0].firstChild)
        while child >= 0 {
            if nodes[child].letter < 256 { firstSteps[Int(nodes[child].letter)] = Int32(child) }
            child = Int(nodes[child].nextSibling)
        }
    }

    /// The child of `node` with `letter`, or nil (its children come greatest letter first).
    @inline(__always)
    private static func child(of node: Int, _ letter: UInt32, _ nodes: UnsafeBufferPointer<Node>) -> Int? {
        var k = Int(nodes[node].firstChild)
        while k >= 0 {
            let n = nodes[k]
            if n.letter <= letter { return n.letter == letter ? k : nil }
            k = Int(n.nextSibling)
        }
        return nil
    }

    /// libhyphen's values for `s` (a word between word marks): `values[k]` is the highest digit
    /// the patterns that count put between `s[k - 1]` and `s[k]`.
    func values(for s: UnsafeBufferPointer<UInt32>) -> [UInt8] {
        var values = [UInt8](repeating: 0, count: s.count + 1)
        // libhyphen's state at s[j] is the run from the first start whose walk reaches s[j].
        var claimed = [Bool](repeating: false, count: s.count)
        nodes.withUnsafeBufferPointer { nodes in
            digits.withUnsafeBufferPointer { digits in
                for i in 0..<s.count {
                    var node = 0
                    for j in i..<s.count {
                        let next = j == i && s[j] < 256 ? Int(firstSteps[Int(s[j])]) : Self.child(of: node, s[j], nodes) ?? -1
                        guard next >= 0 else { break }
                        node = next
                        if claimed[j] { continue }
                        claimed[j] = true
                        let start = Int(nodes[node].digitsStart)
                        if start < 0 { continue }
                        for k in 0...(j - i + 1) { values[i + k] = max(values[i + k], digits[start + k]) }
                    }
                }
            }
        }
        return values
    }
}
