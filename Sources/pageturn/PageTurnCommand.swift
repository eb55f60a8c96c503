import ArgumentParser
import FileWriting
import Fonts
import FoundationEssentials
@preconcurrency import Glibc
import PageTurner
import TextDecoding
import WorkerThreads

/// The `pageturn` command: read, paginate and lay out books, inspect line breaks, replay and study gestures.
@main
struct PageTurnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pageturn",
        abstract: "A page-turning reader engine: pagination, line breaking and page-turn gestures.",
        subcommands: [
            PaginateCommand.self,
            LinebreakCommand.self,
            SimulateCommand.self,
            GesturesCommand.self,
            ReadCommand.self,
            RenderCommand.self,
            LayoutCommand.self,
            ShelfCommand.self,
            FindCommand.self,
            AnnotationsCommand.self,
        ],
        // `pageturn` alone opens the shelf, as a reader's icon does.
        defaultSubcommand: ReadCommand.self)

    /// Runs the command; every failure, including a malformed command line, is one line on
    /// standard error (`pageturn: error: …`) and a non-zero exit status.
    static func main() {
        // Two malloc arenas at most: each thread's own would reserve 64 MB of address space
        // (more than a book's pages take), and under `ulimit -v` that is what runs out. The
        // work runs on two threads; their allocations contend little.
        WorkerThread.limitMallocArenas(to: 2)
        MemoryLimit.reportExhaustion()
        FontLocator.checkConfigurationFile()
        unblockQuitSignals()
        LaunchTrace.begin()
        EarlyPreload.startIfWindowLikely()
        EarlyBookLoad.startIfBookLikely()
        do {
            // The arguments as the system gave them: a file name that is not UTF-8 keeps its bytes.
            var command = try parseAsRoot(Array(SystemPath.arguments().dropFirst()))
            try command.run()
            checkStandardOutput()
        } catch is AlreadyReported {
            Glibc.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                checkStandardOutput()
                Glibc.exit(code.rawValue)
            }
            let message = self.message(for: error)
            // ArgumentParser's own messages may quote what was typed: escaped like UserError's.
            let firstLine = PrintableText.escaped(oneLine(message))
            StandardError.write("pageturn: error: \(firstLine)\n")
            Glibc.exit(code.rawValue == 0 ? Int32(1) : code.rawValue)
        }
    }

    /// Unblocks SIGINT, SIGTERM and SIGHUP before any thread starts (each inherits the mask): a
    /// parent may start the command with them blocked (a program spawning it from a thread
    /// that blocks them, as a dispatch queue's does), and a blocked signal would wait for
    /// ever instead of ending `paginate` or asking the reader to quit.
    static func unblockQuitSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Flushes what `print` wrote (the C library buffers it) and checks it was written: a
    /// failed write (a full disk, `> /dev/full`) is one line and exit status 1, never a
    /// silent success with nothing written.
    static func checkStandardOutput() {
        let flushed = fflush(stdout) == 0
        let reason = flushed ? nil : String(cString: strerror(errno))
        guard !flushed || ferror(stdout) != 0 else { return }
        StandardError.write("pageturn: error: cannot write standard output: \(reason ?? "a write failed")\n")
        Glibc.exit(1)
    }

    /// An error message as one line: its first line, with the list ArgumentParser puts on the
    /// lines after one that ends in a colon ("Please provide one of the following:", then
    /// "  - books" …) joined onto it ("… one of the following: books, gestures").
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingSpaces() }
        guard var first = lines.first, !first.isEmpty else { return "failed" }
        if first.hasSuffix(":") {
            let items = lines.dropFirst().prefix { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
            if !items.isEmpty { first += " " + items.joined(separator: ", ") }
        }
        return first
    }
}
