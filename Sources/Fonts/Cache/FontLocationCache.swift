import FileWriting
import Foundation
import Pagination
internal import Glibc

/// The default faces fontconfig finds (`FontLocator`'s `latinFace()` and `cjkFace()`), kept
/// in a file so that a command does not load fontconfig's configuration and font caches
/// (60-odd XML files, 4–8 ms) at every start; fontconfig is loaded only when the file is
/// missing or stale.
///
/// The file holds the two locations, each with its font file's size and modification time,
/// and a fingerprint of what fontconfig's answer depends on (`fontconfigState`): the size and
/// modification time of its configuration files and folders, of the font folders and of its
/// own cache folders (which `fc-cache` rewrites when fonts are installed, as Debian's font
/// packages do), and its environment variables. When any of that differs, or a font file
/// changed, fontconfig is asked again. (A font copied by hand into an existing subfolder,
/// without `fc-cache`, is seen once fontconfig's caches or this file are refreshed.)
public struct FontLocationCache: Sendable {
    /// What fontconfig found: either may be missing.
    public struct Faces: Sendable, Equatable {
        public var latin: FontLocation?
        public var cjk: FontLocation?

        public init(latin: FontLocation?, cjk: FontLocation?) {
            self.latin = latin
            self.cjk = cjk
        }
    }

    public let file: URL
    static let header = "pageturn font locations 1"

    public init(directory: URL = FontCacheFolder.standard) {
        file = directory.appendingPathComponent("locations.txt")
    }

    /// The default faces: from the file when it is current, otherwise from fontconfig (and
    /// then written down, best effort). Nil faces when fontconfig cannot start.
    public func defaultFaces() -> Faces {
        let state = Self.fontconfigState()
        if let text = try? String(contentsOf: file, encoding: .utf8), let faces = Self.parse(text, state: state) {
            return faces
        }
        guard let locator = FontLocator() else { return Faces(latin: nil, cjk: nil) }
        let faces = Faces(latin: locator.latinFace(), cjk: locator.cjkFace())
        if let text = Self.render(faces, state: state) {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? AtomicFile.write(Data(text.utf8), to: file)
        }
        return faces
    }

    /// The file's text for `faces` found in `state`; nil when a path cannot be written on a line.
    static func render(_ faces: Faces, state: String) -> String? {
        var lines = [header, "state \(state)"]
        for (role, location) in [("latin", faces.latin), ("cjk", faces.cjk)] {
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
    static func parse(_ text: String, state: String) -> Faces? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == header, lines[1] == "state \(state)" else { return nil }
        func location(_ line: Substring, role: String) -> FontLocation?? {
            guard line.hasPrefix(role + " ") else { return .none }
            let rest = line.dropFirst(role.count + 1)
            if rest == "-" { return .some(nil) }
            let fields = rest.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let index = Int(fields[0]), index >= 0 else { return .none }
            let path = String(fields[3])
            guard path.hasPrefix("/"), stamp(path) == fields[1] else { return .none }
            return .some(FontLocation(path: path, faceIndex: index, family: String(fields[2])))
        }
        guard case .some(let latin) = location(lines[2], role: "latin"),
              case .some(let cjk) = location(lines[3], role: "cjk") else { return nil }
        return Faces(latin: latin, cjk: cjk)
    }

    /// What fontconfig's answer depends on, as one line (see the type's description).
    static func fontconfigState() -> String {
        let env = ProcessInfo.processInfo.environment
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
