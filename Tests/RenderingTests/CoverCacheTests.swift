import Foundation
import Testing
@testable import Rendering

@Suite("Covers kept on disk")
struct CoverCacheTests {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-covers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a cover stored comes back for its book and box; a changed book or another box is another file")
    func roundTrip() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = folder.appendingPathComponent("book.epub")
        try Data("first".utf8).write(to: book)
        let cache = CoverCache(cache: folder)
        let file = try #require(cache.file(book: book.path, width: 120, height: 180))
        let pixels = (0..<(100 * 150)).map { UInt32($0) | 0xFF00_0000 }
        cache.store(pixels, width: 100, height: 150, in: file)
        let kept = try #require(cache.load(file, fitting: 120, 180))
        #expect(kept.width == 100 && kept.height == 150 && kept.pixels == pixels)
        #expect(cache.load(file, fitting: 90, 180) == nil, "a cover larger than the box is not taken")
        #expect(cache.file(book: book.path, width: 240, height: 360) != file)
        try Data("second, longer".utf8).write(to: book)
        #expect(cache.file(book: book.path, width: 120, height: 180) != file)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a cut, padded, foreign or linked file is not read")
    func hostile() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CoverCache(cache: folder)
        let file = folder.appendingPathComponent("covers/x.cover").path
        cache.store([UInt32](repeating: 7, count: 4), width: 2, height: 2, in: file)
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(cache.load(file, fitting: 10, 10) != nil)
        for bad in [good.dropLast(1), good + Data([0]), Data("PTCOVER2".utf8) + good.dropFirst(8), Data(), Data(count: 16)] {
            try Data(bad).write(to: URL(fileURLWithPath: file))
            #expect(cache.load(file, fitting: 10, 10) == nil)
        }
        try FileManager.default.removeItem(atPath: file)
        let elsewhere = folder.appendingPathComponent("elsewhere.cover")
        try good.write(to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: elsewhere.path)
        #expect(cache.load(file, fitting: 10, 10) == nil)
    }
}
