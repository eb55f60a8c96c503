import Foundation

/// Where the fonts' caches live: `$XDG_CACHE_HOME/pageturn/fonts` (`~/.cache/pageturn/fonts`),
/// beside the page cache. Both caches there (`FontLocationCache`, `AdvanceTableCache`) are
/// only ever a shortcut: a file that is missing, damaged or stale is ignored and written again.
public enum FontCacheFolder {
    /// The default folder.
    public static var standard: URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache")
        return base.appendingPathComponent("pageturn").appendingPathComponent("fonts")
    }
}
