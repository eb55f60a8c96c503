// The content language guessed from a book's letters, once per book.

extension ContentLanguage {
    /// How many scalars `detect(in:)` reads: `sampleCount` stretches spread evenly over the
    /// text (so an English licence at the start of a Chinese book does not decide), each
    /// `sampleLength` scalars long. 2 Ki scalars in all: plenty to tell the scripts apart,
    /// and a few microseconds, so a book pays nothing measurable for it.
    static let sampleCount = 16
    static let sampleLength = 128

    /// The language of `text`, from a sample of its letters: mostly Han (with kana) → `ja`;
    /// mostly Han → `zh`, or `zh-Hant` when more of its common characters are in their
    /// traditional form than in their simplified one (說 rather than 说: `HanForms`); mostly Hangul → `ko`; two thirds of the letters Hebrew → `he`, Arabic script →
    /// `fa` when Persian's own letters are at least a fiftieth of it, else `ar`; mostly
    /// Bengali, Devanagari, Thai, Cyrillic or Greek → `bn`, `hi`, `th`, `ru`, `el`; mostly Latin
    /// letters → Vietnamese when a twentieth of them are its own (`LetterCounts.vietnamese`),
    /// else English, French, German, Spanish or Italian when that language's commonest
    /// words lead clearly (`LatinWords`); otherwise nil (nothing dominant). Line breaking applies CSS Text 3's Chinese and
    /// Japanese rules by it; shaping, bidi (a paragraph with no strong character) and the
    /// choice of fallback faces read it too. Kana count as
    /// Japanese when they are at least a twentieth of the Han and kana (Japanese prose has
    /// far more; a Chinese book none but the odd ・, which is not counted).
    public static func detect(in text: BookText) -> ContentLanguage? {
        text.utf8.withUnsafeBufferPointer { detect(inUTF8: $0) }
    }

    /// `detect(in:)` over bytes that are not yet a `BookText`: a book's file as read, before it
    /// is decoded, so that what its language needs (hyphenation patterns, ICU) loads while it
    /// is (`EarlyBookLoad`). Bytes that are not UTF-8 give a guess that means nothing, never
    /// a read past `bytes`; a BOM and CRs change nothing.
    public static func detect(inUTF8 buffer: UnsafeBufferPointer<UInt8>) -> ContentLanguage? {
        var counts = LetterCounts()
        if let b = buffer.baseAddress, buffer.count >= 4 {
            // Whole scalars only: stop four bytes short of the end (valid UTF-8, as `BookText`
            // holds, never runs past it from a lead byte before that; a scalar's bytes are
            // read no further than two past where it starts, whatever its lead byte says).
            let n = buffer.count - 3
            let stride = max(n / sampleCount, 1)
            var start = 0
            while start < n {
                var i = start
                while i < n && b[i] & 0xC0 == 0x80 { i += 1 }  // to a scalar's first byte
                var read = 0
                while i < n && read < sampleLength {
                    i += counts.add(lead: b[i], b[i + 1], b[i + 2])
                    read += 1
                }
                start = max(start + stride, i)
            }
        } else {
            for scalar in String(decoding: buffer, as: UTF8.self).unicodeScalars { counts.add(scalar.value) }
        }
        return counts.language
    }
}

/// Letters counted by script for `ContentLanguage.detect(in:)`; punctuation, digits and
/// spaces are not counted.
struct LetterCounts {
    var han = 0, kana = 0, hangul = 0, other = 0
    /// Common Han characters only simplified or only traditional Chinese writes so.
    var simplified = 0, traditional = 0
    /// Letters of scripts that name a language well enough for shaping, bidi and fonts
    /// (`other` counts them too): Hebrew, Arabic, Bengali, Devanagari, Thai, Cyrillic, Greek.
    var hebrew = 0, arabic = 0, bengali = 0, devanagari = 0, thai = 0, cyrillic = 0, greek = 0
    /// Letters only Persian of the Arabic-script languages uses (پ چ ژ گ, and Persian's
    /// own kāf and yeh).
    var persian = 0
    /// Letters and marks only Vietnamese uses so often: the letters of Latin Extended
    /// Additional it writes (ạ ấ ầ ẩ ẫ ậ … ỹ, U+1EA0–U+1EF9), ơ ư đ, and the hook above and
    /// horn a text typed with combining marks has instead.
    var vietnamese = 0
    /// The commonest words of the Latin-script languages, counted.
    var latinWords = LatinWords()

    /// Counts the scalar whose UTF-8 starts with `lead`, `b1`, `b2` (the bytes say the block
    /// without decoding), and returns its length in bytes.
    @inline(__always)
    mutating func add(lead: UInt8, _ b1: UInt8, _ b2: UInt8) -> Int {
        switch lead {
        case 0..<0x80:
            if (lead | 0x20) &- 0x61 < 26 {  // A–Z, a–z
                other += 1
                latinWords.add(letter: lead | 0x20)
            } else {
                latinWords.endWord()
            }
            return 1
        case 0xC3..<0xE0:  // U+00C0–U+07FF: Latin, Greek, Cyrillic, Hebrew, Arabic…
            other += 1
            latinWords.spoil()
            switch lead {
            case 0xCE, 0xCF: greek += 1  // U+0380–U+03FF
            case 0xD0...0xD3: cyrillic += 1  // U+0400–U+04FF
            case 0xC4 where b1 == 0x90 || b1 == 0x91: vietnamese += 1  // Đ đ
            case 0xC6 where b1 == 0xA0 || b1 == 0xA1 || b1 == 0xAF || b1 == 0xB0: vietnamese += 1  // Ơ ơ Ư ư
            case 0xCC where b1 == 0x89 || b1 == 0x9B: vietnamese += 1  // U+0309 hook above, U+031B horn
            case 0xD6 where b1 >= 0x90, 0xD7: hebrew += 1  // U+0590–U+05FF
            case 0xD8...0xDB:  // U+0600–U+06FF
                arabic += 1
                let scalar = UInt32(lead & 0x1F) << 6 | UInt32(b1 & 0x3F)
                if [0x067E, 0x0686, 0x0698, 0x06AF, 0x06A9, 0x06CC].contains(scalar) { persian += 1 }
            default: break
            }
            return 2
        case 0xC0..<0xC3:  // U+0080–U+00BF: Latin-1's punctuation and spaces end a word
            latinWords.endWord()
            return 2
        case 0xE4...0xE9:  // U+4000–U+9FFF
            han += 1
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
            switch HanForms.form(of: scalar) {
            case .simplified: simplified += 1
            case .traditional: traditional += 1
            case nil: break
            }
            return 3
        case 0xE3:  // U+3000–U+3FFF
            if b1 >= 0x81 && b1 <= 0x83 {  // U+3040–U+30FF, but not ・ U+30FB or ゠ U+30A0
                if !(b1 == 0x83 && b2 == 0xBB) && !(b1 == 0x82 && b2 == 0xA0) { kana += 1 }
            } else if b1 >= 0x90 {  // U+3400–U+3FFF: Han extension A
                han += 1
            } else if (b1 == 0x84 && b2 >= 0xB1) || b1 == 0x85 || (b1 == 0x86 && b2 <= 0x8E) {
                hangul += 1  // compatibility jamo U+3131–U+318E
            }
            return 3
        case 0xEA...0xED:  // U+A000–U+DFFF: Hangul syllables are U+AC00–U+D7AF
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6
            if scalar >= 0xAC00 && scalar <= 0xD7AF { hangul += 1 }
            return 3
        case 0xE1:  // U+1000–U+1FFF: Hangul jamo U+1100–U+11FF, Latin extended U+1E00–U+1FFF
            if b1 == 0x84 || b1 == 0x85 || b1 == 0x86 || b1 == 0x87 {
                hangul += 1
            } else if b1 >= 0xB8 {
                other += 1
                latinWords.spoil()
                if (b1 == 0xBA && b2 >= 0xA0) || (b1 == 0xBB && b2 <= 0xB9) { vietnamese += 1 }  // U+1EA0–U+1EF9
            }
            return 3
        case 0xEF:  // U+F000–U+FFFF: compatibility ideographs U+F900–U+FAFF, halfwidth kana
            let scalar = 0xF000 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
            if scalar >= 0xF900 && scalar <= 0xFAFF { han += 1 } else if scalar >= 0xFF66 && scalar <= 0xFF9F { kana += 1 }
            return 3
        case 0xE0:  // U+0800–U+0FFF: the scripts of India and South-East Asia
            switch b1 {
            case 0xA4, 0xA5: devanagari += 1; other += 1
            case 0xA6, 0xA7: bengali += 1; other += 1
            case 0xB8, 0xB9: thai += 1; other += 1
            default: break
            }
            return 3
        case 0xE2:  // U+2000–U+2FFF: General Punctuation (dashes, quotes) ends a word
            latinWords.endWord()
            return 3
        case 0xE0..<0xF0: return 3
        case 0xF0:  // U+10000–U+3FFFF: the supplementary ideographic planes from U+20000
            if b1 >= 0xA0 { han += 1 }
            return 4
        case 0xF1...0xF7: return 4
        default: return 1  // not a lead byte (never in valid UTF-8)
        }
    }

    /// Counts a decoded scalar (for texts too short for the byte walk).
    mutating func add(_ c: UInt32) {
        var utf8: [UInt8] = []
        if let scalar = Unicode.Scalar(c) { utf8 = Array(String(Character(scalar)).utf8) }
        utf8 += [0, 0, 0]
        _ = add(lead: utf8[0], utf8[1], utf8[2])
    }

    /// See `ContentLanguage.detect(in:)`.
    var language: ContentLanguage? {
        let total = han + kana + hangul + other
        guard total > 0 else { return nil }
        if (han + kana) * 2 > total {
            if kana * 20 >= han + kana { return .japanese }
            return traditional > simplified ? ContentLanguage(tag: "zh-Hant") : .chinese
        }
        if hangul * 2 > total { return .korean }
        let scripts: [(count: Int, tag: String)] = [
            (hebrew, "he"), (arabic, persian * 50 >= arabic ? "fa" : "ar"), (bengali, "bn"), (devanagari, "hi"),
            (thai, "th"), (cyrillic, "ru"), (greek, "el"),
        ]
        if let top = scripts.max(by: { $0.count < $1.count }), top.count * 3 > total * 2 {
            return ContentLanguage(tag: top.tag)
        }
        let latin = other - scripts.reduce(0) { $0 + $1.count }
        guard latin * 3 > total * 2 else { return nil }
        if vietnamese * 20 >= latin { return ContentLanguage(tag: "vi") }
        guard let tag = latinWords.language else { return nil }
        return ContentLanguage(tag: tag)
    }
}

/// Frequent Han characters whose simplified and traditional forms differ, each form listed
/// where the other orthography never uses it: enough of them occur in any sample of Chinese
/// prose to tell which way a book is written.
enum HanForms {
    enum Form { case simplified, traditional }

    /// Pairs, simplified then traditional: 这這 们們 说說 为為 国國 会會 时時 来來 个個 对對 过過
    /// 还還 没沒 发發 见見 问問 进進 长長 无無 与與 东東 门門 马馬 车車 书書 经經 闻聞 听聽 处處
    /// 乐樂 观觀 将將 觉覺 实實 从從 开開 关關 头頭 语語 话話 谁誰 么麼 样樣 现現 应應 当當.
    static let pairs: [(simplified: UInt32, traditional: UInt32)] = [
        (0x8FD9, 0x9019), (0x4EEC, 0x5011), (0x8BF4, 0x8AAA), (0x4E3A, 0x70BA), (0x56FD, 0x570B), (0x4F1A, 0x6703),
        (0x65F6, 0x6642), (0x6765, 0x4F86), (0x4E2A, 0x500B), (0x5BF9, 0x5C0D), (0x8FC7, 0x904E), (0x8FD8, 0x9084),
        (0x6CA1, 0x6C92), (0x53D1, 0x767C), (0x89C1, 0x898B), (0x95EE, 0x554F), (0x8FDB, 0x9032), (0x957F, 0x9577),
        (0x65E0, 0x7121), (0x4E0E, 0x8207), (0x4E1C, 0x6771), (0x95E8, 0x9580), (0x9A6C, 0x99AC), (0x8F66, 0x8ECA),
        (0x4E66, 0x66F8), (0x7ECF, 0x7D93), (0x95FB, 0x805E), (0x542C, 0x807D), (0x5904, 0x8655), (0x4E50, 0x6A02),
        (0x89C2, 0x89C0), (0x5C06, 0x5C07), (0x89C9, 0x89BA), (0x5B9E, 0x5BE6), (0x4ECE, 0x5F9E), (0x5F00, 0x958B),
        (0x5173, 0x95DC), (0x5934, 0x982D), (0x8BED, 0x8A9E), (0x8BDD, 0x8A71), (0x8C01, 0x8AB0), (0x4E48, 0x9EBC),
        (0x6837, 0x6A23), (0x73B0, 0x73FE), (0x5E94, 0x61C9), (0x5F53, 0x7576),
    ]

    /// Every listed character and its form, sorted by scalar (a binary search per Han
    /// character of the sample).
    static let sorted: [(scalar: UInt32, form: Form)] =
        (pairs.map { ($0.simplified, Form.simplified) } + pairs.map { ($0.traditional, Form.traditional) }).sorted { $0.0 < $1.0 }

    /// Which orthography alone writes `scalar`, or nil when both do or it is not listed.
    static func form(of scalar: UInt32) -> Form? {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].scalar < scalar { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low].scalar == scalar ? sorted[low].form : nil
    }
}

/// Words of up to eight ASCII letters, read as `LetterCounts` walks a sample, counted when
/// they are among the commonest words of English, French, German, Spanish or Italian (words
/// only one of them uses so often: no "la", "que", "il" or "era"), or of a language written
/// in Latin letters that detection does not name (Dutch, the Scandinavian languages,
/// Portuguese, Latin, Indonesian, Catalan: `rivals`, so "was" in Dutch or "est" in Latin names
/// nothing). The language whose words lead, with at least 6 and twice as many as any other
/// list's, the rivals' included, is the sample's.
struct LatinWords {
    static let tags = ["en", "fr", "de", "es", "it"]
    /// The index of the rivals' list in `counts`.
    static let rivals = tags.count
    static let words: [UInt64: Int] = {
        let lists = [
            ["the", "and", "of", "to", "was", "that", "with", "his", "her", "you", "which", "had", "have", "this", "but"],
            ["les", "et", "des", "une", "est", "dans", "pas", "sur", "aux", "du", "qui", "avec", "pour", "elle", "le"],
            ["der", "die", "und", "das", "nicht", "ist", "ein", "sich", "mit", "den", "dem", "auf", "zu", "ich", "sie"],
            ["los", "las", "del", "y", "una", "por", "para", "como", "pero", "muy", "el", "su", "sus", "fue"],
            ["gli", "della", "che", "non", "sono", "anche", "di", "alla", "nel", "questo", "delle", "degli", "questa", "loro"],
            // Rivals: Dutch, Danish and Norwegian, Swedish, Portuguese, Latin, Indonesian and
            // Malay, Catalan.
            ["het", "een", "niet", "zijn", "van", "ik", "og", "ikke", "af", "och", "att", "uma", "ao", "pelo", "pela", "os",
             "em", "sed", "ut", "cum", "ad", "quod", "enim", "yang", "dan", "itu", "dengan", "amb", "els", "pel"],
        ]
        var table: [UInt64: Int] = [:]
        for (language, list) in lists.enumerated() {
            for word in list where word.utf8.count <= 8 && word.utf8.allSatisfy({ $0 < 0x80 }) {
                table[pack(word.utf8)] = language
            }
        }
        return table
    }()

    var counts = [Int](repeating: 0, count: tags.count + 1)
    /// The word so far, a byte a letter; `length` 9 once it is not a plain ASCII word.
    private var word: UInt64 = 0
    private var length = 0

    static func pack<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func add(letter: UInt8) {
        if length < 8 { word = word << 8 | UInt64(letter) }
        length = min(length + 1, 9)
    }

    /// A letter outside ASCII: the word is none of the listed ones.
    mutating func spoil() { length = 9 }

    mutating func endWord() {
        if length > 0 && length <= 8, let language = Self.words[word] { counts[language] += 1 }
        word = 0
        length = 0
    }

    /// The leading language's tag (see the type's description), or nil.
    var language: String? {
        let ranked = counts.enumerated().sorted { $0.element > $1.element }
        guard let best = ranked.first, best.offset != Self.rivals, best.element >= 6, best.element >= 2 * ranked[1].element
        else { return nil }
        return Self.tags[best.offset]
    }
}
