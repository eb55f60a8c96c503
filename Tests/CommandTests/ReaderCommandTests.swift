import Foundation
import Testing

@Suite("pageturn read and render")
struct ReaderCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    /// Expects a failure with exactly one line on standard error that mentions `needle`.
    func expectOneLineError(_ arguments: [String], mentioning needle: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try Pageturn.run(arguments)
        #expect(result.status != 0, "exit status for \(arguments)", sourceLocation: sourceLocation)
        #expect(result.errorLines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.lowercased().contains(needle.lowercased()), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("read with $DISPLAY naming a display nobody serves writes frames instead of hanging")
    func unreachableDisplay() throws {
        let dir = try Pageturn.temporaryFolder()
        let frames = dir.appendingPathComponent("frames")
        let result = try Pageturn.run(["read", sample, "--frames", frames.path], environment: [
            "DISPLAY": ":99", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "",
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
            "XDG_RUNTIME_DIR": dir.path,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("no display"), "stdout: \(result.stdout)")
        #expect(result.stdout.contains("wrote"), "stdout: \(result.stdout)")
        let written = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }
        #expect(!written.isEmpty)
    }
}
