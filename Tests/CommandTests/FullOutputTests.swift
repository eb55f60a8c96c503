import Foundation
import Testing

/// A command whose standard output cannot be written (a full disk: `/dev/full`) says so in
/// one line and fails, whatever it prints: nothing is lost in silence.
@Suite struct FullOutputTests {
    static let commands = [
        "paginate assets/books/alice-excerpt.txt --no-cache",
        "linebreak assets/books/alice-excerpt.txt",
        "simulate assets/gestures/synthetic-seed1.txt",
        "simulate assets/gestures/synthetic-seed1.txt --report",
        "gestures synth --count 5",
        "--help",
    ]

    @Test(arguments: commands)
    func aFullStandardOutputIsAnError(command: String) throws {
        let result = try Pageturn.run(["-c", "'\(Pageturn.binary)' \(command) > /dev/full"], shell: true)
        #expect(result.status != 0, "\(command) exits 0 having written nothing")
        #expect(result.errorLines.count == 1 && result.stderr.lowercased().contains("no space left"), "\(command): \(result.stderr)")
    }
}
