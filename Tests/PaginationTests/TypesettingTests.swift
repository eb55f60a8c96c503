import Testing
@testable import Pagination

/// A monospaced font: Latin 10 px, CJK 20 px, so widths are easy to reason about.
let mono = AdvanceTable.monospaced(pixelSize: 20, narrow: 10, wide: 20)

/// The lines of `string` laid out in a text box `columns` wide characters of 10 px.
func layout(_ string: String, width: Float, preset: LayoutPreset = .book, hanging: Bool? = nil,
            kinsoku: Kinsoku = .normal, margin: Float = 0) -> (BookText, PageMap, [String]) {
    let text = BookText(string)
    let settings = LayoutSettings(pageWidth: width + 2 * margin, pageHeight: 2000, margin: margin, fontSize: 20, lineHeight: 30,
                                  preset: preset, kinsoku: kinsoku, hangingPunctuation: hanging)
    let map = Paginator(text: text, settings: settings, advances: mono).paginate()
    return (text, map, map.lines.map { text.string(Int($0.start)..<Int($0.end)) })
}

@Suite("Typesetting")
struct TypesettingTests {
    @Test("Latin words wrap at spaces and trailing spaces do not count")
    func latinWrap() {
        // 10 px a letter: "aaaa bbbb " is 100 px with its space, 90 px of ink.
        let (_, map, lines) = layout("aaaa bbbb cccc", width: 90, preset: .plain)
        #expect(lines == ["aaaa bbbb ", "cccc"])
        #expect(map.lines[0].width == 90)
    }

    @Test("a word longer than the line is broken inside, and a glyph wider than the line sits alone")
    func emergencyBreaks() {
        let (_, map, lines) = layout("abcdefghijkl", width: 50, preset: .plain)
        #expect(lines == ["abcde", "fghij", "kl"])
        #expect(map.lines[0].flags.contains(.emergencyBreak))
        let (_, _, narrow) = layout("一二", width: 15, preset: .plain)
        #expect(narrow == ["一", "二"])
    }

    @Test("a run joined by ZERO WIDTH JOINERs is broken between its grapheme clusters, filling its lines",
          arguments: [LayoutPreset.plain, .book])
    func joinedRunsFillTheirLines(preset: LayoutPreset) {
        // UAX #14 LB8a allows no break after a ZWJ; a + ZWJ + a is still two clusters (UAX #29 GB9, GB999).
        let (_, _, plain) = layout(String(repeating: "a", count: 400), width: 50, preset: preset)
        let (text, map, joined) = layout(String(repeating: "a\u{200D}", count: 400), width: 50, preset: preset)
        #expect(joined.count == plain.count, "400 letters take as many lines joined as not")
        for line in joined { #expect(line.unicodeScalars.first == "a", "a line starts a cluster: \(line.unicodeScalars.map(\.value))") }
        #expect(map.lines.last.map { Int($0.end) } == text.scalarCount)
        // Emoji joined into one cluster wider than the line are cut where the line is full.
        let chain = String(repeating: "👩\u{200D}", count: 100)
        let (_, chainMap, chainLines) = layout(chain, width: 50, preset: preset)
        #expect(chainLines.count <= 100 * 20 / 40 + 1)
        #expect(chainMap.lines.dropLast().allSatisfy { $0.width >= 40 })
        for line in chainLines { #expect(line.unicodeScalars.first == "👩", "a line starts a letter, not a joiner") }
        // A base wider than the line keeps its accent: the next line starts with a letter.
        let (_, _, wide) = layout("一\u{301}一\u{301}", width: 15, preset: preset)
        #expect(wide == ["一\u{301}", "一\u{301}"])
    }

    @Test("CJK paragraphs get a 2 em first-line indent in book, none in plain")
    func cjkIndent() {
        let paragraph = String(repeating: "中", count: 12)
        let (_, _, book) = layout(paragraph, width: 200)
        #expect(book.map(\.unicodeScalars.count) == [8, 4])  // 2 em indent leaves room for 8
        let (_, _, plain) = layout(paragraph, width: 200, preset: .plain)
        #expect(plain.map(\.unicodeScalars.count) == [10, 2])
    }

    @Test("a book paragraph's own leading spaces are replaced by the indent")
    func leadingSpacesDropped() {
        let (_, map, _) = layout("\u{3000}\u{3000}" + String(repeating: "中", count: 8), width: 200)
        #expect(map.lines.count == 1)
        #expect(map.lines[0].width == 200)  // 40 px indent + 8 × 20 px, the spaces take nothing
    }

    @Test("hanging punctuation: a full stop that would start a line hangs in the margin")
    func hangingStop() {
        // With the 2 em indent, eight ideographs fill the 200 px box; the full stop after them
        // would overflow, and the 20 px margin has room for it.
        let string = String(repeating: "中", count: 8) + "。" + String(repeating: "文", count: 5)
        let (_, hungMap, hung) = layout(string, width: 200, hanging: true, margin: 20)
        #expect(hung.first == String(repeating: "中", count: 8) + "。")
        #expect(hungMap.lines[0].flags.contains(.hangingPunctuation))
        #expect(hungMap.lines[0].width == 200)
        // Without hanging, the last ideograph is pushed down with the stop.
        let (_, _, pushed) = layout(string, width: 200, hanging: false, margin: 20)
        #expect(pushed.first == String(repeating: "中", count: 7))
        #expect(pushed[1].hasPrefix("中。"))
        // Nor does it hang when the margin is narrower than the mark, or in `plain`.
        let (_, _, narrowMargin) = layout(string, width: 200, hanging: true, margin: 10)
        #expect(narrowMargin.first == String(repeating: "中", count: 7))
        let (_, plainMap, _) = layout(string, width: 200, preset: .plain, hanging: true, margin: 20)
        #expect(plainMap.lines.allSatisfy { !$0.flags.contains(.hangingPunctuation) })
    }

    @Test("Latin text never hangs its quotes or stops")
    func latinDoesNotHang() {
        let (_, map, _) = layout(String(repeating: "said \u{201C}yes.\u{201D} ", count: 30), width: 230, margin: 40)
        #expect(map.lines.allSatisfy { !$0.flags.contains(.hangingPunctuation) })
    }

    @Test("a forced line break inside a paragraph is not justified and a word is never cut inside a cluster")
    func forcedBreaksAndClusters() {
        let (_, map, _) = layout("short\u{2028}" + String(repeating: "word ", count: 20), width: 200)
        #expect(map.lines[0].flags.contains(.forcedBreak))
        #expect(!map.lines[0].flags.contains(.paragraphEnd))
        // A run without break opportunities, with combining marks: cut only before a base.
        let (text, marks, _) = layout(String(repeating: "e\u{301}", count: 40), width: 95, preset: .plain)
        for line in marks.lines.dropFirst() {
            #expect(text.string(Int(line.start)..<Int(line.start) + 1) == "e")
        }
    }

    @Test("no line starts with a closing mark in strict and normal kinsoku", arguments: [Kinsoku.strict, .normal])
    func noClosingMarkAtLineStart(kinsoku: Kinsoku) {
        let marks = ["。", "，", "、", "」", "』", "）", "！", "？"]
        for width in stride(from: Float(60), through: 260, by: 20) {
            for mark in marks {
                let string = (0..<12).map { "字\($0 % 3 == 2 ? mark : "")" }.joined()
                for hanging in [true, false] {
                    let (_, _, lines) = layout(string, width: width, preset: .plain, hanging: hanging, kinsoku: kinsoku)
                    for line in lines.dropFirst() {
                        #expect(!marks.contains(where: { line.hasPrefix($0) }), "\(line) at width \(width)")
                    }
                }
            }
        }
    }

    @Test("hard-wrapped English is re-flowed into paragraphs in book and kept line by line in plain")
    func reflow() {
        let string = "It was a dark\nand stormy night;\nthe rain fell.\n\nSecond paragraph\nhere.\n\nThird one\nends.\n"
        let (_, bookMap, book) = layout(string, width: 10_000)
        #expect(book == ["It was a dark\nand stormy night;\nthe rain fell.", "Second paragraph\nhere.", "Third one\nends."])
        #expect(bookMap.lines.allSatisfy { $0.flags.contains([.paragraphStart, .paragraphEnd]) })
        let (_, _, plain) = layout(string, width: 10_000, preset: .plain)
        #expect(plain.count == 9)
        #expect(plain[3] == "")
    }

    @Test("a hard-wrapped CJK book is re-flowed: its soft line feeds join characters with no space")
    func cjkReflow() {
        let wrapped = String(repeating: String(repeating: "中", count: 30) + "\n", count: 4)
        let (_, map, lines) = layout(wrapped + "\n" + wrapped, width: 620)
        #expect(map.lines.filter { $0.flags.contains(.paragraphStart) }.count == 2)
        let secondStart = map.lines.lastIndex { $0.flags.contains(.paragraphStart) }!
        let widths: [Float] = map.lines[..<secondStart].map(\.width)
        let total: Float = widths.reduce(0, +)
        // 120 ideographs of 20 px and a 40 px indent; the three soft line feeds take nothing.
        #expect(total == 120 * 20 + 40)
        #expect(lines.allSatisfy { !$0.contains(" ") })
    }

    @Test("every line of a paragraph but the last is marked for justification")
    func paragraphFlags() {
        let (_, map, _) = layout(String(repeating: "word ", count: 40), width: 200)
        #expect(map.lines.count > 2)
        #expect(map.lines.first!.flags.contains(.paragraphStart))
        #expect(map.lines.last!.flags.contains(.paragraphEnd))
        #expect(map.lines.dropLast().allSatisfy { !$0.flags.contains(.paragraphEnd) })
    }
}

@Suite("Justification")
struct JustificationTests {
    /// Each line's glyphs as placed (ids are scalars: the monospaced table shapes), x from
    /// the text box's left edge.
    func placed(_ string: String, width: Float) -> (PageMap, [[PositionedGlyph]]) {
        let text = BookText(string)
        let settings = LayoutSettings(pageWidth: width + 40, pageHeight: 2000, margin: 20, fontSize: 20, lineHeight: 30)
        let paginator = Paginator(text: text, settings: settings, advances: mono)
        let map = paginator.paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: mono)
        let lines = typesetter.position(map.lines).map { line in
            line.glyphs.map { PositionedGlyph(id: $0.id, x: $0.x - 20, y: $0.y, cluster: $0.cluster) }
        }
        return (map, lines)
    }

    func inkEnd(_ glyphs: [PositionedGlyph]) -> Float {
        let ink = glyphs.filter { !isTypesetSpace($0.id) }
        return ink.last.map { $0.x + mono.advance(of: $0.id) } ?? 0
    }

    @Test("Latin lines stretch their spaces to the right edge; the last line stays left aligned")
    func latin() {
        let (map, lines) = placed(String(repeating: "ab cde fg ", count: 12), width: 230)
        #expect(map.lines.count > 2)
        for (line, glyphs) in zip(map.lines, lines).dropLast() {
            #expect(abs(inkEnd(glyphs) - 230) < 0.01, "\(line)")
        }
        #expect(abs(inkEnd(lines.last!) - map.lines.last!.width) < 0.01)
    }

    @Test("CJK lines spread the gaps between characters; a hanging stop sits past the edge")
    func cjk() {
        // With the 2 em indent, eight ideographs fit in 215 px and the ninth character, a
        // full stop, hangs.
        let string = String(repeating: "中", count: 8) + "。" + String(repeating: "文", count: 25)
        let (map, lines) = placed(string, width: 215)
        #expect(map.lines[0].flags.contains(.hangingPunctuation))
        #expect(lines[0].last!.id == 0x3002)
        #expect(abs(lines[0].last!.x - 215) < 0.01)
        for glyphs in lines.dropLast() {
            let ink = glyphs.filter { $0.id != 0x3002 }
            #expect(abs(ink.last!.x + mono.advance(of: ink.last!.id) - 215) < 0.01)
        }
    }
}

@Suite("Kerning")
struct KerningTests {
    @Test("a kerning pair narrows the line the filler measures and the glyphs the placement sets alike")
    func fillerAndPlacementAgree() {
        var table = AdvanceTable(pixelSize: 20, defaultAdvance: 10)
        table.setKerning(-3, between: 0x54, and: 0x6F)  // To
        let text = BookText("To. o")
        let settings = LayoutSettings(pageWidth: 1000, pageHeight: 200, margin: 0, fontSize: 20, lineHeight: 30, preset: .plain)
        let map = Paginator(text: text, settings: settings, advances: table).paginate()
        var typesetter = Typesetter(text: text, settings: settings, advances: table)
        let glyphs = typesetter.position(map.lines[0], baseline: 0).glyphs
        #expect(map.lines[0].width == 47)
        #expect(glyphs.map(\.x) == [0, 7, 17, 27, 37])  // the o moves left, not the full stop after it
    }
}
