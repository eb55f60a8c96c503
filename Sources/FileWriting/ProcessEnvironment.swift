#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read one at a time with `getenv`.
///
/// Foundation's `ProcessInfo.environment` copies every variable into a new dictionary on each
/// use; its first use costs about 0.4 ms, which every start-up paid (the launch trace's flag,
/// the window guess, the cache folder) before doing any work. A look-up here costs a
/// fraction of a microsecond.
public enum ProcessEnvironment {
    /// The value of the variable `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set, by name: for functions that take an
    /// environment as a dictionary (tests hand them their own).
    public static func values(_ names: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for name in names {
            if let value = value(name) { found[name] = value }
        }
        return found
    }
}
