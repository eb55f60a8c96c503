import ArgumentParser
import Pagination

/// `--lang`: the book's content language, a BCP 47 tag, or `auto` (`paginate`, `linebreak`,
/// `read`, `render`). Not given: `read` and `render` keep the book's saved choice, and
/// otherwise, like the other commands, detect it from the text (`ContentLanguage.detect`).
struct LanguageOptions: ParsableArguments {
    @Option(name: .customLong("lang"),
            help: ArgumentHelp("The text's language, a BCP 47 tag such as ja, zh, zh-Hant, ko or en, or auto "
                               + "(detected from the text). Default: the book's saved choice in read, else auto. Chinese and "
                               + "Japanese get CSS Text 3's line-break tailorings.", valueName: "tag"))
    var lang: String?

    /// What --lang asks for.
    enum Choice: Equatable {
        /// Detect the language from the text.
        case auto
        case tag(ContentLanguage)
    }

    func validate() throws { _ = try choice }

    /// --lang, checked: nil when not given; a tag that is not BCP 47 is refused in one line.
    var choice: Choice? {
        get throws {
            guard let lang else { return nil }
            if lang == "auto" { return .auto }
            guard let language = ContentLanguage(tag: lang) else {
                throw UserError("--lang: '\(lang)' is not a BCP 47 language tag (such as ja, zh, zh-Hant, ko, en) or auto")
            }
            return .tag(language)
        }
    }

    /// The language --lang names (nil for none or auto).
    var named: ContentLanguage? {
        get throws {
            if case .tag(let language)? = try choice { return language }
            return nil
        }
    }

    /// The language to lay `text` out in: the one named, or the one detected.
    /// `declared`: the language the book names (an EPUB's), taken before detection.
    func language(for text: BookText, declared: ContentLanguage? = nil) throws -> ContentLanguage? {
        if case .tag(let language)? = try choice { return language }
        return declared ?? ContentLanguage.detect(in: text)
    }
}
