import FileWriting
import Foundation
import Testing

/// `OutputFile` writes the way `cp` and `sort -o` do.
@Suite struct OutputFileTests {
    @Test("a symbolic link is written through: the link stays a link, its target gets the data")
    func symlinkWrittenThrough() throws {
        try withScratchFolder { dir in
            try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: dir + "/real/out.json", contents: Data("old".utf8))
            #expect(symlink("real/out.json", dir + "/link.json") == 0)
            try OutputFile.write("new", to: dir + "/link.json")
            #expect(fileType(dir + "/link.json") == S_IFLNK)
            #expect(contents(dir + "/real/out.json") == "new")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/real")
            #expect(names == ["out.json"], "no temporary file left behind")
        }
    }

    @Test("a dangling link is written through: its target is created")
    func danglingLink() throws {
        try withScratchFolder { dir in
            #expect(symlink(dir + "/target.txt", dir + "/link.txt") == 0)
            try OutputFile.write("made", to: dir + "/link.txt")
            #expect(fileType(dir + "/link.txt") == S_IFLNK)
            #expect(contents(dir + "/target.txt") == "made")
        }
    }

    @Test("an existing file keeps its mode (600), and is replaced whole")
    func modeKept() throws {
        try withScratchFolder { dir in
            let path = dir + "/secret.json"
            FileManager.default.createFile(atPath: path, contents: Data(String(repeating: "x", count: 100).utf8))
            #expect(chmod(path, 0o600) == 0)
            let before = try #require(fileInfo(path))
            try OutputFile.write("short", to: path)
            let after = try #require(fileInfo(path))
            #expect(after.st_mode & 0o7777 == 0o600)
            #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
            #expect(contents(path) == "short")
        }
    }

    @Test("a file with another hard link is rewritten in place, so both names see the new data")
    func hardLinkKept() throws {
        try withScratchFolder { dir in
            FileManager.default.createFile(atPath: dir + "/a", contents: Data("old".utf8))
            #expect(link(dir + "/a", dir + "/b") == 0)
            try OutputFile.write("new", to: dir + "/b")
            #expect(contents(dir + "/a") == "new")
            #expect(fileInfo(dir + "/a")?.st_ino == fileInfo(dir + "/b")?.st_ino)
        }
    }

    @Test("a FIFO is written as a stream and stays a FIFO")
    func fifoStreamed() throws {
        try withScratchFolder { dir in
            let path = dir + "/pipe"
            #expect(mkfifo(path, 0o600) == 0)
            let read = try readingFIFO(path) { try OutputFile.write("through the pipe\n", to: path) }
            #expect(read == "through the pipe\n")
            #expect(fileType(path) == S_IFIFO)
        }
    }

    @Test("a character device is written as a stream and stays a device; a full one says so in words")
    func characterDevice() throws {
        try OutputFile.write("gone", to: "/dev/null")
        #expect(fileType("/dev/null") == S_IFCHR)
        #expect(throws: OutputError(path: "/dev/full", reason: "no space left on device")) {
            try OutputFile.write("data", to: "/dev/full")
        }
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test("a directory is refused in one line naming it, and left alone")
    func directoryRefused() throws {
        try withScratchFolder { dir in
            let error = #expect(throws: OutputError.self) { try OutputFile.write("x", to: dir) }
            #expect(error?.description == "cannot write \(dir): is a directory")
            #expect(fileType(dir) == S_IFDIR)
        }
    }

    @Test("a missing folder is 'no such directory'; no message is a Foundation error domain")
    func missingFolder() throws {
        let error = #expect(throws: OutputError.self) { try OutputFile.write("x", to: "/nonexistent-folder/out.png") }
        #expect(error?.description == "cannot write /nonexistent-folder/out.png: no such directory")
        #expect(error?.description.contains("Domain") == false)
    }

    @Test("a new file is made with the umask's mode, like cp's")
    func newFile() throws {
        try withScratchFolder { dir in
            let old = umask(0o027)
            defer { umask(old) }
            try OutputFile.write("fresh", to: dir + "/new.txt")
            #expect(fileInfo(dir + "/new.txt").map { $0.st_mode & 0o777 } == 0o640)
            #expect(contents(dir + "/new.txt") == "fresh")
        }
    }

    @Test("a file we may not write is refused, not replaced", .enabled(if: geteuid() != 0, "root may write anything"))
    func readOnlyRefused() throws {
        try withScratchFolder { dir in
            let path = dir + "/locked.txt"
            FileManager.default.createFile(atPath: path, contents: Data("keep".utf8))
            #expect(chmod(path, 0o444) == 0)
            #expect(throws: OutputError(path: path, reason: "permission denied")) { try OutputFile.write("x", to: path) }
            #expect(contents(path) == "keep")
        }
    }
}
