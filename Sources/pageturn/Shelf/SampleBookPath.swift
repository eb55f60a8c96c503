import FileWriting

/// Where the bundled sample book is, for a shelf with nothing else on it.
enum SampleBookPath {
    static func find() -> String? {
        CacheFile.isRegularFile(ReadCommand.sampleBook) ? ReadCommand.sampleBook : nil
    }

    /// The sample, or a one-line error saying it is not installed.
    static func required() throws -> String {
        guard let path = find() else { throw UserError("the bundled sample book is not installed (reinstall with make install)") }
        return path
    }
}
