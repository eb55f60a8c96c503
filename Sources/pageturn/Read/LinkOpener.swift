@preconcurrency import Glibc
import Reader
import WorkerThreads

/// Opens a link out of the book with the desktop's own handler: `xdg-open URL`, the URL one
/// argument of its own (no shell reads it), in a session of its own (`POSIX_SPAWN_SETSID`:
/// the reader's Ctrl+C is not the browser's), started on a thread that waits for it, so the
/// window never waits and no process is left a zombie. The session only hands over
/// `http:`, `https:` and `mailto:` links the reader agreed to (`ReaderSession.opensOutside`).
enum LinkOpener {
    /// glibc's `POSIX_SPAWN_SETSID` (`spawn.h`, a GNU extension Swift's Glibc does not show).
    static let newSession: Int16 = 0x80

    static func open(_ url: String) {
        guard ReaderSession.opensOutside(url) else { return }
        WorkerThread.start {
            let arguments = ["xdg-open", url]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, Self.newSession)
            var pid = pid_t()
            guard posix_spawnp(&pid, "xdg-open", nil, &attributes, &argv, environ) == 0 else { return }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
    }
}
