/// The files of a book besides its text, by their path inside it (an EPUB's pictures and
/// fonts): read when a page first draws one or the fonts are opened, so a book opened from
/// the cache never opens its archive until then.
public protocol BookFiles: AnyObject, Sendable {
    /// The bytes of the file at `path`; throws, with a reason that reads as one line, when
    /// the book lacks it or it cannot be read.
    func data(at path: String) throws -> [UInt8]
    /// What the file at `path` is called in messages and listings (the book's path and the
    /// file's inside it); by default `path` itself.
    func displayName(of path: String) -> String
}

extension BookFiles {
    public func displayName(of path: String) -> String { path }
}
