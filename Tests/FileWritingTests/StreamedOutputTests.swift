import FileWriting
import Foundation
import Testing

/// `StreamedOutput` (recordings) and `OutputFolder` (frames, plots) find their targets as
/// `OutputFile` does.
@Suite struct StreamedOutputTests {
    @Test("each write reaches the file at once, through a link, keeping the file's mode")
    func writesThroughALink() throws {
        try withScratchFolder { dir in
            FileManager.default.createFile(atPath: dir + "/real.txt", contents: Data("an old, longer recording".utf8))
            #expect(chmod(dir + "/real.txt", 0o600) == 0)
            #expect(symlink("real.txt", dir + "/link.txt") == 0)
            let output = try StreamedOutput(path: dir + "/link.txt")
            try output.write(Data("first\n".utf8))
            #expect(contents(dir + "/real.txt") == "first\n", "emptied, then written at once")
            try output.write(Data("second\n".utf8))
            #expect(contents(dir + "/real.txt") == "first\nsecond\n")
            #expect(fileType(dir + "/link.txt") == S_IFLNK)
            #expect(fileInfo(dir + "/real.txt").map { $0.st_mode & 0o7777 } == 0o600)
        }
    }

    @Test("a FIFO is streamed; a directory is refused")
    func fifoAndDirectory() throws {
        try withScratchFolder { dir in
            let path = dir + "/pipe"
            #expect(mkfifo(path, 0o600) == 0)
            let read = try readingFIFO(path) {
                let output = try StreamedOutput(path: path)
                try output.write(Data("a\n".utf8))
                try output.write(Data("b\n".utf8))
            }
            #expect(read == "a\nb\n")
            #expect(throws: OutputError(path: dir, reason: "is a directory")) { try StreamedOutput(path: dir) }
        }
    }

    @Test("a folder is made with its parents; an existing one is fine; a file in the way is refused")
    func folders() throws {
        try withScratchFolder { dir in
            try OutputFolder.make(dir + "/a/b/c")
            try OutputFolder.make(dir + "/a/b/c")
            #expect(fileType(dir + "/a/b/c") == S_IFDIR)
            FileManager.default.createFile(atPath: dir + "/file", contents: Data())
            #expect(throws: OutputError("cannot make the folder", path: dir + "/file", reason: "a file of that name is there")) {
                try OutputFolder.make(dir + "/file")
            }
            #expect(throws: OutputError.self) { try OutputFolder.make(dir + "/file/frames") }
        }
    }
}
