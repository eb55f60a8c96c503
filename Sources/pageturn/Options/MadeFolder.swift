import FileWriting
import FoundationEssentials
@preconcurrency import Glibc

/// New folders with names no one could have guessed.
enum MadeFolder {
    /// A new folder `PREFIX` + six random characters in `base`, made by `mkdtemp` (its
    /// owner's alone, 0700); its path, or a one-line error about `what` it was for.
    static func unique(in base: String, prefix: String, what: String) throws -> String {
        var template = Array(PathName.joined(base, prefix + "XXXXXX").utf8CString)
        var failure: Int32 = 0
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let name = mkdtemp(buffer.baseAddress!) else {
                failure = errno
                return nil
            }
            return String(cString: name)
        }
        guard let made else {
            throw UserError("cannot make \(what) in \(base): \(SystemReason.words(failure))")
        }
        return made
    }
}
