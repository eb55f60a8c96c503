import Pagination
import TextDecoding

/// Notes: a link to one of the book's notes (`BookNotes`: an EPUB's footnotes and endnotes)
/// opens it over the page (`NotePanel`) instead of jumping to it; the reader stays on the page.
extension ReaderSession {
    /// The margin around a note's text in its box, in logical pixels.
    static let noteMargin: Float = 16

    /// Shows the note `href` leads to over the page; false when it leads to none.
    func showNote(for href: String) -> Bool {
        guard let notes = book.notes, let note = notes.notes[href] else { return false }
        let text = note.inFlow ? book.text : notes.text
        let structure = note.inFlow ? book.structure : notes.structure
        var settings = layout.settings
        settings.pageWidth = Float(NotePanel.width(in: pageSize))
        // A picture in a note is held to the box's height (the box shows no pictures yet).
        settings.pageHeight = Float(max(80, pageSize.height * 0.45))
        settings.margin = Self.noteMargin
        settings.measure = nil
        settings.facingPages = false
        let paginator = Paginator(text: text, settings: settings, advances: layout.paginator.advances, structure: structure,
                                  shaper: layout.paginator.shaper)
        let (lines, height) = paginator.passage(note.range)
        var shown = text.string(note.range)
        while shown.last?.isNewline == true { shown.removeLast() }
        // Its links, by the characters they cover.
        let bytes = text.byteOffset(ofScalar: note.range.lowerBound)..<text.byteOffset(ofScalar: note.range.upperBound)
        let links = (structure?.links ?? []).filter { $0.range.overlaps(bytes) }.map { link in
            (range: text.scalarOffset(ofByte: link.range.lowerBound)..<text.scalarOffset(ofByte: link.range.upperBound), href: link.href)
        }
        open(NotePanel(href: href, text: shown.trimmingSpaces(), lines: lines, fontSize: settings.fontSize,
                       contentHeight: Double(height), links: links))
        return true
    }
}
