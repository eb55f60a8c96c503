import Foundation
import Testing

/// `make install-data` and `make uninstall-data`, run into a temporary prefix as a packager
/// would run them (the part of `make install` that copies files, without its release build).
enum Make {
    /// `make TARGET NAME=VALUE…` in the package's folder, with no make of the caller's around it.
    static func run(_ target: String, _ variables: [String: String]) throws -> Pageturn.Result {
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try Pageturn.run(["-c", "exec make --no-print-directory \"$@\"", "make", target] + assignments,
                                environment: ["MAKEFLAGS": "", "MAKELEVEL": "", "MFLAGS": ""], shell: true)
    }

    /// A stand-in for the man page, written in `dir` (the real one is checked on its own: `ManPageTests`).
    static func standInManPage(in dir: URL) throws -> (file: URL, text: Data) {
        let file = dir.appendingPathComponent("stand-in.1")
        let text = Data(".Dd January 1, 2001\n.Dt PAGETURN 1\n.Sh NAME\n.Nm pageturn\n".utf8)
        try text.write(to: file)
        return (file, text)
    }

    /// A new prefix (its path has a space, as some home folders do) with `install-data` done
    /// into it, the stand-in man page installed; returns the prefix and that page's text.
    static func installData(sourceLocation: SourceLocation = #_sourceLocation) throws -> (prefix: URL, manPage: Data) {
        let dir = try Pageturn.temporaryFolder()
        let manPage = try standInManPage(in: dir)
        let prefix = dir.appendingPathComponent("pre fix")
        let result = try run("install-data", ["PREFIX": prefix.path, "MANPAGE": manPage.file.path])
        #expect(result.status == 0, "make install-data: \(result.stderr)", sourceLocation: sourceLocation)
        return (prefix, manPage.text)
    }

    /// Every regular file under `root`, as paths relative to it.
    static func files(under root: URL) throws -> Set<String> {
        var found: Set<String> = []
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return found }
        while let relative = walk.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)
            if attributes[.type] as? FileAttributeType == .typeRegular { found.insert(relative) }
        }
        return found
    }
}

@Suite("The desktop application's files: make install-data and uninstall-data")
struct DesktopInstallTests {
    let root = Pageturn.packageRoot
    /// The icons in the repository, as paths under a theme folder (hicolor/16x16/apps/pageturn.png).
    var icons: [String] {
        get throws { try Make.files(under: root.appendingPathComponent("packaging/icons")).sorted() }
    }
    var books: [String] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("assets/books").path)
                .filter { $0.hasSuffix(".txt") || $0 == "SOURCES.md" }.sorted()
        }
    }

    @Test("install-data puts every file in place with the repository's content; uninstall-data takes exactly those away")
    func installAndUninstall() throws {
        let (prefix, manPage) = try Make.installData()
        let share = prefix.appendingPathComponent("share")
        var expected: [String: Data] = ["man/man1/pageturn.1": manPage]
        for icon in try icons {
            expected["icons/" + icon] = try Data(contentsOf: root.appendingPathComponent("packaging/icons/" + icon))
        }
        for book in try books {
            expected["pageturn/books/" + book] = try Data(contentsOf: root.appendingPathComponent("assets/books/" + book))
        }
        #expect(try books.contains("alice-excerpt.txt") && books.contains("SOURCES.md"))
        for (path, content) in expected {
            #expect(FileManager.default.contents(atPath: share.appendingPathComponent(path).path) == content, "\(path)")
        }
        let template = try String(contentsOf: root.appendingPathComponent("packaging/pageturn.desktop.in"), encoding: .utf8)
        let entry = try String(contentsOf: share.appendingPathComponent("applications/pageturn.desktop"), encoding: .utf8)
        let binary = prefix.appendingPathComponent("bin/pageturn").path
        #expect(entry == template.replacingOccurrences(of: "@PAGETURN@", with: "\"\(binary)\""),
                "the entry names the installed binary, quoted for its space: \(entry)")
        // What the caches' tools write (update-desktop-database, which make test installs) is theirs, not ours.
        let caches: Set = ["applications/mimeinfo.cache", "icons/hicolor/icon-theme.cache"]
        let installed = try Make.files(under: share).subtracting(caches)
        #expect(installed == Set(expected.keys).union(["applications/pageturn.desktop"]))

        let others = ["applications/other.desktop", "icons/hicolor/48x48/apps/other.png", "man/man1/other.1"]
        for other in others { try Data("someone else's\n".utf8).write(to: share.appendingPathComponent(other)) }
        let removed = try Make.run("uninstall-data", ["PREFIX": prefix.path])
        #expect(removed.status == 0, "make uninstall-data: \(removed.stderr)")
        #expect(try Make.files(under: share).subtracting(caches) == Set(others), "only the files of others are left")
        #expect(!FileManager.default.fileExists(atPath: share.appendingPathComponent("pageturn").path),
                "share/pageturn, ours alone, is gone")
        let mimeCache = FileManager.default.contents(atPath: share.appendingPathComponent("applications/mimeinfo.cache").path)
        #expect(!String(decoding: mimeCache ?? Data(), as: UTF8.self).contains("pageturn"), "the MIME cache no longer offers it")
    }

    @Test("desktop-file-validate passes the installed desktop entry")
    func desktopEntryIsValid() throws {
        let validator = "/usr/bin/desktop-file-validate"
        try #require(FileManager.default.isExecutableFile(atPath: validator),
                     "desktop-file-validate is missing: `make test` installs it (apt-get install desktop-file-utils)")
        let (prefix, _) = try Make.installData()
        let entry = prefix.appendingPathComponent("share/applications/pageturn.desktop").path
        let result = try Pageturn.run(["-c", "exec \"$0\" \"$1\" 2>&1", validator, entry], shell: true)
        #expect(result.status == 0 && result.stdout.isEmpty, "desktop-file-validate: \(result.stdout)")
    }

    @Test("a prefix with a character a desktop entry cannot name plainly is refused on one line, before any file")
    func prefixRefused() throws {
        let dir = try Pageturn.temporaryFolder()
        let prefix = dir.appendingPathComponent("100%")
        let result = try Make.run("install-data", ["PREFIX": prefix.path, "MANPAGE": try Make.standInManPage(in: dir).file.path])
        #expect(result.status != 0)
        #expect(result.errorLines.filter { !$0.hasPrefix("make: ***") }.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("PREFIX"), "stderr: \(result.stderr)")
        #expect(try Make.files(under: prefix).isEmpty, "nothing installed")
    }

    @Test("each committed PNG icon is the size its folder names, in every size desktops ask for")
    func iconSizes() throws {
        var sizes: [Int] = []
        for icon in try icons where icon.hasSuffix(".png") {
            let folder = icon.split(separator: "/")[1]   // hicolor/48x48/apps/pageturn.png
            let named = folder.split(separator: "x").compactMap { Int($0) }
            let data = try Data(contentsOf: root.appendingPathComponent("packaging/icons/" + icon))
            try #require(data.count > 24 && data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                         && data[12..<16] == Data("IHDR".utf8), "\(icon) is not a PNG")
            let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(named == [width, height], "\(icon) is \(width)×\(height)")
            sizes.append(width)
        }
        #expect(sizes.sorted() == [16, 24, 32, 48, 64, 128, 256])
        #expect(try icons.contains("hicolor/scalable/apps/pageturn.svg"))
    }
}
