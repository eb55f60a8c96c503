import SystemPackage

/// The parts of a path, as swift-system's `FilePath` reads them (the command does without
/// Foundation's `NSString` path methods: it links only `FoundationEssentials`, a start-up a
/// third shorter).
///
/// A trailing `/` does not start another component, and only the last component's last `.`
/// starts an extension, unless it is the component's first character (`.bashrc` has none).
/// A joined path is `FilePath`'s: repeated slashes become one (`a//b` + `c` → `a/b/c`).
public enum PathName {
    /// `name` inside `folder`: `("books", "a.txt")` → `books/a.txt`, `("books/", …)` the
    /// same, `("", "a.txt")` → `a.txt`.
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        return FilePath(folder).appending(String(name.drop { $0 == "/" })).string
    }

    /// The last component: `/books/a.txt` → `a.txt`, `/books/` → `books`, `/` → `/`.
    public static func lastComponent(_ path: String) -> String {
        FilePath(path).lastComponent?.string ?? (path.hasPrefix("/") ? "/" : path)
    }

    /// `name` without its extension: `a.txt` → `a`, `a.b.txt` → `a.b`; `.bashrc`, `..` and `a`
    /// as they are, `dir.d/a` as it is (the dot is not in the last component).
    public static func deletingExtension(_ name: String) -> String {
        var path = FilePath(name)
        guard path.extension != nil else { return name }
        path.extension = nil
        return path.string
    }

    /// The book's name as a title comes from it: the last component without its extension.
    public static func stem(_ path: String) -> String {
        FilePath(path).lastComponent?.stem ?? lastComponent(path)
    }
}
