@preconcurrency import Glibc
import FileWriting
import FoundationEssentials

/// Lets Xlib keep the input method's compiled compose table in PageTurn's cache folder.
///
/// SDL opens an X input method when its video starts, and Xlib then parses the locale's
/// Compose file (C.UTF-8 and en_US.UTF-8 use one of about 5,000 sequences): 8–11 ms of every
/// launch, on the main thread, before the window. Xlib can keep the parsed table in a file
/// and map it the next time (measured: 11 ms → 0.7 ms), but only for a user who is not root
/// and only in `$XCOMPOSECACHE` or an existing `~/.compose-cache`. When neither is there,
/// `prepare()` names `$XDG_CACHE_HOME/pageturn/compose` (made private to the user, as Xlib
/// requires). The table stays Xlib's: a new Compose file or locale gets a new cache file.
public enum ComposeCache {
    /// The folder to name in `XCOMPOSECACHE`, or nil when Xlib has a cache already, would use
    /// none (root) or there is no home to put one in.
    static func folder(environment: [String: String], home: String?, isRoot: Bool,
                       exists: (String) -> Bool) -> String? {
        guard !isRoot, environment["XCOMPOSECACHE"] == nil, let home, !home.isEmpty else { return nil }
        if exists(home + "/.compose-cache") { return nil }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
        return cache + "/pageturn/compose"
    }

    /// Names the folder in `XCOMPOSECACHE` (making it) when `folder` gives one. Sets an
    /// environment variable: call before any other thread starts.
    public static func prepare() {
        let env = ProcessEnvironment.values(["XCOMPOSECACHE", "XDG_CACHE_HOME", "HOME"])
        guard let path = folder(environment: env, home: env["HOME"], isRoot: geteuid() == 0,
                                exists: { FileManager.default.fileExists(atPath: $0) }) else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return  // no cache: Xlib parses the file as before
        }
        setenv("XCOMPOSECACHE", path, 0)
    }
}
