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
