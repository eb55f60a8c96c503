import Foundation
import Testing
@testable import FileWriting

/// A cache folder stays bounded: its files newest first within a count and a size, the one
/// just used kept, and temporary files of killed writers swept.
@Suite("Cache folders are pruned")
struct CacheFolderTests {
    static func pages(_ name: String) -> Bool { name.hasSuffix(".pages") && name != "report.pages" }

    /// Writes `name` with `size` bytes, last modified `age` seconds ago.
    func file(_ dir: String, _ name: String, size: Int, age: TimeInterval) throws {
        let path = (dir as NSString).appendingPathComponent(name)
        try Data(count: size).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }

    func names(_ dir: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    @Test("the oldest go first, past the count or the size; other kinds of file stay")
    func oldestFirst() throws {
        try withScratchFolder { dir in
            for k in 1...6 { try file(dir, "\(k).pages", size: 100, age: Double(k) * 60) }
            try file(dir, "notes.txt", size: 10, age: 9_999)
            try file(dir, "report.pages", size: 10, age: 9_999)  // a file of the user's the cache does not own
            CacheFolder.prune(URL(fileURLWithPath: dir), keepingAtMost: 4, bytes: .max, isCacheFile: Self.pages)
            #expect(try names(dir) == ["1.pages", "2.pages", "3.pages", "4.pages", "notes.txt", "report.pages"])
            CacheFolder.prune(URL(fileURLWithPath: dir), keepingAtMost: 10, bytes: 250, isCacheFile: Self.pages)
            #expect(try names(dir) == ["1.pages", "2.pages", "notes.txt", "report.pages"])
        }
    }

    @Test("the newest file is kept even when it alone is over the size")
    func newestKept() throws {
        try withScratchFolder { dir in
            try file(dir, "big.pages", size: 1000, age: 1)
            try file(dir, "old.pages", size: 10, age: 100)
            CacheFolder.prune(URL(fileURLWithPath: dir), keepingAtMost: 10, bytes: 500, isCacheFile: Self.pages)
            #expect(try names(dir) == ["big.pages"])
        }
    }

    @Test("a file used again is kept over one written later but not used since")
    func touchedIsKept() throws {
        try withScratchFolder { dir in
            try file(dir, "a.pages", size: 10, age: 300)
            try file(dir, "b.pages", size: 10, age: 60)
            CacheFolder.touch((dir as NSString).appendingPathComponent("a.pages"))
            CacheFolder.prune(URL(fileURLWithPath: dir), keepingAtMost: 1, bytes: .max, isCacheFile: Self.pages)
            #expect(try names(dir) == ["a.pages"])
        }
    }

    @Test("a killed writer's temporary file is swept; a running writer's is left")
    func temporaryFiles() throws {
        try withScratchFolder { dir in
            // A process id no process has (above the kernel's limit), and this process's own.
            try file(dir, "x.pages.tmp-4194305-12345", size: 10, age: 1)
            try file(dir, "y.pages.tmp-\(getpid())-678", size: 10, age: 1)
            try file(dir, "z.pages.tmp-\(getpid())-9", size: 10, age: 2 * 86_400)
            try file(dir, "report.pages.tmp-4194305-1", size: 10, age: 1)  // not the cache's
            CacheFolder.prune(URL(fileURLWithPath: dir), keepingAtMost: 10, bytes: .max, isCacheFile: Self.pages)
            #expect(try names(dir) == ["report.pages.tmp-4194305-1", "y.pages.tmp-\(getpid())-678"])
        }
    }
}
