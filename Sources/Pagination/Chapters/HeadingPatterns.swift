/// The shapes of TXT headings that `ChapterDetector` recognises, one function per family.
enum HeadingPatterns {
    static let cjkNumerals: Set<Unicode.Scalar> = Set("零〇一二三四五六七八九十百千万两壹贰叁肆伍陆柒捌玖拾佰仟0123456789０１２３４５６７８９".unicodeScalars)
    static let cjkMarkers: [Unicode.Scalar: Int] = ["章": 1, "回": 1, "节": 1, "節": 1, "话": 1, "話": 1, "卷": 0, "集": 0, "部": 0, "篇": 0]
    /// Words that start with a heading marker, so that 第三回合 or 第二部分 is not a heading.
    static let runningTextWords: Set<String> = [
        "回合", "回来", "回去", "回到", "回家", "回头", "回答", "回事", "回应", "回复",
        "部分", "部队", "部长", "部门", "部落", "集团", "集合", "集中", "集体", "节目", "节日",
        "节奏", "篇幅", "章程", "卷入", "話す", "话说", "話題",
    ]
    static let cjkStandalone: Set<String> = ["序", "序章", "序言", "前言", "引子", "楔子", "尾声", "尾聲", "后记", "後記", "番外", "终章", "終章"]
    /// Marks that end or split a sentence: a line holding one is running text, not a heading.
    static let sentencePunctuation: Set<Unicode.Scalar> = Set("。，！？；…．,!?;\"“”「」".unicodeScalars)

    /// UTF-8 of the characters a CJK heading can start with (第, 卷, 序, 前, 引, 楔, 尾, 后,
    /// 後, 番, 终, 終), checked on bytes before any string is made.
    static let cjkLeads: [[UInt8]] = ["第", "卷", "序", "前", "引", "楔", "尾", "后", "後", "番", "终", "終"].map { Array($0.utf8) }
    static let latinKeywords: [[UInt8]] = (Array(latinLevels.keys) + Array(ordinals)).map { Array($0.utf8) }

    static func startsWithCJKMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard range.count >= 3, bytes[range.lowerBound] >= 0xE4 else { return false }
        return cjkLeads.contains { lead in lead.indices.allSatisfy { bytes[range.lowerBound + $0] == lead[$0] } }
    }

    static func startsWithLatinKeyword(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let b = range.first.map({ bytes[$0] }), b >= 0x41 && b <= 0x5A else { return false }
        return latinKeywords.contains { word in
            word.count <= range.count && word.indices.allSatisfy { bytes[range.lowerBound + $0] == word[$0] }
        }
    }

    /// `第…章/回/节/卷`, `卷…`, or a standalone `序`/`楔子`…; nil if the line is not one.
    static func cjkLevel(_ s: [Unicode.Scalar]) -> Int? {
        guard s.count <= 40, !s.contains(where: sentencePunctuation.contains) else { return nil }
        if s.first == "第" {
            var i = 1
            while i < s.count && cjkNumerals.contains(s[i]) { i += 1 }
            guard i > 1, i - 1 <= 8, i < s.count, let level = cjkMarkers[s[i]] else { return nil }
            // 第三回合, 第二部分 are running text: the marker starts a word there. (Real headings
            // may run the title on without a space: 第三十八回林潇湘魁夺菊花诗.)
            if i + 1 < s.count, runningTextWords.contains(String(String.UnicodeScalarView([s[i], s[i + 1]]))) { return nil }
            return level
        }
        if s.first == "卷" {
            var i = 1
            if i < s.count && s[i] == "之" { i += 1 }
            let numeralStart = i
            while i < s.count && cjkNumerals.contains(s[i]) { i += 1 }
            guard i > numeralStart, i == s.count || s[i] == " " || s[i] == "：" || s[i] == ":" else { return nil }
            return 0
        }
        let head = String(String.UnicodeScalarView(s.prefix { $0 != " " }))
        if cjkStandalone.contains(head), s.count <= 20 { return 1 }
        return nil
    }

    /// A line that is only a kanji number, as Japanese serials number their parts.
    static func isKanjiNumber(_ s: [Unicode.Scalar]) -> Bool {
        !s.isEmpty && s.count <= 4 && s.allSatisfy { cjkNumerals.contains($0) && $0.value > 0x3000 }
    }

    static let latinLevels: [String: Int] = [
        "CHAPTER": 1, "Chapter": 1, "BOOK": 0, "Book": 0, "PART": 0, "Part": 0,
        "VOLUME": 0, "Volume": 0, "EPILOGUE": 0, "Epilogue": 0, "PROLOGUE": 0, "Prologue": 0,
    ]
    static let ordinals: Set<String> = [
        "FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH", "FINAL", "LAST",
        "First", "Second", "Third", "Fourth", "Fifth", "Final", "Last",
    ]
    static let numberWords: Set<String> = [
        "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "ELEVEN",
        "TWELVE", "THIRTEEN", "FOURTEEN", "FIFTEEN", "SIXTEEN", "SEVENTEEN", "EIGHTEEN",
        "NINETEEN", "TWENTY", "THIRTY", "FORTY", "FIFTY", "SIXTY", "SEVENTY", "EIGHTY", "NINETY",
        "HUNDRED", "THE",
    ]

    /// `CHAPTER IV`, `Chapter 12. A Title`, `BOOK ONE: 1805`, `FIRST EPILOGUE`; nil otherwise.
    static func latinLevel(_ line: String) -> Int? {
        guard line.unicodeScalars.count <= 80 else { return nil }
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map { String($0) }
        guard !words.isEmpty else { return nil }
        if ordinals.contains(words[0]) { words.removeFirst() }
        guard let keyword = words.first.map({ $0.trimmingSuffix(":.") }), let level = latinLevels[keyword] else { return nil }
        if words.count == 1 || words[0].hasSuffix(":") || words[0].hasSuffix(".") {
            return level  // `EPILOGUE`, `SECOND EPILOGUE`, `Epilogue: …`
        }
        let number = words[1].trimmingSuffix(":.")
        let isRoman = !number.isEmpty && number.allSatisfy { "IVXLCDMivxlcdm".contains($0) }
        let isDigits = !number.isEmpty && number.allSatisfy(\.isNumber)
        let isWord = number.split(separator: "-").allSatisfy { numberWords.contains($0.uppercased()) }
        return isRoman || isDigits || isWord ? level : nil
    }

    /// A short line between blank lines that reads like a title: no sentence punctuation
    /// at its end, some letters, at most 20 scalars.
    static func isShortIsolatedTitle(_ s: [Unicode.Scalar]) -> Bool {
        guard (2...20).contains(s.count), let last = s.last else { return false }
        if sentencePunctuation.contains(last) || ".:)'’-—".unicodeScalars.contains(last) { return false }
        return s.contains { $0.properties.isAlphabetic }
    }
}

extension String {
    /// The string without any of `characters` at its end.
    func trimmingSuffix(_ characters: String) -> String {
        var s = Substring(self)
        while let last = s.last, characters.contains(last) { s = s.dropLast() }
        return String(s)
    }
}
