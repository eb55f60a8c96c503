import TestSupport
import Foundation
import Testing
import TextDecoding
@testable import Pagination

/// The real books in ../shared/corpus, with what a reader expects of each.
struct CorpusBook: Sendable, CustomStringConvertible {
    let file: String
    let encoding: String
    let chapters: Int
    let firstChapter: String
    var description: String { file }
}

let corpusBooks: [CorpusBook] = [
    CorpusBook(file: "en_carroll_alice.txt", encoding: "UTF-8", chapters: 11, firstChapter: "CHAPTER I. Down the Rabbit-Hole"),
    CorpusBook(file: "en_tolstoy_war_and_peace.txt", encoding: "UTF-8", chapters: 382, firstChapter: "BOOK ONE: 1805"),
    CorpusBook(file: "ja_natsume_wagahai_wa_neko_de_aru.txt", encoding: "UTF-8", chapters: 11, firstChapter: "一"),
    CorpusBook(file: "zh_cao_xueqin_hongloumeng.txt", encoding: "UTF-8", chapters: 120,
               firstChapter: "第一回 甄士隐梦幻识通灵 贾雨村风尘怀闺秀"),
    // The e-book itself prints 第三十五回 twice, so 121 headings for 120 chapters.
    CorpusBook(file: "zh_luo_guanzhong_sanguo_yanyi.gbk.txt", encoding: "GB18030", chapters: 121,
               firstChapter: "第一回 宴桃园豪杰三结义 斩黄巾英雄首立功"),
    CorpusBook(file: "zh_shen_fu_fusheng_liuji.txt", encoding: "UTF-8", chapters: 4, firstChapter: "卷一 闺房记乐"),
    CorpusBook(file: "zh_hant_diamond_sutra.txt", encoding: "UTF-8", chapters: 2, firstChapter: "金剛般若波羅蜜經"),
]

/// Advances like a real font's: Latin about half an em, CJK one em.
let corpusTable = AdvanceTable.monospaced(pixelSize: 18, narrow: 9.5, wide: 18)

@Suite("Corpus books")
struct CorpusTests {
    func load(_ book: CorpusBook) throws -> (BookText, DecodedText) {
        let decoded = try TextDecoder.decodeFile(atPath: SharedData.corpus(book.file))
        return (BookText(decoded: decoded), decoded)
    }

    @Test("every book paginates into contiguous pages covering it, in both presets", arguments: corpusBooks)
    func invariants(book: CorpusBook) throws {
        let (text, decoded) = try load(book)
        #expect(decoded.encoding == book.encoding)
        #expect(decoded.replacementCount == 0)
        for preset in LayoutPreset.allCases {
            let settings = LayoutSettings(preset: preset)
            let map = Paginator(text: text, settings: settings, advances: corpusTable).paginate()
            checkInvariants(map, text, settings, corpusTable)
        }
    }

    @Test("the table of contents lists every chapter heading and nothing else", arguments: corpusBooks)
    func chapters(book: CorpusBook) throws {
        let (text, _) = try load(book)
        let chapters = ChapterDetector.detect(in: text)
        #expect(chapters.count == book.chapters)
        #expect(chapters.first?.title == book.firstChapter)
        #expect(zip(chapters, chapters.dropFirst()).allSatisfy { $0.offset < $1.offset })
    }

    @Test("no line of a CJK book starts with a closing mark", arguments: corpusBooks.filter { !$0.file.hasPrefix("en") })
    func kinsoku(book: CorpusBook) throws {
        let (text, _) = try load(book)
        let settings = LayoutSettings(pageWidth: 517, preset: .plain)
        let map = Paginator(text: text, settings: settings, advances: corpusTable).paginate()
        let forbidden: Set<UInt32> = [0x3002, 0xFF0C, 0x3001, 0x300D, 0x300F, 0xFF09, 0xFF01, 0xFF1F, 0xFF0E]
        // A mark may start a line only when it starts its paragraph (a line of the file).
        let offenders = map.lines.filter { line in
            guard line.end > line.start, !line.flags.contains(.paragraphStart) else { return false }
            return forbidden.contains(text.string(Int(line.start)..<Int(line.start) + 1).unicodeScalars.first!.value)
        }
        #expect(offenders.isEmpty)
    }
}
