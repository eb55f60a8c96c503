import EPUB
import FileWriting
import Pagination
import TextDecoding
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a shelf shows of a book without opening it for reading: its title, author, language
/// and direction, and where its cover is. Read by content, as the reader opens books: a ZIP
/// (or a folder holding `META-INF/container.xml`) is an EPUB, whose package document gives
/// them (`EPUBBook.metadata`); anything else is a plain-text book, whose first few kilobytes
/// are decoded (`TextDecoder`) and read for a header (`TextHeader`) and a language
/// (`ContentLanguage.detect`).
public struct BookMetadata: Sendable, Equatable, Codable {
    /// How the book is stored.
    public enum Format: String, Sendable, Codable {
        case epub, text
    }

    public var format: Format
    public var title: String
    public var author: String?
    /// A BCP 47 tag: the book's `dc:language`, a Gutenberg header's `Language:`, or the one
    /// its letters suggest; nil when none is clear.
    public var language: String?
    /// Whether the title reads right to left (the title's `dir`, else its first strong letter).
    public var rightToLeft: Bool
    /// Whether the author's name reads right to left (the first creator's `dir`, EPUB 3.3
    /// §5.4.1.5, else its first strong letter).
    public var authorRightToLeft: Bool
    /// The cover picture's path inside an EPUB (its manifest's `cover-image`); nil for none.
    public var coverPath: String?
    /// Why the book cannot be read (a broken EPUB, a file that is not text), in one line; nil
    /// for a book that can. A shelf shows such a book marked, under its file's name.
    public var problem: String?

    public init(format: Format, title: String, author: String? = nil, language: String? = nil,
                rightToLeft: Bool = false, authorRightToLeft: Bool? = nil, coverPath: String? = nil, problem: String? = nil) {
        self.format = format
        self.title = title
        self.author = author
        self.language = language
        self.rightToLeft = rightToLeft
        self.authorRightToLeft = authorRightToLeft ?? author.map(Self.startsRightToLeft) ?? false
        self.coverPath = coverPath
        self.problem = problem
    }

    /// How much of a text file is read for its header and language.
    static let textBytesRead = 16 << 10

    /// The metadata of the book at `path` (a file or an unzipped EPUB's folder). Never throws:
    /// a book that cannot be read has a `problem` and its file's name as its title.
    public static func read(path: String) -> BookMetadata {
        if EPUBBook.isEPUB(path: path) { return epub(path: path) }
        return text(path: path)
    }

    static func epub(path: String) -> BookMetadata {
        let name = PathName.stem(path)
        do {
            let m = try EPUBBook.metadata(path: path)
            let title = m.title ?? name
            let rtl = m.titleDirection.map { $0 == "rtl" } ?? Self.startsRightToLeft(title)
            let author = Self.author(creators: m.creators)
            return BookMetadata(format: .epub, title: title, author: author, language: m.language, rightToLeft: rtl,
                                authorRightToLeft: m.creatorDirection.map { $0 == "rtl" }, coverPath: m.coverPath)
        } catch {
            return BookMetadata(format: .epub, title: name, problem: "\(error)")
        }
    }

    /// The author a shelf and the reader show for an EPUB's `dc:creator`s: the first three,
    /// separated by commas; nil for none.
    public static func author(creators: [String]) -> String? {
        creators.isEmpty ? nil : creators.prefix(3).joined(separator: ", ")
    }

    static func text(path: String) -> BookMetadata {
        let name = PathName.stem(path)
        let head: [UInt8]
        switch Self.head(of: path) {
        case .failure(let reason): return BookMetadata(format: .text, title: name, problem: reason.description)
        case .success(let bytes): head = bytes
        }
        let decoded: DecodedText
        do {
            decoded = try TextDecoder.decode(head)
        } catch {
            return BookMetadata(format: .text, title: name, problem: error.description)
        }
        let header = TextHeader(head: decoded.text, path: path)
        let detected = decoded.utf8.withUnsafeBufferPointer { ContentLanguage.detect(inUTF8: $0) }
        let language = header.languageTag ?? detected?.tag
        return BookMetadata(format: .text, title: header.title, author: header.author, language: language,
                            rightToLeft: Self.startsRightToLeft(header.title))
    }

    /// The file's first `textBytesRead` bytes, cut after its last line feed when it is longer
    /// (so no character is cut in two; a UTF-16 text keeps an even count), or why not.
    static func head(of path: String) -> Result<[UInt8], Failure> {
        let fd = open(path.fileSystemPath, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure("cannot open it: \(SystemReason.words(errno))")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(Failure("it is not a file")) }
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), textBytesRead))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return .failure(Failure("cannot read it: \(SystemReason.words(errno))")) }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        if count == 0 { return .failure(Failure("the file is empty")) }
        if Int(info.st_size) > count, let lastLine = bytes.lastIndex(of: 0x0A) {
            let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            var end = lastLine + 1
            if utf16 && end % 2 == 1 { end += 1 }
            bytes.removeSubrange(min(end, bytes.count)...)
        }
        return .success(bytes)
    }

    /// A one-line reason a book could not be read.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Whether `text`'s first letter is right to left, roughly as UAX #9's rules P2–P3 find a
    /// paragraph's direction: a letter in the blocks of the scripts of Bidi_Class R and AL
    /// (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms) before any other
    /// letter. The layout finds the exact direction when it sets the title; this only says
    /// which side a cover's lines start on.
    public static func startsRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0x0590...0x08FF).contains(v) || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
                || (0x10800...0x10FFF).contains(v) || (0x1E800...0x1EFFF).contains(v) { return true }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }
}
