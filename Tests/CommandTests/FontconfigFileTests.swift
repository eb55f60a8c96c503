import Foundation
import Testing

/// `FONTCONFIG_FILE` naming what is no configuration file (a device that never ends, a FIFO
/// no one writes, a folder) is dropped with one line, and the book is set with fontconfig's
/// default configuration. Each run is bounded by `timeout`, so that a regression fails
/// rather than hangs.
@Suite struct FontconfigFileTests {
    @Test func aConfigurationFileThatIsNoFileIsDroppedWithOneLine() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fonts.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (n, config) in ["/dev/zero", fifo, folder.path].enumerated() {
            // A cache folder of its own: fontconfig is asked, not the cache of a run before.
            let cache = folder.appendingPathComponent("cache\(n)").path
            let result = try Pageturn.run(["-c", "FONTCONFIG_FILE='\(config)' XDG_CACHE_HOME='\(cache)' timeout 60 "
                                                + "'\(Pageturn.binary)' paginate assets/books/alice-excerpt.txt --no-cache"],
                                          shell: true)
            #expect(result.status == 0, "\(config): \(result.stderr)")
            #expect(result.errorLines.count == 1 && result.stderr.contains("FONTCONFIG_FILE"), "\(config): \(result.stderr)")
            #expect(result.stdout.contains("pages"), "\(config): \(result.stdout)")
        }
    }
}
