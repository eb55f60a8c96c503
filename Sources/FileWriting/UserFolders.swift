import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The user's base folders, by the XDG Base Directory specification: `$XDG_CACHE_HOME` and
/// `$XDG_STATE_HOME` when set to an absolute path, else `~/.cache` and `~/.local/state`.
///
/// The home folder is `$HOME` when set (as glib and the specification take it), else the
/// password database's entry (`getpwuid`), looked up once.
public enum UserFolders {
    /// The home folder.
    public static let home: String = {
        if let home = ProcessEnvironment.value("HOME"), home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir, dir.pointee != 0 { return String(cString: dir) }
        return "/"
    }()

    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public static func cache(environment: [String: String] = ProcessEnvironment.values(["XDG_CACHE_HOME"])) -> URL {
        base("XDG_CACHE_HOME", default: ".cache", environment: environment)
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public static func state(environment: [String: String] = ProcessEnvironment.values(["XDG_STATE_HOME"])) -> URL {
        base("XDG_STATE_HOME", default: ".local/state", environment: environment)
    }

    /// `$name` when it is an absolute path (the specification ignores a relative one), else
    /// `~/fallback`.
    public static func base(_ name: String, default fallback: String, environment: [String: String]) -> URL {
        if let value = environment[name], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return URL(fileURLWithPath: home).appendingPathComponent(fallback)
    }
}
