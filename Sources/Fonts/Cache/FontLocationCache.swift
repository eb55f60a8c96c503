import FileWriting
import FoundationEssentials
import Pagination
internal import Glibc

/// The default faces fontconfig finds (`FontLocator`'s `textFace()` and `cjkFace(_:)`), kept
/// in a file per CJK cut (`locations-ja.txt`…) so that a command does not load fontconfig's
/// configuration and font caches (60-odd XML files, 4–8 ms) at every start; fontconfig is
/// loaded only when the file is missing or stale.
///
/// A file holds the two locations, each with its font file's size and modification time,
/// and a fingerprint of what fontconfig's answer depends on (`fontconfigState`): the size and
/// modification time of its configuration files and folders, of the font folders and of its
/// own cache folders (which `fc-cache` rewrites when fonts are installed, as Debian's font
/// packages do), and its environment variables. When any of that differs, or a font file
/// changed, fontconfig is asked again. (A font copied by hand into an existing subfolder,
/// without `fc-cache`, is seen once fontconfig's caches or this file are refreshed.)
public struct FontLocationCache: Sendable {
    /// What fontconfig found: either may be missing.
    public struct Faces: Sendable, Equatable {
        /// The text face (`BookFaces.textFamilies`).
        public var text: FontLocation?
        /// The face for Han, kana and Hangul, in the cut asked for.
        public var cjk: FontLocation?

        public init(text: FontLocation?, cjk: FontLocation?) {
            self.text = text
            self.cjk = cjk
        }
    }

    public let directory: URL
    static let header = "pageturn font locations 2"
    /// A file above this size is not read (the real one is a few hundred bytes).
    static let largestFile = 64 << 10

    public init(directory: URL = FontCacheFolder.standard) {
        self.directory = directory
    }

    /// The file that keeps the faces for `cut`.
    public func file(for cut: BookFaces.CJKCut) -> URL {
        directory.appendingPathComponent("locations-\(cut.rawValue).txt")
    }

    /// The default faces for a book whose Han characters are set in `cut`: from the file when
    /// it is current, otherwise from fontconfig (and then written down, best effort). Nil
    /// faces when fontconfig cannot start.
    ///
    /// With `askingAgain` the file is not read: for a caller that could not open a face it
    /// named (a file replaced by something that is not a font within the same size and time).
    public func defaultFaces(cut: BookFaces.CJKCut = .simplified, askingAgain: Bool = false) -> Faces {
        let state = Self.fontconfigState()
        let file = file(for: cut)
        if !askingAgain, let bytes = CacheFile.read(file.path, limit: Self.largestFile),
           let faces = Self.parse(String(decoding: bytes, as: UTF8.self), state: state) {
            return faces
        }
        guard let locator = FontLocator() else { return Faces(text: nil, cjk: nil) }
        let faces = Faces(text: locator.textFace(), cjk: locator.cjkFace(cut))
        if let text = Self.render(faces, state: state) {
            _ = PrivateFolder.make(file.deletingLastPathComponent().path)
            try? AtomicFile.write(Data(text.utf8), to: file)
        }
        return faces
    }

    /// The file's text for `faces` found in `state`; nil when a path cannot be written on a line.
    public static func render(_ faces: Faces, state: String) -> String? {
        var lines = [header, "state \(state)"]
        for (role, location) in [("text", faces.text), ("cjk", faces.cjk)] {
            guard let location else {
                lines.append("\(role) -")
                continue
            }
            guard !(location.path + location.family).contains(where: { $0 == "\n" || $0 == "\t" || $0 == "\r" }) else { return nil }
            lines.append("\(role) \(location.faceIndex)\t\(stamp(location.path))\t\(location.family)\t\(location.path)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The faces in `text`, or nil unless it was written in `state` and every font file is
    /// as it was then.
    public static func parse(_ text: String, state: String) -> Faces? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == header, lines[1] == "state \(state)" else { return nil }
        func location(_ line: Substring, role: String) -> FontLocation?? {
            guard line.hasPrefix(role + " ") else { return .none }
            let rest = line.dropFirst(role.count + 1)
            if rest == "-" { return .some(nil) }
            let fields = rest.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let index = Int(fields[0]), index >= 0 else { return .none }
            let path = String(fields[3])
            // A FIFO or a device (`/dev/zero`) is never a font, whatever the stamp says.
            guard path.hasPrefix("/"), CacheFile.isRegularFile(path), stamp(path) == fields[1] else { return .none }
            return .some(FontLocation(path: path, faceIndex: index, family: String(fields[2])))
        }
        guard case .some(let text) = location(lines[2], role: "text"),
              case .some(let cjk) = location(lines[3], role: "cjk") else { return nil }
        return Faces(text: text, cjk: cjk)
    }

    /// What fontconfig's answer depends on, as one line (see the type's description).
    static func fontconfigState() -> String {
        let env = ProcessEnvironment.values(["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "FONTCONFIG_FILE",
                                             "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"])
        let home = UserFolders.home
        func xdg(_ name: String, _ fallback: String) -> String {
            env[name].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/\(fallback)"
        }
        let config = xdg("XDG_CONFIG_HOME", ".config"), data = xdg("XDG_DATA_HOME", ".local/share")
        let cache = xdg("XDG_CACHE_HOME", ".cache")
        var paths = [
            "/etc/fonts", "/etc/fonts/fonts.conf", "/etc/fonts/conf.d", "/etc/fonts/local.conf",
            "/usr/share/fonts", "/usr/local/share/fonts", "/var/cache/fontconfig",
            "\(config)/fontconfig", "\(config)/fontconfig/fonts.conf", "\(config)/fontconfig/conf.d",
            "\(home)/.fonts.conf", "\(home)/.fonts", "\(data)/fonts", "\(cache)/fontconfig",
        ]
        var parts: [String] = []
        for name in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"] {
            let value = env[name] ?? ""
            parts.append("\(name)=\(value)")
            if !value.isEmpty { paths += value.split(separator: ":").map(String.init) }
        }
        parts += paths.map(stamp)
        var hasher = StableHasher()
        hasher.combine(parts.joined(separator: "\u{1}"))
        return String(hasher.value, radix: 16)
    }

    /// `size:seconds.nanoseconds` of what is at `path` (followed), or `-` when nothing is.
    static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "-" }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
