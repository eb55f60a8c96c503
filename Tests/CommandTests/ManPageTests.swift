import Foundation
import Testing

/// The man page `make install` installs, generated from pageturn's help by
/// scripts/manpage.sh with swift-argument-parser's generate-manual (which `make test` builds
/// before the tests: SwiftPM cannot build while `swift test` holds the build folder).
@Suite("The man page")
struct ManPageTests {
    @Test("scripts/manpage.sh writes a page of every command that man shows without a warning, every character kept")
    func generated() throws {
        let root = Pageturn.packageRoot
        let tool = root.appendingPathComponent(".build/debug/generate-manual").path
        try #require(FileManager.default.isExecutableFile(atPath: tool),
                     "generate-manual is not built: `make test` builds it (swift build --product generate-manual)")
        let page = try Pageturn.temporaryFolder().appendingPathComponent("man1/pageturn.1")
        let made = try Pageturn.run(["-c", "exec \"$0\" \"$@\"", "scripts/manpage.sh", tool, Pageturn.binary, page.path],
                                    shell: true)
        try #require(made.status == 0, "scripts/manpage.sh: \(made.stderr)")
        let source = try String(contentsOf: page, encoding: .utf8)

        // Every command `pageturn --help` lists has its entry, with its options.
        let help = try Pageturn.run(["--help"]).stdout
        let listed = help.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n") ?? []
        let commands = listed.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  See ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.contains("read") && commands.contains("simulate"), "commands read from: \(help)")
        for command in commands { #expect(source.contains("\n.It Em \(command)\n"), "no entry for \(command)") }
        #expect(source.contains("\n.It Fl -headless\n"), "read's options are in it")

        // groff (the renderer man uses) warns of nothing, and the characters generate-manual
        // alone would drop (it keeps ASCII only) are shown.
        let shown = try Pageturn.run(["-c", "exec groff -mandoc -Tutf8 -ww -P-cbou -rLL=300n \"$0\"", page.path], shell: true)
        #expect(shown.status == 0 && shown.stderr.isEmpty, "groff: \(shown.stderr)")
        for text in ["touchSlop (px, 0–200, default 8)", "(default: 1.5 × size)", "\"ちょっと待って。\""] {
            #expect(shown.stdout.contains(text), "\(text) is not shown as written")
        }
        #expect(!source.contains("\n\n") && !source.contains("@@u"), "no empty line (man warns of each), no character left escaped")
    }
}
