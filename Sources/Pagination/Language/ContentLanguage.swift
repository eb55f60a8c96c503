// The content language of a book: a BCP 47 tag, and what line breaking needs to know of it.
import Synchronization

/// The language a book is written in, as a BCP 47 tag (`ja`, `zh`, `zh-Hant`, `ko`, `en`…).
///
/// CSS Text 3 §5.3 (`line-break`) conditions most of its CJK tailorings on "the content
/// language" being Chinese or Japanese (`isChineseOrJapanese`), not on the characters around a
/// break: `1〜2` may break before 〜 in a Japanese book, never in an English one. A tag with a
/// script subtag other than Han or kana (`ja-Latn`, `zh-Hang`) is not written in Chinese or
/// Japanese for this purpose, as the writing system decides (CSS Text 3 §1.4 "writing system").
///
/// The value is trivially copyable (a number for its interned tag, and a flag), so the
/// `LayoutSettings` that carry it stay plain values that the typesetter's hot paths copy for
/// free: a `String` in them cost a retain and a release at every copy.
public struct ContentLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The tag's index in `tags` (the same tag, the same index, within a process).
    private let id: UInt32
    /// Whether the CSS Text 3 rules "if the content language is Chinese or Japanese" apply.
    public let isChineseOrJapanese: Bool
    /// Whether the language is Japanese (`ja`, in any script or region): its paragraphs are
    /// indented 1 em, not Chinese's 2.
    public let isJapanese: Bool

    /// Every tag made in this process, canonical, in order of first use (one entry per
    /// distinct tag: a handful, from options, saved states and detection).
    private static let tags = Mutex<[String]>([])

    /// The tag, with the case BCP 47 recommends: language lower case, script title case,
    /// region upper case (`zh-Hant-TW`).
    public var tag: String { Self.tags.withLock { $0[Int(id)] } }

    public static let japanese = ContentLanguage(tag: "ja")!
    public static let chinese = ContentLanguage(tag: "zh")!
    public static let korean = ContentLanguage(tag: "ko")!

    /// Primary language subtags that name Chinese (the macrolanguage and its members) or
    /// Japanese.
    static let chineseOrJapanese: Set<String> = [
        "ja", "zh", "cmn", "yue", "wuu", "hak", "nan", "gan", "hsn", "lzh", "cjy", "cdo",
        "cpx", "czh", "czo", "mnp", "cnp", "csp",
    ]
    /// Script subtags of text written in Chinese or Japanese.
    static let hanScripts: Set<String> = ["Hani", "Hans", "Hant", "Jpan", "Hira", "Kana", "Hrkt"]

    /// The language a well-formed BCP 47 tag names, or nil when `tag` is not one (RFC 5646
    /// §2.1's syntax: a 2–3 or 5–8 letter language, then subtags of 1–8 letters and digits;
    /// private-use and grandfathered tags are not accepted).
    public init?(tag: String) {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard tag.count <= 64, let first = parts.first,
              first.allSatisfy({ $0.isASCII && $0.isLetter }), [2, 3, 5, 6, 7, 8].contains(first.count),
              parts.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }),
              parts.last?.count ?? 0 > 1
        else { return nil }
        var canonical = [first.lowercased()]
        var script: String?
        var afterSingleton = false
        for (i, part) in parts.enumerated().dropFirst() {
            if part.count == 1 {
                // An extension or private use: at least one subtag must follow (checked above
                // for the last one; two singletons in a row are refused here).
                guard parts[i + 1].count > 1 else { return nil }
                afterSingleton = true
                canonical.append(part.lowercased())
            } else if !afterSingleton && part.count == 4 && part.allSatisfy(\.isLetter) && i == 1 {
                let s = part.prefix(1).uppercased() + part.dropFirst().lowercased()
                script = s
                canonical.append(s)
            } else if !afterSingleton && part.count == 2 && part.allSatisfy(\.isLetter) {
                canonical.append(part.uppercased())
            } else {
                canonical.append(part.lowercased())
            }
        }
        let tag = canonical.joined(separator: "-")
        id = Self.tags.withLock { tags in
            if let known = tags.firstIndex(of: tag) { return UInt32(known) }
            tags.append(tag)
            return UInt32(tags.count - 1)
        }
        isChineseOrJapanese = Self.chineseOrJapanese.contains(canonical[0])
            && (script.map(Self.hanScripts.contains) ?? true)
        isJapanese = canonical[0] == "ja"
    }

    public var description: String { tag }

    /// Whether the tag's subtags ask for traditional Han characters: the `Hant` script, or a
    /// Taiwan, Hong Kong or Macao region without the `Hans` script.
    public var prefersTraditionalHan: Bool {
        let subtags = tag.split(separator: "-").dropFirst()
        guard !subtags.contains("Hans") else { return false }
        return subtags.contains { $0 == "Hant" || $0 == "TW" || $0 == "HK" || $0 == "MO" }
    }

    /// Whether the tag names Chinese in its traditional script (`prefersTraditionalHan`).
    public var isTraditionalChinese: Bool { isChineseOrJapanese && !isJapanese && prefersTraditionalHan }
}
