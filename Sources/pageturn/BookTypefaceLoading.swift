import FileWriting
import Fonts
import Pagination
import Synchronization

/// The commands' way to a book's own typefaces (`BookTypefaces`): opened from its files and
/// added to a font set when `--publisher-fonts` is on, a typeface the reader's chosen face
/// replaces for the body left out; each font that could not be used said once on standard
/// error.
enum BookTypefaceLoading {
    private static let said = Mutex<Set<String>>([])

    /// `set` with the typefaces `structure` names, from `files`, as `request` asks.
    static func adding(to set: FontSet, structure: DocumentStructure?, files: (any BookFiles)?,
                       request: BookFonts.Request) -> FontSet {
        guard request.publisherFonts, let structure, !structure.typefaces.isEmpty, let files else { return set }
        let opened = BookTypefaces.open(structure.typefaces, files: files, replacingBody: request.choosesTextFace)
        for failure in opened.failures where said.withLock({ $0.insert(failure).inserted }) {
            StandardError.write("pageturn: warning: the book's font is not used: \(PrintableText.escaped(failure))\n")
        }
        LaunchTrace.mark("book's typefaces opened")
        return opened.isEmpty ? set : set.withTypefaces(opened.faces)
    }
}
