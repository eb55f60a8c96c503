import Foundation
import Testing
import TextDecoding

@Suite("Files and errors")
struct FileErrorTests {
    /// A fresh temporary directory, removed after `body`.
    func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("TextDecodingTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test("a missing file")
    func missingFile() {
        let path = "/nonexistent/book.txt"
        #expect(throws: TextDecodingError.fileNotFound(path: path)) { try TextDecoder.decodeFile(atPath: path) }
        #expect(TextDecodingError.fileNotFound(path: path).description == "No such file: '/nonexistent/book.txt'.")
    }

    @Test("a directory")
    func directory() throws {
        try withTemporaryDirectory { dir in
            #expect(throws: TextDecodingError.isDirectory(path: dir)) { try TextDecoder.decodeFile(atPath: dir) }
        }
    }

    @Test("a file that opens but cannot be read")
    func readFails() {
        // Reading /proc/self/mem at offset 0 fails with EIO, even for root.
        #expect(throws: TextDecodingError.cannotRead(path: "/proc/self/mem", reason: "Input/output error")) {
            try TextDecoder.decodeFile(atPath: "/proc/self/mem")
        }
    }

    @Test("an empty file is an empty text")
    func emptyFile() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/empty.txt"
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            let decoded = try TextDecoder.decodeFile(atPath: path)
            #expect(decoded.isEmpty && decoded.scalarCount == 0 && decoded.encoding == "UTF-8")
        }
    }

    @Test("a binary file is not text, and the error names it")
    func binaryFile() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/cover.png"
            _ = FileManager.default.createFile(atPath: path, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]))
            #expect(throws: TextDecodingError.notText(path: path, offset: 8)) { try TextDecoder.decodeFile(atPath: path) }
        }
    }

    @Test("a file read through a pipe-like path without a size still decodes")
    func procFile() throws {
        // /proc files report size 0; the reader falls back to reading until EOF.
        let decoded = try TextDecoder.decodeFile(atPath: "/proc/self/status")
        #expect(decoded.text.hasPrefix("Name:"))
    }

    @Test("a FIFO is read as a stream: what its writer writes, to the writer's end")
    func fifo() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/pipe.txt"
            #expect(mkfifo(path, 0o600) == 0)
            // Opening either end blocks until the other is open: no waiting by time.
            let writer = Thread {
                guard let handle = FileHandle(forWritingAtPath: path) else { return }
                for k in 1...3 { handle.write(Data("line \(k)\r\n".utf8)) }
                try? handle.close()
            }
            writer.start()
            let decoded = try TextDecoder.decodeFile(atPath: path)
            #expect(decoded.text == "line 1\nline 2\nline 3\n")
        }
    }

    @Test("/dev/zero is refused once its first 8 KiB are read: it is not text")
    func endlessZeros() throws {
        #expect(throws: TextDecodingError.notText(path: "/dev/zero", offset: 0)) {
            try TextDecoder.decodeFile(atPath: "/dev/zero")  // the 1 GiB limit: never reached
        }
    }

    @Test("a stream of text longer than the limit is refused as what it is")
    func endlessText() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/pipe.txt"
            #expect(mkfifo(path, 0o600) == 0)
            let limit = 1 << 20
            let writer = Thread {
                guard let handle = FileHandle(forWritingAtPath: path) else { return }
                // One byte past the limit, all of which the reader reads before it stops: no
                // write outlives the reading end.
                let text = Data(String(repeating: "a line of text\n", count: limit / 15 + 1).utf8.prefix(limit + 1))
                handle.write(text)
                try? handle.close()
            }
            writer.start()
            #expect(throws: TextDecodingError.streamTooLarge(path: path, kind: "a FIFO", limit: limit)) {
                try TextDecoder.decodeFile(atPath: path, limit: limit)
            }
        }
        #expect(TextDecodingError.streamTooLarge(path: "/dev/zero", kind: "a character device", limit: 1 << 20).description
                == "'/dev/zero' is a character device larger than the 1 MiB limit for a book.")
    }

    @Test("a UTF-16 stream, whose text holds zero bytes, is not taken for binary data")
    func utf16Stream() throws {
        try withTemporaryDirectory { dir in
            let path = dir + "/pipe.txt"
            #expect(mkfifo(path, 0o600) == 0)
            let text = String(repeating: "A line of a book in UTF-16.\n", count: 1000)
            let writer = Thread {
                guard let handle = FileHandle(forWritingAtPath: path) else { return }
                handle.write(Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!)
                try? handle.close()
            }
            writer.start()
            let decoded = try TextDecoder.decodeFile(atPath: path)
            #expect(decoded.text == text)
        }
    }

    @Test("every error describes itself in one line")
    func descriptions() {
        let errors: [TextDecodingError] = [
            .notText(path: "a.bin", offset: 3), .notText(path: nil, offset: 0), .unknownEncoding("x"),
            .fileNotFound(path: "a"), .isDirectory(path: "d"), .cannotRead(path: "a", reason: "Input/output error"),
            .fileTooLarge(path: "big", size: 3 << 30, limit: 1 << 30),
            .streamTooLarge(path: "/dev/zero", kind: "a character device", limit: 1 << 30),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
        #expect(TextDecodingError.isDirectory(path: "/books").description == "'/books' is a directory, not a text file.")
    }
}
