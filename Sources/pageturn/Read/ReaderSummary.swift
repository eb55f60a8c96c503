import Reader

/// What `read` prints when it ends, one JSON line: the page shown and the page count (from
/// 1), the reading position (a scalar offset), the preferences in force (font size, curl,
/// motion, theme, progression, the language the book is laid out in, "" for none, hyphenation,
/// margins, line spacing, the font: "auto" or the family or file chosen), the bookmarks
/// (name, offset, page), how many frames were drawn, the note shown over the page when
/// one is (`note`: the link that opened it and its text), the selection when there is one
/// (`selection`: its text, start and end offsets), what was copied (`clipboard`) and the
/// highlights (`highlights`: start, end, colour, note and the passage's beginning).
///
///     {"bookmarks":[{"name":"…","offset":1234,"page":2}],"curl":"classic","font":"auto",
///      "fontSize":18,"frames":120,"hyphenate":"auto","language":"ja","lineSpacing":1.5,
///      "margins":"normal","motion":"full","page":3,"pages":12,"position":1234,"progression":"ltr","theme":"paper"}
struct ReaderSummary: Encodable {
    struct Bookmark: Encodable {
        var name: String
        var offset: Int
        var page: Int
    }

    var page: Int
    var pages: Int
    var position: Int
    var fontSize: Float
    var curl: String
    var motion: String
    var theme: String
    var progression: String
    var language: String
    var hyphenate: String
    var margins: String
    var lineSpacing: Float
    var font: String
    var bookmarks: [Bookmark]
    var frames: Int
    /// The note over the page, when one is shown.
    var note: Note?
    /// The text selected, when there is a selection: its text as copied, and its scalar range.
    var selection: Selection?
    /// What the last copy put on the clipboard, when something was copied.
    var clipboard: String?
    /// The passages highlighted, when there are any: range, colour, note and beginning.
    var highlights: [Highlighted]?

    struct Highlighted: Encodable {
        var start: Int
        var end: Int
        var color: String
        var note: String
        var text: String
    }

    struct Selection: Encodable {
        var text: String
        var start: Int
        var end: Int
    }

    struct Note: Encodable {
        var href: String
        var text: String
    }

    init(_ s: ReaderSession, frames: Int) {
        page = s.page + 1
        pages = s.pageCount
        position = s.position
        fontSize = s.preferences.fontSize
        curl = s.preferences.curl.rawValue
        motion = s.preferences.motion.rawValue
        theme = s.preferences.theme.rawValue
        progression = s.preferences.progression.rawValue
        language = s.contentLanguage?.tag ?? ""
        hyphenate = s.preferences.hyphenation ? "auto" : "off"
        margins = s.preferences.margins.rawValue
        lineSpacing = s.preferences.lineSpacing
        font = s.preferences.font ?? "auto"
        bookmarks = s.bookmarks.map { Bookmark(name: $0.name, offset: $0.offset, page: s.layout.page(containing: $0.offset) + 1) }
        self.frames = frames
        if let shown = s.scene.panel?.panel as? NotePanel { note = Note(href: shown.href, text: shown.text) }
        if let range = s.selection?.range { selection = Selection(text: s.selectedText ?? "", start: range.lowerBound, end: range.upperBound) }
        clipboard = s.clipboard
        if !s.highlights.isEmpty {
            highlights = s.highlights.map { Highlighted(start: $0.start, end: $0.end, color: $0.color.rawValue, note: $0.note, text: $0.text) }
        }
    }
}
