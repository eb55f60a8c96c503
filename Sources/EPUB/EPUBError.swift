/// Why a book cannot be opened as an EPUB, in words for one line of the terminal (the caller
/// names the file).
public enum EPUBError: Error, Equatable, CustomStringConvertible {
    /// The file is no ZIP, or its `mimetype` is missing, misplaced or wrong.
    case notEPUB(String)
    /// The ZIP itself is damaged or uses what EPUB forbids (encryption, another method).
    case badArchive(String)
    /// A file the book needs is not in it (`container.xml`, the package, a spine document).
    case missing(String)
    /// An entry inflates past the limit.
    case tooLarge(String)
    /// An XML document the book needs is not well-formed, or lacks what it must hold.
    case malformed(String)
    /// libzip or libxml2 cannot be opened.
    case libraryMissing(String)

    public var description: String {
        switch self {
        case .notEPUB(let why): "not an EPUB: \(why)"
        case .badArchive(let why): "damaged EPUB: \(why)"
        case .missing(let what): "the EPUB lacks \(what)"
        case .tooLarge(let what): what
        case .malformed(let why): why
        case .libraryMissing(let what): what
        }
    }
}
