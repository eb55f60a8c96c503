import Pagination

/// Notes (EPUB 3 Structural Semantics: an element whose `epub:type` is `footnote`,
/// `endnote`, `rearnote` or `note`, or whose DPUB-ARIA `role` is `doc-footnote` or
/// `doc-endnote`, with an id): each is kept by `path#id` for the pop-up a reference to it
/// opens. An `aside` note is not shown in the flow (its text is written into the notes'
/// own builder instead); any other stays where it is (a book's endnotes, read in turn).
extension XHTMLTextReader {
    /// Where a note's text is: scalar offsets in the piece being written (`inFlow`), or in
    /// the notes' own text.
    struct NoteText: Sendable, Equatable {
        var range: Range<Int>
        var inFlow: Bool
    }

    /// A note being written: its key, where it starts, whether it took the walk out of the
    /// flow (the builders swapped: `hidden`) or is inside one that did (`outOfFlow`), with
    /// what the flow's walk had pending when it left it.
    struct OpenNote {
        var key: String
        var start: Int
        var hidden: Bool
        var outOfFlow: Bool
        var flowMargin = 0.0
        var flowWritten = 0
    }

    static let noteTypes: Set<Substring> = ["footnote", "endnote", "rearnote", "note"]
    static let noteRoles: Set<Substring> = ["doc-footnote", "doc-endnote"]

    /// The key (`path#id`) of the note `node` is, if it is one (`epub:type` as a document
    /// read as HTML keeps it too: a plain attribute of that name).
    static func noteKey(of node: XMLNode, id: String?, path: String) -> String? {
        guard let id, !id.isEmpty else { return nil }
        let type = node.attribute("type", namespace: XMLNamespace.ops) ?? node.attribute("epub:type")
        let types = (type ?? "").split(separator: " ")
        let roles = (node.attribute("role") ?? "").split(separator: " ")
        guard types.contains(where: noteTypes.contains) || roles.contains(where: noteRoles.contains) else { return nil }
        return "\(path)#\(id)"
    }

    /// The most notes kept from one document (a crafted book's million asides are read as
    /// any other element).
    static let noteLimit = 10_000

    /// Swaps the flow's builder and the notes' (and the typeface numbers each has given).
    mutating func swapBuilders(_ builder: inout DocumentBuilder, _ noteBuilder: inout DocumentBuilder) {
        swap(&builder, &noteBuilder)
        swap(&typefaceNumbers, &otherTypefaceNumbers)
        hidingNote.toggle()
    }

    /// Notes where the element whose `id` is `id` starts (the first of an id wins);
    /// not inside a note out of the flow, whose offsets are not the flow's.
    mutating func recordAnchor(_ id: String?, path: String, at offset: Int) {
        guard !hidingNote, let id else { return }
        let key = "\(path)#\(id)"
        if anchors[key] == nil { anchors[key] = offset }
    }

    /// Ends the note `note` where the text written has come to: kept by its key, and a note
    /// out of the flow goes back to the flow's builder and what the flow had pending.
    mutating func closeNote(_ note: OpenNote, _ builder: inout DocumentBuilder, _ noteBuilder: inout DocumentBuilder,
                                    _ pendingMargin: inout Double, _ written: inout Int) {
        if notes[note.key] == nil, builder.scalarCount > note.start {
            notes[note.key] = NoteText(range: note.start..<builder.scalarCount, inFlow: !note.outOfFlow)
        }
        guard note.hidden else { return }
        builder.endBlock()
        swapBuilders(&builder, &noteBuilder)
        pendingMargin = note.flowMargin
        written = note.flowWritten
    }
}
