import Foundation
import Testing

/// What PageTurn keeps for itself — reading state, bookmarks, page and font caches — is its
/// user's alone: files 0600 in folders 0700, whatever the umask (another user of the machine
/// must not read which books someone reads, or their bookmarks).
@Suite("State and caches are private")
struct PrivateFilesCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    /// Runs `pageturn arguments` under `umask`, from the package's folder.
    func run(umask: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask \(umask) && exec \"$0\" \"$@\"", Pageturn.binary] + arguments
        process.currentDirectoryURL = Pageturn.packageRoot
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Every folder and file under `root` (not `root` itself) with its permission bits.
    func modes(under root: URL) throws -> [(path: String, folder: Bool, mode: Int)] {
        var out: [(String, Bool, Int)] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)
            let folder = attributes[.type] as? FileAttributeType == .typeDirectory
            out.append((relative, folder, (attributes[.posixPermissions] as? Int ?? -1) & 0o777))
        }
        return out
    }

    @Test("files 0600 in folders 0700, under umask 000 and 022", arguments: ["000", "022"])
    func privateWhateverTheUmask(umask: String) throws {
        let dir = try Pageturn.temporaryFolder()
        let script = dir.appendingPathComponent("script.txt")
        try Data("tick @100\n".utf8).write(to: script)
        let environment = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let state = dir.appendingPathComponent("state/deep")
        #expect(try run(umask: umask, ["read", sample, "--headless", "--script", script.path, "--state-dir", state.path],
                        environment: environment) == 0)
        #expect(try run(umask: umask, ["paginate", sample, "--cache-dir", dir.appendingPathComponent("pages/a").path],
                        environment: environment) == 0)
        let found = try modes(under: dir).filter { $0.path != "script.txt" }
        #expect(found.contains { $0.path.hasSuffix(".json") } && found.contains { $0.path.hasSuffix(".pages") }
                && found.contains { $0.path.hasPrefix("cache/pageturn/fonts/") })
        for entry in found {
            #expect(entry.mode == (entry.folder ? 0o700 : 0o600), "\(entry.path) is \(String(entry.mode, radix: 8))")
        }
    }
}

/// Files PageTurn names itself inside a folder (frames, plots) replace whatever entry is
/// there instead of writing through it, and frames written for want of a display go to a
/// folder of the user's alone.
@Suite("Never through a planted link")
struct PlantedLinkCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    @Test("a link planted as frame-00000.png in --frames is replaced, and the file it names is untouched")
    func frameLink() throws {
        let dir = try Pageturn.temporaryFolder()
        let frames = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let victim = dir.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: frames.appendingPathComponent("frame-00000.png").path,
                                                   withDestinationPath: victim.path)
        let script = dir.appendingPathComponent("script.txt")
        try Data("tick @100\n".utf8).write(to: script)
        let result = try Pageturn.run(["read", sample, "--headless", "--script", script.path, "--frames", frames.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        let attributes = try FileManager.default.attributesOfItem(atPath: frames.appendingPathComponent("frame-00000.png").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the frame is a file of its own now")
    }

    @Test("with no display, the frames go to a folder of the user's alone, which read names")
    func noDisplayFolder() throws {
        let dir = try Pageturn.temporaryFolder()
        let runtime = dir.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let result = try Pageturn.run(["read", sample], environment: [
            "DISPLAY": ":99", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "", "XDG_RUNTIME_DIR": runtime.path,
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let folder = runtime.appendingPathComponent("pageturn-frames")
        #expect(result.stdout.contains(folder.path), "stdout: \(result.stdout)")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasSuffix(".png") })
    }
}

/// A font cache that names something other than a font is dropped and fontconfig asked again:
/// a stale or planted entry must not make every command fail about a font the user never chose.
@Suite struct PlantedFontLocationTests {
    @Test func aLocationNamingANonFontIsAskedAgain() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let book = "assets/books/alice-excerpt.txt"
        #expect(try Pageturn.run(["paginate", "--no-cache", book], environment: environment).status == 0)
        let fonts = dir.appendingPathComponent("cache/pageturn/fonts")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: fonts.path).first { $0.hasPrefix("locations") })
        let file = fonts.appendingPathComponent(name)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let textLine = try #require(lines.firstIndex { $0.hasPrefix("text ") })
        // The planted entry: a regular file that is no font, with its own size and time.
        let planted = dir.appendingPathComponent("not-a-font.ttf")
        try Data("not a font".utf8).write(to: planted)
        var info = stat()
        #expect(stat(planted.path, &info) == 0)
        let stamp = "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        var edited = lines.map(String.init)
        edited[textLine] = "text 0\t\(stamp)\tPlanted\t\(planted.path)"
        try edited.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let again = try Pageturn.run(["paginate", "--no-cache", book], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Noto Serif"))
        #expect(try !String(contentsOf: file, encoding: .utf8).contains(planted.path), "the entry is written anew")
    }
}
