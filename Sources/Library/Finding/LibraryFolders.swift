import FileWriting
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The folders a shelf finds books in when the person named none (`--library`): the
/// documents folder of the XDG user directories, and `~/Books`, each when it exists.
///
/// The documents folder is `$XDG_DOCUMENTS_DIR` when set to an absolute path, else the
/// `XDG_DOCUMENTS_DIR` line of `$XDG_CONFIG_HOME/user-dirs.dirs` (`~/.config/user-dirs.dirs`),
/// read as xdg-user-dirs writes it and its specification says: `XDG_DOCUMENTS_DIR="$HOME/Documents"`,
/// the value a quoted absolute path or one starting `$HOME/`; a value that is the home folder
/// itself means the folder is disabled. Else `~/Documents` when it exists.
public enum LibraryFolders {
    /// The default library folders that exist, in order: the documents folder, then `~/Books`.
    public static func defaults(environment: [String: String] = ProcessEnvironment.values(
        ["XDG_DOCUMENTS_DIR", "XDG_CONFIG_HOME"]), home: String = UserFolders.home) -> [String] {
        var folders: [String] = []
        if let documents = documentsFolder(environment: environment, home: home) { folders.append(documents) }
        folders.append(PathName.joined(home, "Books"))
        var unique: [String] = []
        for folder in folders where isFolder(folder) && !unique.contains(folder) { unique.append(folder) }
        return unique
    }

    /// The XDG documents folder, as above (whether it exists is not asked); nil when disabled.
    static func documentsFolder(environment: [String: String], home: String) -> String? {
        if let value = environment["XDG_DOCUMENTS_DIR"], value.hasPrefix("/") { return value }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? PathName.joined(home, ".config")
        if let bytes = CacheFile.read(PathName.joined(config, "user-dirs.dirs"), limit: 64 << 10),
           let value = userDirsValue(String(decoding: bytes, as: UTF8.self), key: "XDG_DOCUMENTS_DIR", home: home) {
            return trimmedSlashes(value) == trimmedSlashes(home) ? nil : value
        }
        return PathName.joined(home, "Documents")
    }

    /// `key`'s value in a `user-dirs.dirs` file: a line `KEY="VALUE"` (comments start with
    /// `#`), VALUE an absolute path or `$HOME/…` (the only variable the format allows), its
    /// `\"`, `\\` and `\$` unescaped. Nil when the file has no such line or its value is
    /// neither.
    static func userDirsValue(_ file: String, key: String, home: String) -> String? {
        var result: String?
        for raw in file.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            guard !line.hasPrefix("#"), line.hasPrefix(key + "=") else { continue }
            var value = line.dropFirst(key.count + 1)
            while let last = value.last, last == " " || last == "\t" || last == "\r" { value = value.dropLast() }
            guard value.count >= 2, value.first == "\"", value.last == "\"" else { continue }
            let inner = unescaped(value.dropFirst().dropLast())
            if inner.hasPrefix("/") {
                result = inner
            } else if inner == "$HOME" {
                result = home
            } else if inner.hasPrefix("$HOME/") {
                result = PathName.joined(home, String(inner.dropFirst(6)))
            }
        }
        return result
    }

    private static func unescaped(_ s: Substring) -> String {
        var out = ""
        var escaping = false
        for c in s {
            if escaping || c != "\\" {
                out.append(c)
                escaping = false
            } else {
                escaping = true
            }
        }
        return out
    }

    private static func trimmedSlashes(_ path: String) -> Substring {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return p
    }

    /// Whether `path` is a folder (following links).
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path.fileSystemPath, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
