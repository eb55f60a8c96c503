/// How a justified paragraph's lines are chosen.
public enum LineBreaking: String, Sendable, Codable, CaseIterable {
    /// Knuth and Plass's total fit ("Breaking Paragraphs into Lines", 1981, as TeX sets
    /// paragraphs): of every way to break the paragraph, the one whose lines' spaces stretch
    /// and shrink least overall, counting hyphens against it. The default for `book`.
    case optimal
    /// First fit: each line takes words while they fit, as browsers and most readers set text.
    case greedy
}

/// The parameters of total-fit line breaking, TeX's (plain TeX's `\linepenalty`,
/// `\hyphenpenalty`, `\doublehyphendemerits`, `\finalhyphendemerits`, `\adjdemerits`), and
/// the space's glue as Computer Modern's: it stretches by half its width and shrinks by a third.
///
/// A line's adjustment ratio r is the part of its spaces' stretch (r > 0) or shrink (r < 0)
/// it takes to fill the measure; its badness is 100·|r|³. A line may never shrink past r = −1.
enum TotalFit {
    static let linePenalty: Float = 10
    static let hyphenPenalty: Float = 50
    static let doubleHyphenDemerits: Float = 10_000
    static let finalHyphenDemerits: Float = 5_000
    static let adjacentFitnessDemerits: Float = 10_000
    static let stretchPerSpace: Float = 1.0 / 2
    static let shrinkPerSpace: Float = 1.0 / 3

    /// The passes, after TeX's: first without hyphenating words, with lines no looser than
    /// r = 1 (`\pretolerance` 100); then with hyphenation, up to r = 2 (looser than TeX's
    /// `\tolerance` 200, r ≈ 1.26: a screen's measure has fewer spaces than a printed page's);
    /// then up to r = 10 rather than give up (where TeX would add `\emergencystretch`). A
    /// paragraph none of them sets is filled greedily.
    static let passes: [(hyphenates: Bool, loosest: Float)] = [(false, 1), (true, 2), (true, 10)]

    /// Paragraphs longer than this (scalars) are filled greedily: a whole file without blank
    /// lines (verse, a hard-wrapped file) would be one paragraph, searched again by each pass
    /// for the one line none of them can set.
    static let longestParagraph = 20_000

    /// Badness 100·|r|³, at most 10,000 (TeX's "infinitely bad").
    @inline(__always)
    static func badness(_ r: Float) -> Float {
        let a = abs(r)
        return min(100 * a * a * a, 10_000)
    }

    /// TeX's fitness class: 0 very loose (r > 1), 1 loose, 2 decent (|r| ≤ ½), 3 tight.
    @inline(__always)
    static func fitness(_ r: Float) -> Int {
        r > 1 ? 0 : r > 0.5 ? 1 : r >= -0.5 ? 2 : 3
    }
}

/// The working storage of total-fit breaking, kept by a typesetter from paragraph to
/// paragraph so the search allocates nothing once it has grown: flat buffers, each as long
/// as the longest paragraph needed. One typesetter, on one thread, uses it, so its storage is
/// marked `@exclusivity(unchecked)` as `ShapeCache`'s is (the dynamic checks were a fifth of
/// the search).
final class TotalFitScratch {
    /// Over the paragraph's scalars (one more than it has): the width of everything before
    /// each index, and the number of word spaces (runs of typeset spaces after ink) before it.
    @exclusivity(unchecked) private(set) var widthBefore = Buffer<Float>()
    @exclusivity(unchecked) private(set) var gapsBefore = Buffer<Int32>()
    /// The places a line may end, in order, the paragraph's start first and its end last
    /// (`endCount` of them), and whether a line ending there ends in a hyphen.
    @exclusivity(unchecked) private(set) var ends = Buffer<Int32>()
    @exclusivity(unchecked) private(set) var hyphenated = Buffer<Bool>()
    @exclusivity(unchecked) var endCount = 0
    /// The places inside words where a line may end in a hyphen (`hyphenationPoints`).
    @exclusivity(unchecked) var hyphenPoints: [Int32] = []
    /// For each place and each of its `statesPerEnd` states (fitness class × hyphenated
    /// lines in a row, 0…2): the least demerits of the lines up to it, the state it came
    /// from (−1: none), and per place a bit for each state reached.
    @exclusivity(unchecked) private(set) var demerits = Buffer<Float>()
    @exclusivity(unchecked) private(set) var previous = Buffer<Int32>()
    @exclusivity(unchecked) private(set) var reached = Buffer<UInt16>()
    /// The places a line may start from, in order.
    @exclusivity(unchecked) var active: [Int] = []

    static let statesPerEnd = 4 * 3

    /// Room for a paragraph of `scalars` scalars.
    func reserve(scalars: Int) {
        widthBefore.reserve(scalars + 1)
        gapsBefore.reserve(scalars + 1)
    }

    /// Room for `count` places a line may end (`search` sets their states).
    func reserve(ends count: Int) {
        ends.reserve(count)
        hyphenated.reserve(count)
        demerits.reserve(count * Self.statesPerEnd)
        previous.reserve(count * Self.statesPerEnd)
        reached.reserve(count)
    }

    /// A buffer that only grows (by half again when it must), its old contents dropped.
    struct Buffer<Element> {
        private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 0)
        private var capacity = 0

        subscript(index: Int) -> Element {
            @inline(__always) get { base[index] }
            @inline(__always) nonmutating set { base[index] = newValue }
        }

        mutating func reserve(_ count: Int) {
            guard count > capacity else { return }
            base.deallocate()
            capacity = count + count / 2
            base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        }

        func deallocate() { base.deallocate() }
    }

    deinit {
        widthBefore.deallocate()
        gapsBefore.deallocate()
        ends.deallocate()
        hyphenated.deallocate()
        demerits.deallocate()
        previous.deallocate()
        reached.deallocate()
    }
}
