import Foundation
import Testing
import TestSupport
import TextDecoding
@testable import Pagination

@Suite struct ContentLanguageTests {
    @Test(arguments: [
        ("ja", "ja", true), ("zh", "zh", true), ("ZH-hant-tw", "zh-Hant-TW", true), ("zh-Hans", "zh-Hans", true),
        ("yue-HK", "yue-HK", true), ("ja-Jpan-JP", "ja-Jpan-JP", true), ("ko", "ko", false), ("en-GB", "en-GB", false),
        ("ja-Latn", "ja-Latn", false), ("zh-Latn-pinyin", "zh-Latn-pinyin", false), ("th", "th", false),
        ("de-CH-1996", "de-CH-1996", false), ("en-US-x-twain", "en-US-x-twain", false), ("es-419", "es-419", false),
    ])
    func wellFormedTags(tag: String, canonical: String, chineseOrJapanese: Bool) throws {
        let language = try #require(ContentLanguage(tag: tag))
        #expect(language.tag == canonical)
        #expect(language.isChineseOrJapanese == chineseOrJapanese)
    }

    @Test(arguments: ["", "j", "ja_JP", "ja-", "-ja", "en--US", "english1", "toolonglang", "en-x", "en-a-b-c",
                      "日本語", "ja JP", "en-US-abcdefghi"])
    func malformedTagsAreRefused(tag: String) {
        #expect(ContentLanguage(tag: tag) == nil)
    }

    @Test func detectsBySampledLetters() {
        #expect(ContentLanguage.detect(in: BookText("吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。")) == .japanese)
        #expect(ContentLanguage.detect(in: BookText("却说天下大势，分久必合，合久必分。周末七国分争，并入于秦。")) == .chinese)
        #expect(ContentLanguage.detect(in: BookText("如是我聞。一時佛在舍衛國祇樹給孤獨園。"))?.tag == "zh-Hant")
        #expect(ContentLanguage.detect(in: BookText("나는 고양이로소이다. 이름은 아직 없다.")) == .korean)
        #expect(ContentLanguage.detect(in: BookText("Alice was beginning to get very tired.")) == nil)
        #expect(ContentLanguage.detect(in: BookText("ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค"))?.tag == "th")
        #expect(ContentLanguage.detect(in: BookText("בְּרֵאשִׁית בָּרָא אֱלֹהִים"))?.tag == "he")
        #expect(ContentLanguage.detect(in: BookText("در آن مدت که ما را وقت خوش بود"))?.tag == "fa")
        #expect(ContentLanguage.detect(in: BookText("بسم الله الرحمن الرحيم"))?.tag == "ar")
        #expect(ContentLanguage.detect(in: BookText("বউ-ঠাকুরাণীর হাট"))?.tag == "bn")
        #expect(ContentLanguage.detect(in: BookText("Война и мир"))?.tag == "ru")
        #expect(ContentLanguage.detect(in: BookText("ｱｲｳｴｵ ｶｷｸｹｺ")) == .japanese)  // halfwidth kana
        #expect(ContentLanguage.detect(in: BookText("ア")) == .japanese)  // shorter than the byte walk
        #expect(ContentLanguage.detect(in: BookText("中・日・韩・英・法・德・俄・西・葡・意")) == .chinese)  // ・ is not kana
        #expect(ContentLanguage.detect(in: BookText("𠀋𡈽𡌛𡑮𡢽𠮟𡚴𡸴𣇃𣗄")) == .chinese)  // supplementary Han
        #expect(ContentLanguage.detect(in: BookText("ㄱㄴㄷㄹㅁ ㅂㅅㅇㅈㅊ")) == .korean)  // compatibility jamo
        #expect(ContentLanguage.detect(in: BookText("Ελληνικά και русский язык")) == nil)
        #expect(ContentLanguage.detect(in: BookText("")) == nil)
        #expect(ContentLanguage.detect(in: BookText("1234 。、「」")) == nil)
    }

    @Test func traditionalChineseIsToldFromSimplifiedByItsCommonCharacters() {
        // The same sentence in both orthographies: 说/說, 这/這, 们/們, 时/時, 国/國, 书/書.
        #expect(ContentLanguage.detect(in: BookText("他说这些人们那时在国外读书。")) == .chinese)
        #expect(ContentLanguage.detect(in: BookText("他說這些人們那時在國外讀書。"))?.tag == "zh-Hant")
        // Characters both write alike decide nothing: Chinese, read as Simplified.
        #expect(ContentLanguage.detect(in: BookText("天地玄黃，宇宙洪荒。日月盈昃，辰宿列張。")) == .chinese)
        // Kana still make it Japanese, whatever forms its kanji take.
        #expect(ContentLanguage.detect(in: BookText("吾輩は猫である。名前はまだ無い。說")) == .japanese)
    }

    @Test(arguments: [
        ("It was the best of times, it was the worst of times, it was the age of wisdom, and the age of foolishness; "
         + "we had everything before us, and we had nothing before us, which was all that the story held.", "en"),
        ("Les gens de la ville et des campagnes sont venus dans la rue pour voir une fête qui est pour elle le "
         + "plus beau jour, avec des fleurs sur les portes et des enfants aux fenêtres du village.", "fr"),
        ("Der Mann und die Frau sind mit dem Hund auf den Berg gegangen, und das Wetter ist nicht schön, aber sie "
         + "haben sich die Aussicht angesehen, die ich ihnen zu zeigen versprach.", "de"),
        ("En un lugar de la Mancha, del cual no quiero acordarme, vivía un hidalgo de los de lanza en astillero, "
         + "y por las tardes salía con su rocín para ver como pero muy despacio se iba el sol.", "es"),
        ("Nel mezzo del cammin di nostra vita mi ritrovai per una selva oscura, che la diritta via era smarrita; "
         + "e non sono le parole della gente, anche gli alberi e il vento alla sera lo dicono.", "it"),
    ])
    func latinScriptLanguagesByTheirCommonestWords(text: String, tag: String) {
        #expect(ContentLanguage.detect(in: BookText(text))?.tag == tag)
    }

    /// Vietnamese by its own letters, precomposed or typed with combining marks; a French
    /// or Spanish text's accents are not Vietnamese's.
    @Test func vietnameseByTheLettersOnlyItWrites() {
        let line = "Trăm năm trong cõi người ta, chữ tài chữ mệnh khéo là ghét nhau."
        #expect(ContentLanguage.detect(in: BookText(line))?.tag == "vi")
        #expect(ContentLanguage.detect(in: BookText(line.decomposedStringWithCanonicalMapping))?.tag == "vi")
        let french = "Les élèves sont allés à la fête où ils ont dansé avec des garçons très âgés et des filles "
            + "qui sont dans le jardin, et elle est pour une fête sur les bords du lac."
        #expect(ContentLanguage.detect(in: BookText(french))?.tag == "fr")
    }

    @Test func latinTextWithoutAClearLeaderHasNoLanguage() {
        // Too few common words to tell.
        #expect(ContentLanguage.detect(in: BookText("the and of")) == nil)
        // Languages detection does not name, whose common words look like a named one's.
        let others = [
            "Het was een koude dag en de man had geen zin om naar buiten te gaan, want het was niet zijn dag en hij "
                + "was moe van het werk dat hij had gedaan voor een van zijn vrienden in de stad.",
            "Era uma vez um homem que vivia com os seus filhos em uma casa ao lado do rio, e todos os dias ia pela "
                + "estrada para a cidade, onde vendia peixe para comer, como fazia o seu pai.",
            "Gallia est omnis divisa in partes tres, quarum unam incolunt Belgae, aliam Aquitani, tertiam qui ipsorum "
                + "lingua Celtae, nostra Galli appellantur; sed ut ad eos cum legatis quod enim est.",
        ]
        for text in others { #expect(ContentLanguage.detect(in: BookText(text)) == nil, "\(text.prefix(20))") }
    }

    @Test func anEnglishLicenceDoesNotMakeAChineseBookEnglish() {
        // Gutenberg's CJK books start (and end) with pages of English: the sample is spread.
        let licence = String(repeating: "This eBook is for the use of anyone anywhere at no cost. ", count: 400)
        let story = String(repeating: "却说天下大势，分久必合，合久必分。\n", count: 3000)
        #expect(ContentLanguage.detect(in: BookText(licence + story + licence)) == .chinese)
    }

    @Test func detectsTheCorpusBooks() throws {
        let expected: [String: ContentLanguage?] = [
            "ja_natsume_wagahai_wa_neko_de_aru.txt": .japanese, "zh_cao_xueqin_hongloumeng.txt": .chinese,
            "zh_hant_diamond_sutra.txt": ContentLanguage(tag: "zh-Hant"), "zh_shen_fu_fusheng_liuji.txt": .chinese,
            "zh_luo_guanzhong_sanguo_yanyi.gbk.txt": .chinese,
            "en_carroll_alice.txt": ContentLanguage(tag: "en"), "en_tolstoy_war_and_peace.txt": ContentLanguage(tag: "en"),
            "vi_nguyen-du_truyen-kieu.txt": ContentLanguage(tag: "vi"),
        ]
        for (name, language) in expected {
            let text = BookText(decoded: try TextDecoder.decodeFile(atPath: SharedData.corpus(name)))
            #expect(ContentLanguage.detect(in: text) == language, "\(name)")
        }
    }

    /// The guess made from a book's file before it is decoded (`EarlyBookLoad`) is the
    /// language of its text, BOM, CRLFs and all, for every UTF-8 corpus book; bytes in
    /// another encoding are never taken for UTF-8.
    @Test func theFileAsReadTellsTheSameLanguageAsItsText() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: SharedData.root + "/corpus").filter { $0.hasSuffix(".txt") }
        #expect(names.count >= 10)
        for name in names {
            let bytes = try SharedData.corpusBytes(name)
            let text = BookText(decoded: try TextDecoder.decodeFile(atPath: SharedData.corpus(name)))
            let looksUTF8 = bytes.withUnsafeBufferPointer { TextDecoder.looksLikeUTF8($0) }
            #expect(looksUTF8 == !name.contains(".gbk."), "\(name)")
            guard looksUTF8 else { continue }
            #expect(bytes.withUnsafeBufferPointer { ContentLanguage.detect(inUTF8: $0) } == ContentLanguage.detect(in: text), "\(name)")
        }
    }

    @Test func bytesThatAreNotUTF8AreNeitherTakenForItNorReadPastTheirEnd() {
        let utf16: [UInt8] = [0xFF, 0xFE, 0x41, 0x00, 0x42, 0x00]
        #expect(!utf16.withUnsafeBufferPointer { TextDecoder.looksLikeUTF8($0) })
        let utf16WithoutBOM = Array("Call me Ishmael.".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(!utf16WithoutBOM.withUnsafeBufferPointer { TextDecoder.looksLikeUTF8($0) }, "well-formed, but NULs")
        let continuations = [UInt8](repeating: 0x80, count: 5000)
        #expect(!continuations.withUnsafeBufferPointer { TextDecoder.looksLikeUTF8($0) })
        // A sequence cut at 4 KiB is no reason to refuse.
        let long = Array(String(repeating: "я", count: 5000).utf8)
        #expect(long.withUnsafeBufferPointer { TextDecoder.looksLikeUTF8($0) })
        // Lead bytes with their continuation missing at the very end, and stray continuations.
        for tail: [UInt8] in [[0xF0], [0xE4, 0xB8], [0x80, 0x80, 0x80], [0xFF, 0xFE, 0xFD, 0xFC]] {
            let bytes = Array("Дети и книги ".utf8) + tail
            _ = bytes.withUnsafeBufferPointer { ContentLanguage.detect(inUTF8: $0) }
        }
    }
}
