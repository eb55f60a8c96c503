/// Why a book could not be decoded. `description` is one line a reader can act on.
public enum TextDecodingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The bytes are not text: a NUL code unit in the first 8 KiB. `path` is nil when
    /// the bytes did not come from a file; `offset` is the byte offset of the NUL.
    case notText(path: String?, offset: Int)
    /// The encoding name given is neither a known alias nor a name iconv accepts.
    case unknownEncoding(String)
    /// Nothing exists at the path (or a folder on the way is missing).
    case fileNotFound(path: String)
    /// The path names a directory.
    case isDirectory(path: String)
    /// The file exists but could not be read; `reason` is the system's message.
    case cannotRead(path: String, reason: String)
    /// The file is larger than ``TextDecoder/maximumFileSize``.
    case fileTooLarge(path: String, size: Int, limit: Int)
    /// A file read as a stream (a FIFO, a device such as `/dev/zero`, a `/proc` file) went on
    /// past the limit; `kind` says what it is ("a character device"). Reading stopped there.
    case streamTooLarge(path: String, kind: String, limit: Int)

    /// One line that says what went wrong and with which file or name.
    public var description: String {
        switch self {
        case .notText(let path?, let offset):
            return "'\(path)' is not a text file (it has a NUL byte at offset \(offset))."
        case .notText(nil, let offset):
            return "The data is not text (it has a NUL byte at offset \(offset))."
        case .unknownEncoding(let name):
            return "Unknown text encoding '\(name)'; try one of "
                + TextEncoding.commonNames.joined(separator: ", ") + "."
        case .fileNotFound(let path):
            return "No such file: '\(path)'."
        case .isDirectory(let path):
            return "'\(path)' is a directory, not a text file."
        case .cannotRead(let path, let reason):
            return "Cannot read '\(path)': \(reason)."
        case .fileTooLarge(let path, let size, let limit):
            return "'\(path)' is too large to open as a book (\(size / 1_048_576) MiB; "
                + "the limit is \(limit / 1_048_576) MiB)."
        case .streamTooLarge(let path, let kind, let limit):
            return "'\(path)' is \(kind) larger than the \(limit / 1_048_576) MiB limit for a book."
        }
    }
}
