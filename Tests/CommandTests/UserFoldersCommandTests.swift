import Foundation
import Testing

/// Where PageTurn keeps its caches (and, through the same `UserFolders`, its state): under
/// `$HOME` as the user set it, and under an `XDG_*_HOME` only when it is an absolute path
/// (the XDG Base Directory specification says to ignore a relative one).
@Suite("Where caches go")
struct UserFoldersCommandTests {
    @Test func homeAsSetAndARelativeXDGFolderIgnored() throws {
        let home = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try Pageturn.run(["paginate", "assets/books/alice-excerpt.txt"],
                                      environment: ["HOME": home.path, "XDG_CACHE_HOME": "relative/cache"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let cache = home.appendingPathComponent(".cache/pageturn")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).contains { $0.hasSuffix(".pages") },
                "the page cache is under $HOME/.cache")
        #expect(!FileManager.default.fileExists(atPath: Pageturn.packageRoot.appendingPathComponent("relative").path),
                "nothing was written under the relative XDG folder")
    }
}
