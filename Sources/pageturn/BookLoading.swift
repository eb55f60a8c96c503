import FileWriting
import Fonts
import FoundationEssentials
@preconcurrency import Glibc
import Pagination
import TextDecoding

/// Reading and decoding book files, with errors worded for the terminal.
enum BookLoading {
    /// Throws the line `load` would for a book that is missing, a folder or unreadable, without
    /// reading it (a FIFO's writer gives its text once, to `load`): `read` says so before
    /// any window opens.
    /// With `folderAllowed`, a folder passes (an unzipped EPUB).
    static func checkOpenable(path: String, folderAllowed: Bool = false) throws {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0 else { throw UserError("no such file: \(path)") }
        if info.st_mode & S_IFMT == S_IFDIR {
            if folderAllowed { return }
            throw UserError("\(path) is a folder, not a book")
        }
        guard access(path.fileSystemPath, R_OK) == 0 else { throw UserError("cannot read \(path): \(SystemReason.words(errno))") }
    }

    /// Decodes `bytes` (consumed: the only reference lets UTF-8 be normalized in place).
    static func decode(bytes: consuming [UInt8], encoding: String?, path: String) throws -> DecodedText {
        do {
            return try TextDecoder.decode(bytes, encoding: encoding)
        } catch {
            throw UserError("\(path): \(error.description)")
        }
    }

    /// Reads and decodes a book through `TextDecoder.decodeFile`, which refuses folders,
    /// files over 1 GiB and files that are not text, each with one clear line.
    static func load(path: String, encoding: String?) throws -> DecodedText {
        if let early = EarlyBookLoad.take(path: path, encoding: encoding) { return early }
        do {
            return try TextDecoder.decodeFile(atPath: path, encoding: encoding)
        } catch {
            switch error {
            case .fileNotFound: throw UserError("no such file: \(path)")
            case .isDirectory: throw UserError("\(path) is a folder, not a book")
            case .streamTooLarge(_, let kind, let limit):
                throw UserError("\(path) is \(kind) larger than the \(limit / 1_048_576) MiB limit for a book")
            default: throw UserError("\(path): \(error.description)")
            }
        }
    }
}
