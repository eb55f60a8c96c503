import FoundationEssentials
@preconcurrency import Glibc

/// The bundled sample book, which the shelf shows when it has nothing else to show (and
/// `read` opens with no display and no book). It is looked for beside the running program,
/// never in the current folder:
///
/// 1. where `make install` puts it: `<prefix>/share/pageturn/books/alice-excerpt.txt` for a
///    program in `<prefix>/bin`;
/// 2. in the repository the program was built in: the first `assets/books/alice-excerpt.txt`
///    in the program's folder or one of the few above it (`.build/<triple>/debug` is three
///    below the repository).
///
/// The program is found through `/proc/self/exe`, which names the file itself (links
/// resolved), whatever folder it was started from and however it was named.
enum SampleBook {
    static let fileName = "alice-excerpt.txt"
    /// Where the sample sits under an installation's prefix.
    static let installedFolder = "share/pageturn/books"
    /// Where it sits in the repository.
    static let repositoryPath = "assets/books/" + fileName
    /// How many folders above the program's own are searched for the repository.
    static let levelsUp = 4

    /// The sample's path, or a one-line error naming where it was looked for.
    static func path() throws -> String {
        let program: String
        do {
            program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        } catch {
            throw UserError("no book given, and the bundled sample cannot be looked for (/proc/self/exe: \(error)): name a book")
        }
        if let found = locate(program: program) { return found }
        let folder = parent(program)
        throw UserError("no book given, and the bundled sample is missing: neither \(installedPath(programFolder: folder)) "
                        + "nor \(repositoryPath) in \(folder) or the \(levelsUp) folders above it exists; name a book")
    }

    /// The sample's path, or nil when it cannot be found.
    static func found() -> String? {
        guard let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return locate(program: program)
    }

    /// The sample for the program at `program` (an absolute path), the installed copy first.
    static func locate(program: String) -> String? {
        var folder = parent(program)
        let installed = installedPath(programFolder: folder)
        if isReadableFile(installed) { return installed }
        for _ in 0...levelsUp {
            let candidate = folder == "/" ? "/" + repositoryPath : folder + "/" + repositoryPath
            if isReadableFile(candidate) { return candidate }
            if folder == "/" { break }
            folder = parent(folder)
        }
        return nil
    }

    /// `<prefix>/share/pageturn/books/alice-excerpt.txt` for a program in `<prefix>/bin`.
    static func installedPath(programFolder: String) -> String {
        let prefix = parent(programFolder)
        return (prefix == "/" ? "" : prefix) + "/" + installedFolder + "/" + fileName
    }

    /// The folder holding `path` (an absolute path); `/` for `/` and for a file in it.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// A regular file (links followed) this process may read.
    private static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, R_OK) == 0
    }
}
