import PropertyBased
import Testing
@testable import Pagination

/// Total-fit line breaking (Knuth–Plass): the lines it chooses are the ones of least demerits
/// (checked against every way of breaking small paragraphs), they space words more evenly
/// than greedy filling on real prose, and the lines it shrinks are drawn within the measure.
@Suite("Total-fit line breaking")
struct OptimalLineBreakingTests {
    /// `string` set justified in `book` (no indent, no hyphenation) `width` px wide, 10 px a
    /// character, a space included.
    func layout(_ string: String, width: Float, breaking: LineBreaking = .optimal, language: ContentLanguage? = nil)
        -> (BookText, LayoutSettings, PageMap) {
        let text = BookText(string)
        var settings = LayoutSettings(pageWidth: width, pageHeight: 50_000, margin: 0, fontSize: 20, lineHeight: 30,
                                      preset: .book, language: language)
        settings.latinIndent = 0
        settings.lineBreaking = breaking
        return (text, settings, Paginator(text: text, settings: settings, advances: mono).paginate())
    }

    /// The demerits of a line `characters` wide with `gaps` word spaces in a `measure`
    /// characters wide, and its fitness class; nil when it cannot be set within `loosest`.
    /// Written from the paper's formulas, apart from the implementation: badness 100·|r|³,
    /// (line penalty + badness)², a paragraph's last line at its natural width.
    static func line(characters: Int, gaps: Int, measure: Int, last: Bool, loosest: Float) -> (demerits: Float, fitness: Int)? {
        let slack = Float(measure - characters) * 10
        var r: Float
        if slack >= 0 {
            if last { r = 0 } else if gaps == 0 { return nil } else { r = slack / (Float(gaps) * 10 / 2) }
        } else {
            if last || gaps == 0 { return nil }
            r = slack / (Float(gaps) * 10 / 3)
        }
        guard r >= -1, r <= loosest else { return nil }
        let badness = min(100 * abs(r) * abs(r) * abs(r), 10_000)
        let fitness = r > 1 ? 0 : r > 0.5 ? 1 : r >= -0.5 ? 2 : 3
        return ((10 + badness) * (10 + badness), fitness)
    }

    /// The least demerits of any way of breaking `words` (joined by single spaces) into lines
    /// of `measure` characters, by trying every one: the loosest pass that sets the paragraph
    /// at all, as total fit's passes go.
    static func bestDemerits(_ words: [String], measure: Int) -> Float? {
        for loosest in TotalFit.passes.map(\.loosest) {
            var best = Float.infinity
            // Bit k set: a line ends after word k.
            for cuts in 0..<(1 << (words.count - 1)) {
                var total: Float = 0, fitness = 2, start = 0, feasible = true
                for end in 1...words.count where end == words.count || cuts & (1 << (end - 1)) != 0 {
                    let chunk = words[start..<end]
                    let characters = chunk.reduce(0) { $0 + $1.count } + chunk.count - 1
                    guard let line = line(characters: characters, gaps: chunk.count - 1, measure: measure,
                                          last: end == words.count, loosest: loosest) else {
                        feasible = false
                        break
                    }
                    total += line.demerits + (abs(line.fitness - fitness) > 1 ? TotalFit.adjacentFitnessDemerits : 0)
                    fitness = line.fitness
                    start = end
                }
                if feasible { best = min(best, total) }
            }
            if best < .infinity { return best }
        }
        return nil
    }

    /// The demerits of the lines `map` holds, by the same formulas.
    static func demerits(of map: PageMap, _ text: BookText, measure: Int) -> Float {
        var total: Float = 0, fitness = 2
        for line in map.lines {
            let words = text.string(Int(line.start)..<Int(line.end)).split(separator: " ")
            let characters = words.reduce(0) { $0 + $1.count } + words.count - 1
            guard let set = Self.line(characters: characters, gaps: words.count - 1, measure: measure,
                                      last: line.flags.contains(.paragraphEnd), loosest: 10) else { return .infinity }
            total += set.demerits + (abs(set.fitness - fitness) > 1 ? TotalFit.adjacentFitnessDemerits : 0)
            fitness = set.fitness
        }
        return total
    }

    @Test("its lines have the least demerits of every way to break the paragraph")
    func leastDemerits() async {
        let paragraphs = zip(Gen.int(in: 1...9).array(of: 6...13), Gen.int(in: 12...22))
        await propertyCheck(count: 300, input: paragraphs) { lengths, measure in
            let words = lengths.map { String(repeating: "x", count: $0) }
            let string = words.joined(separator: " ")
            let (text, _, map) = layout(string, width: Float(measure * 10))
            guard let best = Self.bestDemerits(words, measure: measure) else {
                // No pass can set it: greedy lines, each within the measure.
                #expect(map.lines.allSatisfy { $0.width <= Float(measure * 10) })
                return
            }
            let ours = Self.demerits(of: map, text, measure: measure)
            #expect(abs(ours - best) <= 0.01 * best, "\(string) in \(measure): \(ours) against \(best)")
        }
    }

    @Test("where greedy leaves two loose lines, total fit shrinks the first and sets two lines")
    func shrinksRatherThanLeavesLoose() {
        // 20 characters a line. Greedy: "to praise is well" (17: r = 2), "but none remember" (17: r = 3),
        // "wisdom". Total fit: "to praise is well but" (21: r = −0.75), "none remember wisdom".
        let string = "to praise is well but none remember wisdom"
        let (text, settings, optimal) = layout(string, width: 200)
        let (_, _, greedy) = layout(string, width: 200, breaking: .greedy)
        func lines(_ map: PageMap) -> [String] { map.lines.map { text.string(Int($0.start)..<Int($0.end)) } }
        #expect(lines(greedy) == ["to praise is well ", "but none remember ", "wisdom"])
        #expect(lines(optimal) == ["to praise is well but ", "none remember wisdom"])
        var typesetter = Typesetter(text: text, settings: settings, advances: mono)
        let ratios = typesetter.fit(of: optimal.lines).ratios
        #expect(ratios.count == 1 && abs(ratios[0] + 0.75) < 1e-4, "the first line shrinks by three quarters of its spaces' shrink")
    }

    @Test("real prose is spaced more evenly than greedy sets it: a lower mean and 95th percentile of |r|")
    func proseFit() {
        let prose = String(repeating: HyphenationLayoutTests.prose + "\n\n", count: 3)
        for width: Float in [250, 330, 470] {
            let (text, settings, greedy) = layout(prose, width: width, breaking: .greedy, language: HyphenationLayoutTests.english)
            let (_, _, optimal) = layout(prose, width: width, language: HyphenationLayoutTests.english)
            var greedySettings = settings
            greedySettings.lineBreaking = .greedy
            var g = Typesetter(text: text, settings: greedySettings, advances: mono)
            var o = Typesetter(text: text, settings: settings, advances: mono)
            let greedyFit = g.fit(of: greedy.lines), optimalFit = o.fit(of: optimal.lines)
            #expect(optimalFit.meanAbsoluteRatio < greedyFit.meanAbsoluteRatio, "at \(width) px")
            #expect(optimalFit.absoluteRatio95 < greedyFit.absoluteRatio95, "at \(width) px")
            checkInvariants(optimal, text, settings, mono, placingGlyphs: true)
        }
    }

    @Test("a line it shrinks is drawn exactly to the measure")
    func shrunkLinesFit() throws {
        let (text, settings, map) = layout(HyphenationLayoutTests.prose, width: 330, language: HyphenationLayoutTests.english)
        let shrunk = map.lines.filter { $0.width > settings.contentWidth && !$0.flags.contains(.paragraphEnd) }
        let line = try #require(shrunk.first, "no line was shrunk at this width")
        var typesetter = Typesetter(text: text, settings: settings, advances: mono)
        let glyphs = typesetter.position(line, baseline: 0).glyphs.filter { !isTypesetSpace($0.id) }
        let last = try #require(glyphs.last)
        #expect(abs(last.x + mono.advance(of: last.id) - settings.contentWidth) < 0.01)
        #expect(line.width <= settings.contentWidth + shrinkAllowance(of: line, in: text, space: 10))
    }

    @Test("no more than two hyphenated lines in a row")
    func hyphenLadder() {
        let prose = String(repeating: HyphenationLayoutTests.prose + " ", count: 4)
        for width: Float in [160, 190, 230] {
            let (_, _, map) = layout(prose, width: width, language: HyphenationLayoutTests.english)
            var inRow = 0
            for line in map.lines {
                inRow = line.flags.contains(.hyphenated) ? inRow + 1 : 0
                #expect(inRow <= Typesetter.hyphenatedLinesInARow, "at \(width) px")
            }
        }
    }

    @Test("a paragraph with a forced break inside is filled greedily, breaking there", arguments: [
        "aaaa bbbbbbbbbb ccccccccc\u{2028}dddddddddd eeeeeee fff gg hhhhhhhhhhh iiiiii",
    ])
    func greedyWhereTotalFitDoesNotApply(string: String) {
        let (_, _, optimal) = layout(string, width: 200, language: nil)
        let (_, _, greedy) = layout(string, width: 200, breaking: .greedy, language: nil)
        #expect(optimal.lines == greedy.lines)
        #expect(optimal.lines.contains { $0.flags.contains(.forcedBreak) }, "a line ends at the forced break")
    }
}
