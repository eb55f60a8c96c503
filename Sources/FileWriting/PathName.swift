/// The parts of a path, by the rules of Foundation's `NSString` path methods (which the
/// command does without: it links only `FoundationEssentials`, a start-up a third shorter).
///
/// Paths are strings; a trailing `/` does not start another component, and only the last
/// component's last `.` starts an extension, unless it is the component's first character
/// (`.bashrc` has none).
public enum PathName {
    /// `name` inside `folder`: `("books", "a.txt")` → `books/a.txt`, `("books/", …)` the
    /// same, `("", "a.txt")` → `a.txt`.
    public static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        var joined = folder
        while joined.count > 1 && joined.hasSuffix("/") { joined.removeLast() }
        if !joined.hasSuffix("/") { joined += "/" }
        return joined + name.drop { $0 == "/" }
    }

    /// The last component: `/books/a.txt` → `a.txt`, `/books/` → `books`, `/` → `/`.
    public static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "/" { return "/" }
        if let slash = trimmed.lastIndex(of: "/") { return String(trimmed[trimmed.index(after: slash)...]) }
        return String(trimmed)
    }

    /// `name` without its extension: `a.txt` → `a`, `a.b.txt` → `a.b`; `.bashrc`, `..` and `a`
    /// as they are, `dir.d/a` as it is (the dot is not in the last component).
    public static func deletingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name.hasSuffix("/..") && name != ".." else { return name }
        let afterSlash = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        guard dot > afterSlash else { return name }
        return String(name[..<dot])
    }

    /// The book's name as a title comes from it: the last component without its extension.
    public static func stem(_ path: String) -> String {
        deletingExtension(lastComponent(path))
    }
}
