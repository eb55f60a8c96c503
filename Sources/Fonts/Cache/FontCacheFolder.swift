import FoundationEssentials
import FileWriting

/// Where the fonts' caches live: `$XDG_CACHE_HOME/pageturn/fonts` (`~/.cache/pageturn/fonts`),
/// beside the page cache. The caches there (`FontLocationCache`, `FallbackCache`, `AdvanceTableCache`) are
/// only ever a shortcut: a file that is missing, damaged or stale is ignored and written again.
public enum FontCacheFolder {
    /// The default folder.
    public static var standard: URL {
        UserFolders.cache().appendingPathComponent("pageturn").appendingPathComponent("fonts")
    }
}
