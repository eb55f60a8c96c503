/// A book's notes, for the pop-up a reference to one opens: each note by the link that
/// leads to it (`path#id`, as the book's links are resolved), its text either in the book's
/// own text (a note in the flow, such as an endnote read in turn) or in the notes' text, a
/// document of its own for the notes the book keeps out of the flow (EPUB's `aside`
/// footnotes), laid out by the same typesetter.
public struct BookNotes: Sendable {
    /// Where a note's text is: scalar offsets of the book's text, or of `text` when it is out
    /// of the flow.
    public struct Note: Sendable, Equatable {
        public var range: Range<Int>
        public var inFlow: Bool

        public init(range: Range<Int>, inFlow: Bool) {
            self.range = range
            self.inFlow = inFlow
        }
    }

    public var notes: [String: Note]
    /// The notes out of the flow: their text and structure.
    public var text: BookText
    public var structure: DocumentStructure

    public init(notes: [String: Note] = [:], text: BookText = BookText(normalizedUTF8: []),
                structure: DocumentStructure = DocumentStructure()) {
        self.notes = notes
        self.text = text
        self.structure = structure
    }

    public var isEmpty: Bool { notes.isEmpty }

    /// Writes the notes into a cache file being made: the notes by key, then the text out of
    /// the flow and its structure.
    public func archive(into out: inout BinaryWriter) {
        out.u32(UInt32(notes.count))
        for (key, note) in notes.sorted(by: { $0.key < $1.key }) {
            out.string(key)
            out.u32(UInt32(note.range.lowerBound))
            out.u32(UInt32(note.range.upperBound))
            out.u32(note.inFlow ? 1 : 0)
        }
        out.u32(UInt32(text.utf8.count))
        text.utf8.withUnsafeBytes { out.raw($0) }
        structure.archive(into: &out)
    }

    /// Reads notes `archive(into:)` wrote for a book of `scalarCount` scalars, or nil when
    /// they do not hold (a range past its text, text that is not valid UTF-8, a structure
    /// that does not hold for it).
    public static func unarchive(from input: inout BinaryReader, scalarCount: Int) -> BookNotes? {
        guard let count = input.count(atMost: 1 << 20) else { return nil }
        var notes: [String: Note] = [:]
        var ranges: [(Range<Int>, Bool)] = []
        for _ in 0..<count {
            guard let key = input.string(), let lower = input.u32().map(Int.init), let upper = input.u32().map(Int.init),
                  let flag = input.u32(), flag <= 1, lower < upper else { return nil }
            notes[key] = Note(range: lower..<upper, inFlow: flag == 1)
            ranges.append((lower..<upper, flag == 1))
        }
        guard let length = input.count(atMost: input.bytes.count - input.offset) else { return nil }
        let utf8 = Array(input.bytes(length))
        guard String(validating: utf8, as: UTF8.self) != nil, !utf8.contains(0x0D) else { return nil }
        let text = BookText(normalizedUTF8: utf8)
        guard let structure = DocumentStructure.unarchive(from: &input, text: text),
              ranges.allSatisfy({ $0.0.upperBound <= ($0.1 ? scalarCount : text.scalarCount) }) else { return nil }
        return BookNotes(notes: notes, text: text, structure: structure)
    }
}
