@preconcurrency import Glibc
import Foundation

/// `--only epub`, pictures' memory: an EPUB (an unzipped folder) of 500 pictures of 1600 × 1200
/// pixels, each its own file, read by the whole `pageturn read --headless` process turning
/// through every page (each picture decoded, scaled and drawn into its page); its peak resident
/// memory (`wait4`'s `ru_maxrss`) against the same book's first page alone. Target (issue 41):
/// bounded — the pictures' cache keeps 96 MiB at most, so the whole book costs no more than
/// that beyond its first page, not 500 pictures' worth (3.7 GB decoded).
enum PictureMemoryBenchmark {
    static let pictureCount = 500

    static func run(pageturn me: String, scratch: URL) -> [String] {
        var lines = ["EPUB pictures' memory (\(pictureCount) pictures of 1600 × 1200, every page turned, read --headless):"]
        let book = scratch.appendingPathComponent("many-pictures")
        do {
            try write(book)
        } catch {
            return lines + ["  not measured: \(error)"]
        }
        let turns = (1...(pictureCount + 20)).map { "key next @\(Double($0) * 0.05)" }.joined(separator: "\n")
        let first = "tick @0.1\n"
        guard let whole = peakMegabytes(me, ["read", book.path, "--headless", "--script", "-"], input: turns + "\n"),
              let alone = peakMegabytes(me, ["read", book.path, "--headless", "--script", "-"], input: first) else {
            return lines + ["  not measured: the reader failed"]
        }
        let added = whole - alone
        lines.append(String(format: "  peak memory: first page %.0f MB, every page %.0f MB: %.0f MB more (target ≤ 96 MB of pictures"
                                + " and the pages kept) ", alone, whole, added) + FrameBenchmark.verdict(added <= 160))
        return lines
    }

    /// The book: one document of `pictureCount` paragraphs, each with a picture of its own file.
    static func write(_ folder: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("META-INF"), withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent("OEBPS"), withIntermediateDirectories: true)
        try Data("application/epub+zip".utf8).write(to: folder.appendingPathComponent("mimetype"))
        try Data("""
            <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """.utf8).write(to: folder.appendingPathComponent("META-INF/container.xml"))
        let png = try picture()
        var items = "", body = ""
        for k in 0..<pictureCount {
            try png.write(to: folder.appendingPathComponent("OEBPS/p\(k).png"))
            items += "<item id=\"p\(k)\" href=\"p\(k).png\" media-type=\"image/png\"/>"
            body += "<p>Picture \(k + 1), and a few words about it.</p><img src=\"p\(k).png\" alt=\"\"/>"
        }
        try Data("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Many pictures</dc:title><dc:language>en</dc:language>
            <dc:identifier id="id">many-pictures</dc:identifier></metadata>
            <manifest><item id="text" href="text.xhtml" media-type="application/xhtml+xml"/>\(items)</manifest>
            <spine><itemref idref="text"/></spine></package>
            """.utf8).write(to: folder.appendingPathComponent("OEBPS/content.opf"))
        try Data("""
            <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>\(body)</body></html>
            """.utf8).write(to: folder.appendingPathComponent("OEBPS/text.xhtml"))
    }

    /// A 1600 × 1200 PNG (a gradient, so it decodes as a photograph's pixels would), made by
    /// Python's zlib: the benchmark writes, the reader only reads.
    static func picture() throws -> Data {
        let script = """
            import struct, sys, zlib
            w, h = 1600, 1200
            rows = b"".join(b"\\x00" + bytes((x * 255 // w, y * 255 // h, 128) [i] for x in range(w) for i in range(3)) for y in range(h))
            def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
            sys.stdout.buffer.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                                    + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else { throw CocoaError(.fileWriteUnknown) }
        return data
    }

    /// The peak resident memory of `executable ARGUMENTS` fed `input`, MB; nil when it failed.
    static func peakMegabytes(_ executable: String, _ arguments: [String], input: String) -> Double? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        close(fds[0])
        var bytes = Array(input.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return status == 0 ? Double(usage.ru_maxrss) / 1024 : nil
    }
}
