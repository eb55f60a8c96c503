import Pagination

/// The faces a book is set in when the reader names none: the conventions of printed books,
/// by the book's language, from the faces Debian packages.
///
/// - **Text:** Noto Serif (`fonts-noto-core`, installed with the other Noto faces this
///   project needs): a book serif that sets Latin, Greek, Cyrillic and Vietnamese in one
///   design, with an italic, a bold and kerning, so the English, Russian, Greek and
///   Vietnamese books share one face; DejaVu Serif and Liberation Serif where it is missing.
/// - **CJK:** a Song/Ming face for Chinese and a Mincho face for Japanese (JLREQ; Chinese
///   books are not set in a sans): Noto Serif CJK in its Simplified, Traditional, Japanese or
///   Korean cut (`fonts-noto-cjk`), else AR PL UMing or IPA Mincho, else a sans CJK face.
/// - **Other scripts:** each script's book face from the Noto family — Naskh for Arabic and
///   Persian (Nastaliq for Urdu), Noto Serif Hebrew, Bengali, Devanagari, Thai and the rest —
///   ranked before fontconfig's own order when a character the text face lacks needs a face
///   (fontconfig ranks by language coverage first and would give Persian DejaVu Sans).
public enum BookFaces {
    /// Families tried, in order, for the text (primary) face.
    public static let textFamilies = ["Noto Serif", "DejaVu Serif", "Liberation Serif"]

    /// The CJK cut for `language`: Japanese, Korean, Traditional Chinese (a `Hant` script or a
    /// Taiwan, Hong Kong or Macao region) or, for every other language, Simplified Chinese —
    /// the Han characters a Latin book quotes are set in that cut.
    public enum CJKCut: String, Sendable, CaseIterable {
        case simplified = "zh-Hans", traditional = "zh-Hant", japanese = "ja", korean = "ko"

        public init(_ language: ContentLanguage?) {
            switch language?.tag.split(separator: "-").first {
            case "ja": self = .japanese
            case "ko": self = .korean
            default: self = language?.prefersTraditionalHan == true ? .traditional : .simplified
            }
        }

        /// The fontconfig language whose coverage a face of this cut must have.
        public var fontconfigLanguage: String {
            switch self {
            case .simplified: "zh-cn"
            case .traditional: "zh-tw"
            case .japanese: "ja"
            case .korean: "ko"
            }
        }

        /// Families tried, in order, for the cut's face: serif book faces first, then sans faces
        /// so that a machine without them still shows the characters.
        public var families: [String] {
            switch self {
            case .simplified: ["Noto Serif CJK SC", "AR PL UMing CN", "Noto Sans CJK SC", "WenQuanYi Micro Hei"]
            case .traditional: ["Noto Serif CJK TC", "AR PL UMing TW", "Noto Sans CJK TC", "WenQuanYi Micro Hei"]
            case .japanese: ["Noto Serif CJK JP", "IPAexMincho", "IPAMincho", "Noto Sans CJK JP", "IPAGothic", "WenQuanYi Micro Hei"]
            case .korean: ["Noto Serif CJK KR", "Noto Sans CJK KR", "WenQuanYi Micro Hei"]
            }
        }
    }

    /// Each script's book face, ranked before fontconfig's order for characters the text
    /// and CJK faces lack. Scripts barely overlap, so one order serves every language; the
    /// book's own script goes first (`scriptFamilies(for:)`: the Devanagari danda is in the
    /// Bengali face too). `FallbackCache` keeps ranks in this order: changing it needs a new
    /// header there.
    static let scriptFamilies = [
        // Latin, Greek and Cyrillic: the text face's characters, wanted as a fallback when the
        // text face chosen is a script's own (Noto Sans Bengali has no Latin letters).
        "Noto Serif",
        "Noto Naskh Arabic", "Noto Serif Hebrew", "Noto Serif Bengali", "Noto Serif Devanagari", "Noto Serif Thai",
        "Noto Serif Armenian", "Noto Serif Georgian", "Noto Serif Ethiopic", "Noto Serif Gujarati",
        "Noto Serif Gurmukhi", "Noto Serif Kannada", "Noto Serif Malayalam", "Noto Serif Tamil", "Noto Serif Telugu",
        "Noto Serif Sinhala", "Noto Serif Khmer", "Noto Serif Lao", "Noto Serif Myanmar", "Noto Serif Tibetan",
    ]

    /// The face of a language's own script where it is not first in `scriptFamilies`, by
    /// primary subtag (Urdu's convention is Nastaliq, not Naskh).
    static let ownFamily: [String: String] = [
        "ur": "Noto Nastaliq Urdu", "hi": "Noto Serif Devanagari", "mr": "Noto Serif Devanagari",
        "ne": "Noto Serif Devanagari", "sa": "Noto Serif Devanagari", "th": "Noto Serif Thai",
        "hy": "Noto Serif Armenian", "ka": "Noto Serif Georgian", "am": "Noto Serif Ethiopic",
        "gu": "Noto Serif Gujarati", "pa": "Noto Serif Gurmukhi", "kn": "Noto Serif Kannada",
        "ml": "Noto Serif Malayalam", "ta": "Noto Serif Tamil", "te": "Noto Serif Telugu", "si": "Noto Serif Sinhala",
        "km": "Noto Serif Khmer", "lo": "Noto Serif Lao", "my": "Noto Serif Myanmar", "bo": "Noto Serif Tibetan",
        "he": "Noto Serif Hebrew", "yi": "Noto Serif Hebrew",
    ]

    /// The script faces to prefer for a book in `language`, best first: its own script's,
    /// then the others.
    public static func scriptFamilies(for language: ContentLanguage?) -> [String] {
        guard let subtag = language?.tag.split(separator: "-").first, let own = ownFamily[String(subtag)] else {
            return scriptFamilies
        }
        return [own] + scriptFamilies.filter { $0 != own }
    }
}
