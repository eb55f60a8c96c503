/// The files of a book besides its text, by their path inside it (an EPUB's pictures): read
/// when a page first draws one, so a book opened from the cache never opens its archive
/// until then.
public protocol BookFiles: AnyObject, Sendable {
    /// The bytes of the file at `path`; throws, with a reason that reads as one line, when
    /// the book lacks it or it cannot be read.
    func data(at path: String) throws -> [UInt8]
}
