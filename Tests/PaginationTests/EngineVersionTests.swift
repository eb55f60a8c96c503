import Testing
@testable import Pagination

/// Pins the layout of a reference text to `PageCache.engineVersion`: a change to line or
/// page breaking changes the digest, and the cache must not serve layouts of the old
/// engine. When this fails on purpose, bump `engineVersion` and record the new digest.
@Suite("Engine version")
struct EngineVersionTests {
    /// 3 (content language, CSS Text 3 tailorings by language, ICU for SA) lays this text, which
    /// has no language, out as 2 did; its caches are told apart by their keys' new inputs.
    /// 4 measures shaped segments (`ShapeSegments`, `ShapeCache`) and marks right-to-left
    /// paragraphs; measured by a table alone, this text comes out as under 3.
    /// 5 sets `book` as books are: a 1-em indent and no paragraph gap, chapter headings opening
    /// pages, scene breaks centred (`LayoutSettings.spaceAbove`).
    /// 6 breaks at a soft hyphen only where a hyphen fits after it, and draws one there (a
    /// soft hyphen takes no room otherwise); this text, which has none and no language, is
    /// laid out as under 5. 7 collapses adjacent fullwidth punctuation in Chinese and
    /// Japanese (`PunctuationTrim`); this text has no language. 8 breaks justified `book`
    /// paragraphs by total fit (Knuth–Plass, `LineBreaking.optimal`). 9 keeps verse line for
    /// line (`ParagraphKind.verse`) and sets `_emphasis_` in italics; this text has neither.
    /// 10 takes a text for hard-wrapped only when its lines end where the next word would
    /// not have fitted (`ParagraphShape`): this text's short English lines ("…and runs on" /
    /// "for a while…") are not, and are now lines of their own, as a book of verse's are.
    /// 11 breaks a structured book's block in another language by that language's rules (a
    /// Japanese block of an English book takes CSS Text 3's tailorings), keeps lines with the
    /// next (`keepsWithNext`), floats and keeps `nowrap` text whole; this text is a TXT book's.
    /// 12 sets a plain-text book's opening matter as a title page (`TitleMatter`); this text
    /// has none. 13 sets a structured book's pictures as lines of the rows they take; a TXT
    /// book has none. 14 sets a structured book's table rows as lines (`tableRow`), 15 its
    /// drop caps and floated pictures; a TXT book has none of them.
    static let pinned: [UInt64: UInt64] = [
        2: 0x73e5_8590_8917_1907, 3: 0x73e5_8590_8917_1907, 4: 0x73e5_8590_8917_1907, 5: 0x4c74_9803_3d21_bcc2,
        6: 0x4c74_9803_3d21_bcc2, 7: 0x4c74_9803_3d21_bcc2, 8: 0xbb44_29b3_17d9_e463,
        9: 0xbb44_29b3_17d9_e463, 10: 0x0427_0438_f82a_1480, 11: 0x0427_0438_f82a_1480,
        12: 0x0427_0438_f82a_1480, 13: 0x0427_0438_f82a_1480, 14: 0x0427_0438_f82a_1480,
        15: 0x0427_0438_f82a_1480,
    ]

    func referenceDigest() -> UInt64 {
        let text = BookText(sampleBook(paragraphs: 90) + "ちょっと待って。「はい」と言った。\n" + String(repeating: "e\u{301}x ", count: 50))
        var hasher = StableHasher()
        for preset in LayoutPreset.allCases {
            for width: Float in [300, 517] {
                let settings = LayoutSettings(pageWidth: width, pageHeight: 600, margin: 20, fontSize: 18, preset: preset)
                let map = Paginator(text: text, settings: settings, advances: corpusTable).paginate()
                for line in map.lines {
                    hasher.combine(UInt64(UInt32(bitPattern: line.start)) << 32 | UInt64(UInt32(bitPattern: line.end)))
                    hasher.combine(UInt32(line.flags.rawValue))
                }
                for first in map.pageFirstLines { hasher.combine(UInt32(bitPattern: first)) }
            }
        }
        return hasher.value
    }

    @Test("the reference layout is the one recorded for this engine version")
    func pinned() {
        let digest = referenceDigest()
        #expect(Self.pinned[PageCache.engineVersion] == digest,
                "layout changed (digest \(String(digest, radix: 16))): bump PageCache.engineVersion and record the digest")
    }
}
