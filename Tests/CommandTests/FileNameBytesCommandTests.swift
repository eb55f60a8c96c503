import Foundation
import Testing

/// A book whose file name is not UTF-8 (a GBK name from an old archive) opens, and an output
/// named with such bytes is written under exactly those bytes. The names go through `sh` and
/// `printf`, as a user's shell passes them.
@Suite("File names that are not UTF-8")
struct FileNameBytesCommandTests {
    /// Runs `pageturn` with `arguments`, where `\NNN` octal escapes in them are bytes.
    func run(_ arguments: [String], in folder: URL) throws -> Pageturn.Result {
        let quoted = arguments.map { "\"$(printf '%b' '\($0)')\"" }.joined(separator: " ")
        return try Pageturn.run(["-c", "cd '\(folder.path)' && exec '\(Pageturn.binary)' \(quoted)"], shell: true)
    }

    /// The names in `folder`, as bytes.
    func names(in folder: URL) -> [[UInt8]] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    @Test func aBookNamedInGBKOpensAndAnOutputNamedInLatin1IsWrittenByItsBytes() throws {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 红楼梦.txt in GBK.
        let book: [UInt8] = [0xBA, 0xEC, 0xC2, 0xA5, 0xC3, 0xCE] + Array(".txt".utf8)
        let text = Array(String(repeating: "A line of a book whose name is not UTF-8.\n\n", count: 40).utf8)
        let path = folder.path.utf8CString.dropLast().map { UInt8(bitPattern: $0) } + [0x2F] + book
        let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)

        let paginated = try run(["paginate", "--no-cache", "\\272\\354\\302\\245\\303\\316.txt"], in: folder)
        #expect(paginated.status == 0, "stderr: \(paginated.stderr)")
        // C2 A5 happens to be UTF-8 (¥); the other bytes are shown as escapes.
        #expect(paginated.stdout.hasPrefix("\\xba\\xec¥\\xc3\\xce.txt"), "the name is shown by its bytes: \(paginated.stdout)")

        let read = try run(["read", "\\272\\354\\302\\245\\303\\316.txt", "--headless", "--script", "/dev/null"], in: folder)
        #expect(read.status == 0, "read opens it too: \(read.stderr)")

        let rendered = try run(["render", "\\272\\354\\302\\245\\303\\316.txt", "--out", "out\\377.png"], in: folder)
        #expect(rendered.status == 0, "stderr: \(rendered.stderr)")
        #expect(names(in: folder).contains(Array("out".utf8) + [0xFF] + Array(".png".utf8)), "written as out\\xff.png")
        #expect(!names(in: folder).contains(Array("out\u{FFFD}.png".utf8)))
    }
}
