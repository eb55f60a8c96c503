import FoundationEssentials

/// A passage the reader marked, in one of four colours, perhaps with a note.
///
/// `start` and `end` are scalar offsets into the book's text (as positions and bookmarks
/// are), so a highlight stays on its words whatever the font or page size; `text`, the
/// passage's beginning, finds it again in a later version of the book.
public struct Highlight: Codable, Sendable, Equatable {
    /// The colours a highlight can have, as the reader's menu offers them.
    public enum Color: String, Codable, Sendable, CaseIterable {
        case yellow, green, blue, pink

        /// An unknown colour (written by a newer version) reads as yellow, so the highlight
        /// and the rest of the file are kept.
        public init(from decoder: any Decoder) throws {
            self = Color(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .yellow
        }
    }

    /// The scalar offsets of the passage, `start < end`.
    public var start: Int
    public var end: Int
    public var color: Color
    /// The reader's note on it ("" for none).
    public var note: String
    public var created: Date
    /// The passage's first `TextAnchor.length` characters when it was made.
    public var text: String

    /// The longest note kept, in characters: a page of writing.
    public static let longestNote = 10_000

    public init(start: Int, end: Int, color: Color, note: String = "", created: Date, text: String) {
        self.start = start
        self.end = end
        self.color = color
        self.note = note
        self.created = created
        self.text = text
    }

    /// The scalar range of the passage.
    public var range: Range<Int> { start..<max(start, end) }

    enum CodingKeys: String, CodingKey { case start, end, color, note, created, text }

    /// Missing `note` and `text` read as empty; other missing fields are an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        start = try c.decode(Int.self, forKey: .start)
        end = try c.decode(Int.self, forKey: .end)
        color = try c.decode(Color.self, forKey: .color)
        note = try c.decodeIfPresent(String.self, forKey: .note) ?? ""
        created = try c.decode(Date.self, forKey: .created)
        text = try c.decodeIfPresent(String.self, forKey: .text) ?? ""
    }

    /// Writes `note` only when there is one.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(color, forKey: .color)
        if !note.isEmpty { try c.encode(note, forKey: .note) }
        try c.encode(created, forKey: .created)
        try c.encode(text, forKey: .text)
    }
}
