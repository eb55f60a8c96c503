import FileWriting
import FoundationEssentials
@preconcurrency import Glibc
import Library

/// Gathering the shelf for a command: the folders given remembered, problems reported on
/// standard error one line each, progress shown on a terminal while many books are read.
enum ShelfGathering {
    /// Where a shelf looks: the folders given (remembered for later shelves when the reading
    /// states are kept), else the remembered ones, else the defaults; `history` false for a
    /// run that keeps no reading state (a script without `--state-dir`).
    static func places(libraries: [String], stateDir: String?, cacheDir: String?, history: Bool = true) throws
        -> ShelfListing.Places {
        let stateDirectory = stateDir.map { URL(fileURLWithPath: $0) }
        let folders = try libraries.map(absoluteFolder)
        if !folders.isEmpty && history {
            let file = ShelfSettings.file(in: stateDirectory)
            var (settings, _) = ShelfSettings.load(from: file)
            if settings.add(folders: folders) {
                do { try settings.save(to: file) } catch { report("the library folders were not remembered: \(error)") }
            }
        }
        return ShelfListing.Places(folders: folders.isEmpty ? (history ? nil : []) : folders, stateDirectory: stateDirectory,
                                   cacheDirectory: cacheDir.map { URL(fileURLWithPath: $0) }, sample: SampleBook.found(),
                                   history: history)
    }

    /// The shelf from `places`: problems reported on standard error one line each, progress
    /// shown on a terminal while many new books are read.
    static func gather(_ places: ShelfListing.Places) -> ShelfListing {
        let showsProgress = isatty(2) != 0
        let listing = ShelfListing.gather(places) { done, total in
            guard showsProgress, total >= 200, done % 100 == 0 || done == total else { return }
            StandardError.write("\rreading the library: \(done) of \(total) new books" + (done == total ? "\n" : ""))
        }
        for problem in listing.problems { report(problem) }
        return listing
    }

    /// `path` made absolute (against the current folder); a folder that is not there is refused.
    static func absoluteFolder(_ path: String) throws -> String {
        var info = stat()
        guard stat(path.fileSystemPath, &info) == 0 else { throw UserError("no such folder: \(path)") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw UserError("\(path) is not a folder") }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static func report(_ line: String) {
        StandardError.write("pageturn: " + PrintableText.escaped(line) + "\n")
    }
}
