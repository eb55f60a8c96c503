import Foundation
import Testing

/// Under an address-space limit (`ulimit -v`) a command fits in 150 MiB (two malloc arenas,
/// not one per thread), and below what it needs it ends in a line saying memory ran out and
/// exit status 1: never a signal, never a hang.
@Suite struct MemoryLimitTests {
    func paginate(under kibibytes: Int) throws -> Pageturn.Result {
        try Pageturn.run(["-c", "ulimit -v \(kibibytes) && exec timeout 120 '\(Pageturn.binary)' paginate "
                            + "assets/books/alice-excerpt.txt --no-cache"], shell: true)
    }

    @Test func aBookPaginatesIn150MiB() throws {
        let result = try paginate(under: 150_000)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("pages"))
    }

    @Test func tooLittleMemoryIsOneLineAndAnExitNotASignal() throws {
        let result = try paginate(under: 50_000)
        #expect(result.status == 1, "status \(result.status): \(result.stderr)")
        let last = result.errorLines.last.map(String.init) ?? ""
        #expect(last.hasPrefix("pageturn: error:") && last.contains("memory"), "\(result.stderr)")
    }
}
