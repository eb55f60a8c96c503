import TestSupport
import Foundation
import Testing
import TextDecoding

/// One corpus book and what decoding it must give. Scalar and byte counts are of the
/// *normalized* text (BOM dropped, CRLF → LF), computed once with Python:
///
///     s = open(f, "rb").read().decode(codec); s = s.removeprefix("\ufeff")
///     n = s.replace("\r\n", "\n").replace("\r", "\n"); len(n), len(n.encode())
///
/// and `fingerprint` is FNV-1a 64 of `n.encode()`. SOURCES.md's char counts include the
/// BOM and the CRs: War and Peace 3,274,031 = 3,208,366 + 1 BOM + 65,664 CRs.
struct CorpusBook: Sendable, CustomTestStringConvertible {
    let file: String
    let encoding: String
    let scalars: Int
    let utf8Bytes: Int
    let fingerprint: UInt64
    var testDescription: String { file }
}

let corpusBooks: [CorpusBook] = [
    CorpusBook(file: "en_carroll_alice.txt", encoding: "UTF-8",
               scalars: 144_396, utf8Bytes: 144_396, fingerprint: 0x8cbb_9a7a_f13f_b4ba),
    CorpusBook(file: "en_tolstoy_war_and_peace.txt", encoding: "UTF-8",
               scalars: 3_208_366, utf8Bytes: 3_274_217, fingerprint: 0x7d2d_2237_6d9c_4814),
    CorpusBook(file: "ja_natsume_wagahai_wa_neko_de_aru.txt", encoding: "UTF-8",
               scalars: 321_550, utf8Bytes: 959_279, fingerprint: 0x07bf_aecb_f674_3807),
    CorpusBook(file: "zh_cao_xueqin_hongloumeng.txt", encoding: "UTF-8",
               scalars: 855_342, utf8Bytes: 2_517_394, fingerprint: 0x0dc9_47d9_aae3_ac49),
    CorpusBook(file: "zh_hant_diamond_sutra.txt", encoding: "UTF-8",
               scalars: 6_298, utf8Bytes: 18_742, fingerprint: 0x28fb_2f35_e42d_0eaf),
    CorpusBook(file: "zh_luo_guanzhong_sanguo_yanyi.gbk.txt", encoding: "GB18030",
               scalars: 624_874, utf8Bytes: 1_821_738, fingerprint: 0xaf93_1261_ce23_bea9),
    CorpusBook(file: "zh_shen_fu_fusheng_liuji.txt", encoding: "UTF-8",
               scalars: 36_511, utf8Bytes: 109_008, fingerprint: 0x4da6_b298_47ac_fcc4),
]

@Suite("Corpus books")
struct CorpusDecodingTests {
    @Test("decodes with the right encoding, counts and text", arguments: corpusBooks)
    func decodesBook(_ book: CorpusBook) throws {
        let decoded = try TextDecoder.decodeFile(atPath: SharedData.corpus(book.file))
        #expect(decoded.encoding == book.encoding)
        #expect(decoded.scalarCount == book.scalars)
        #expect(decoded.utf8.count == book.utf8Bytes)
        #expect(decoded.replacementCount == 0)
        #expect(decoded.index.scalarCount == book.scalars)
        #expect(Reference.fnv1a(decoded.utf8) == book.fingerprint)
        #expect(!decoded.utf8.contains(0x0D))
        #expect(!decoded.utf8.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    @Test("detectEncoding names each book's encoding", arguments: corpusBooks)
    func detectsBook(_ book: CorpusBook) throws {
        let bytes = try SharedData.corpusBytes(book.file)
        #expect(bytes.withUnsafeBytes { TextDecoder.detectEncoding($0) } == book.encoding)
    }

    @Test("UTF-8 books equal the plain reference normalization")
    func utf8BooksMatchReference() throws {
        for book in corpusBooks where book.encoding == "UTF-8" {
            let bytes = try SharedData.corpusBytes(book.file)
            let decoded = try TextDecoder.decode(bytes)
            #expect(decoded.utf8 == Reference.normalizedUTF8(bytes).utf8, "\(book.file)")
        }
    }

    @Test("the GBK book is GB18030 with no replacements, ending with the site's credit line")
    func gbkBook() throws {
        let decoded = try TextDecoder.decodeFile(atPath: SharedData.corpus("zh_luo_guanzhong_sanguo_yanyi.gbk.txt"))
        #expect(decoded.encoding == "GB18030")
        #expect(decoded.replacementCount == 0)
        #expect(decoded.text.hasSuffix("\u{3000}\u{3000}雨枫轩:www.rain8.com 整理校对\n\n"))
        // Any of the usual names for it gives the same text.
        for alias in ["gbk", "GB2312", "cp936", "gb18030"] {
            let again = try TextDecoder.decodeFile(
                atPath: SharedData.corpus("zh_luo_guanzhong_sanguo_yanyi.gbk.txt"), encoding: alias)
            #expect(again.utf8 == decoded.utf8, "\(alias)")
            #expect(again.encoding == "GB18030")
        }
    }

    @Test("a GBK file cut in the middle of a character is still GB18030")
    func gbkCutMidCharacter() throws {
        // uchardet 0.0.7 answers nothing or "UTF-8" for samples like these; decoding
        // the sample settles it.
        let bytes = try SharedData.corpusBytes("zh_luo_guanzhong_sanguo_yanyi.gbk.txt")
        for cut in [7, 21, 84] {
            let piece = Array(bytes[cut..<cut + 3000])
            let decoded = try TextDecoder.decode(piece)
            #expect(decoded.encoding == "GB18030", "cut at \(cut)")
            #expect(decoded.replacementCount <= 2, "cut at \(cut)")
        }
    }

    @Test("a damaged byte in a GBK book costs one U+FFFD")
    func gbkWithDamagedByte() throws {
        var bytes = try SharedData.corpusBytes("zh_luo_guanzhong_sanguo_yanyi.gbk.txt")
        let clean = try TextDecoder.decode(bytes).text
        // Insert a stray 0xFF before the first line break after 100 KB.
        let at = bytes[100_000...].firstIndex(of: 0x0A)!
        bytes.insert(0xFF, at: at)
        let decoded = try TextDecoder.decode(bytes)
        #expect(decoded.encoding == "GB18030")
        #expect(decoded.replacementCount == 1)
        #expect(decoded.text.replacingOccurrences(of: "\u{FFFD}", with: "") == clean)
    }
}
