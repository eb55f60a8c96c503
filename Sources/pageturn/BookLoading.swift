import FileWriting
import Fonts
import Foundation
import Pagination
import TextDecoding

/// The command line's way into `BookFonts`: the faces `--font` and `--cjk-font` name (the
/// book faces for what they leave out), with the read-ahead's coverage of the book
/// (`EarlyBookLoad`), each step marked in the launch trace and a failure worded as one line.
extension BookFonts {
    /// The fonts `options` name, measured at its size, with fallbacks for `text`'s characters.
    /// The book's `language` (detected from `text` when not given) picks the CJK cut and ranks
    /// fallbacks. With `openingShaperAhead`, HarfBuzz's fonts are opened on the other core
    /// while this one reads the advance table (`LayoutPreload`), for a layout that starts at once.
    static func load(_ options: LayoutOptions, for text: BookText? = nil, language: ContentLanguage? = nil,
                     openingShaperAhead: Bool = false) throws -> BookFonts {
        let (set, fallback) = try loadSet(options.faces, for: text, language: language)
        if openingShaperAhead { LayoutPreload.startFonts(of: set) }
        let fonts = BookFonts(set: set, fallback: fallback, pixelSize: options.size)
        LaunchTrace.mark("advance table ready")
        return fonts
    }

    /// The font set alone (no advance table yet), with fallbacks for `text`'s characters.
    static func loadSet(_ faces: Request, for text: BookText? = nil, language: ContentLanguage? = nil) throws
        -> (set: FontSet, fallback: FallbackChoice?) {
        let language = language ?? text.flatMap(ContentLanguage.detect)
        let coverage = text.map { EarlyBookLoad.coverage(of: $0) ?? TextCoverage($0) }
        do {
            return try openSet(faces, coverage: coverage, language: language, trace: { LaunchTrace.mark($0) })
        } catch {
            throw UserError(error.description)
        }
    }

    /// The text face and fallbacks' fingerprint as the page cache's key names it (hexadecimal).
    var fingerprint: String { String(set.fingerprint, radix: 16) }
}

/// Reading and decoding book files, with errors worded for the terminal.
enum BookLoading {
    /// Throws the line `load` would for a book that is missing, a folder or unreadable, without
    /// reading it (a FIFO's writer gives its text once, to `load`): `read` says so before
    /// any window opens.
    static func checkOpenable(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UserError("no such file: \(path)")
        }
        if isDirectory.boolValue { throw UserError("\(path) is a folder, not a book") }
        guard access(path, R_OK) == 0 else { throw UserError("cannot read \(path): \(SystemReason.words(errno))") }
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
