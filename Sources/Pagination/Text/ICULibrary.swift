import CICU

/// ICU (Debian's libicuuc), opened with `dlopen` on first use: the bidi levels of text with
/// right-to-left characters (`BidiLevels`) and the dictionary breaks of Thai, Lao, Khmer and
/// Burmese (`DictionaryBreaks`) come from it. Opening it maps and relocates a large library
/// (1.3–1.8 ms here), so a caller that knows a book will need it can open it ahead, on a core
/// that would otherwise wait.
public enum ICULibrary {
    /// Primary language subtags of languages written without spaces between words (UAX #14
    /// class SA), whose line breaks come from ICU's dictionaries.
    static let dictionaryLanguages: Set<String> = ["th", "lo", "km", "my"]

    /// Whether laying out a book in `language` will open ICU: a right-to-left language, or
    /// one whose words are found with a dictionary. (A book in another language opens it too
    /// when it quotes such text; this is only the likely case.)
    public static func isNeeded(for language: ContentLanguage?) -> Bool {
        guard let language else { return false }
        return language.isWrittenRightToLeft || dictionaryLanguages.contains(String(language.tag.prefix { $0 != "-" }))
    }

    /// Opens ICU now (nothing to do when it is open); false when it cannot be opened.
    @discardableResult
    public static func load() -> Bool { pageturn_icu_load() != 0 }
}
