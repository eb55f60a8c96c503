import Pagination
import PictureFiles

/// The files of an EPUB, by their path inside it: a ZIP read with libzip (`ZipContainer`), or an
/// unzipped EPUB's folder (`FolderContainer`). Nothing is extracted to disk.
protocol EPUBContainer: AnyObject {
    /// The bytes of the file at `path` (a path inside the book, as `EPUBPath` resolves it).
    func data(at path: String) throws(EPUBError) -> [UInt8]
    /// Whether the book holds a file at `path`.
    func contains(_ path: String) -> Bool
    /// The size the file at `path` says it has (0 when unknown), to weigh work by.
    func statedSize(of path: String) -> Int
    /// The first `count` bytes of the file at `path` (all of it when shorter): a picture's
    /// header, read without inflating the whole picture.
    func prefix(at path: String, count: Int) throws(EPUBError) -> [UInt8]
}

extension EPUBContainer {
    func prefix(at path: String, count: Int) throws(EPUBError) -> [UInt8] { Array(try data(at: path).prefix(count)) }

    /// The header of the picture at `path` as the layout takes it (an SVG's size only its
    /// shape: `PictureHeader.sizedForLayout`), read from its first bytes; nil when the book
    /// lacks it or it is no picture.
    func readPictureHeader(at path: String) -> PictureHeader? {
        (try? prefix(at: path, count: PictureHeader.bytesNeeded)).flatMap(PictureHeader.read)?
            .sizedForLayout(within: DocumentStructure.Picture.largestPixelCount)
    }
}

/// The limits an EPUB's files are read within: no file the book holds is believed about its
/// own size.
enum ContainerLimits {
    /// The most bytes one file of a book may inflate to: 64 MiB (a chapter of text is rarely
    /// past 1 MiB; the largest pictures of illustrated books about 20 MiB).
    static let largestFile = 64 << 20
    /// The most a file past `ratioCheckedFrom` bytes may inflate, per byte stored: 100 (text
    /// deflates 3 to 10 times; a zip bomb a thousand times and more).
    static let largestRatio = 100
    static let ratioCheckedFrom = 1 << 20

    /// The most all the files read from one book may inflate to together: 40 times what the
    /// archive stores, at least 64 MiB (a book of text inflates 3 to 5 times, one of pictures
    /// barely at all; a hundred small bombs under the per-file ratio would pass one by one).
    static func bookBudget(stored: Int) -> Int {
        max(largestFile, min(Int.max / 64, stored) * 40)
    }
}
