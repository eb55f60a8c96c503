import Foundation
import Testing
@testable import Fonts
import Pagination

/// The fonts' caches on disk: what is read back is what was found or built, and nothing stale
/// or damaged is trusted.
@Suite struct FontCacheTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-fontcache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func locationsReadBackOnlyInTheStateTheyWereWrittenIn() throws {
        let faces = FontLocationCache.Faces(
            text: FontLocation(path: TestFonts.dejaVuSans, faceIndex: 0, family: "DejaVu Sans"),
            cjk: FontLocation(path: TestFonts.wqyMicroHei, faceIndex: 1, family: "WenQuanYi Micro Hei Mono"))
        let text = try #require(FontLocationCache.render(faces, state: "abc"))
        #expect(FontLocationCache.parse(text, state: "abc") == faces)
        #expect(FontLocationCache.parse(text, state: "abd") == nil)
        let none = FontLocationCache.Faces(text: nil, cjk: nil)
        #expect(FontLocationCache.parse(try #require(FontLocationCache.render(none, state: "s")), state: "s") == none)
        // Damaged lines are not trusted.
        #expect(FontLocationCache.parse(text.replacingOccurrences(of: "text 0", with: "text x"), state: "abc") == nil)
        #expect(FontLocationCache.parse(String(text.dropLast(20)), state: "abc") == nil)
    }

    @Test func aChangedFontFileIsLookedUpAgain() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Sans.ttf")
        try FileManager.default.copyItem(atPath: TestFonts.dejaVuSans, toPath: copy.path)
        let faces = FontLocationCache.Faces(text: FontLocation(path: copy.path, family: "DejaVu Sans"), cjk: nil)
        let text = try #require(FontLocationCache.render(faces, state: "s"))
        #expect(FontLocationCache.parse(text, state: "s") == faces)
        try Data([0, 1, 0, 0]).write(to: copy)  // replaced by another file
        #expect(FontLocationCache.parse(text, state: "s") == nil)
        try FileManager.default.removeItem(at: copy)
        #expect(FontLocationCache.parse(text, state: "s") == nil)
    }

    @Test func aLocationThatIsAFIFOOrADeviceIsNeverTrusted() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("font.ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/zero"] {
            let faces = FontLocationCache.Faces(text: FontLocation(path: path, family: "Planted"), cjk: nil)
            let text = try #require(FontLocationCache.render(faces, state: "s"))
            #expect(FontLocationCache.parse(text, state: "s") == nil, "\(path)")
        }
    }

    @Test func aLocationsFileThatIsNotAFileIsNotWaitedOnAndFontconfigAnswers() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FontLocationCache(directory: folder)
        #expect(mkfifo(cache.file(for: .simplified).path, 0o600) == 0)
        let locator = try #require(FontLocator())
        #expect(cache.defaultFaces(cut: .simplified).text == locator.textFace())
    }

    @Test func defaultFacesAreFontconfigsAndAreWrittenDown() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locator = try #require(FontLocator())
        let cache = FontLocationCache(directory: folder)
        let first = cache.defaultFaces(cut: .japanese)
        #expect(first == FontLocationCache.Faces(text: locator.textFace(), cjk: locator.cjkFace(.japanese)))
        #expect(FileManager.default.fileExists(atPath: cache.file(for: .japanese).path))
        #expect(cache.defaultFaces(cut: .japanese) == first)
        // Each cut is kept apart: a Chinese book does not get the Japanese face written down.
        #expect(cache.defaultFaces(cut: .simplified).cjk == locator.cjkFace(.simplified))
        #expect(cache.defaultFaces(cut: .simplified).cjk != first.cjk)
    }

    @Test func aCachedTableIsTheBuiltOneAndOldTablesArePruned() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var set = FontSet(primary: try FontFace(path: TestFonts.dejaVuSans), cjk: try FontFace(path: TestFonts.wqyMicroHei))
        set.advanceCache = AdvanceTableCache(directory: folder)
        let built = set.buildAdvanceTable(pixelSize: 18)
        let first = set.advanceTable(pixelSize: 18)  // builds and stores
        let cached = try #require(set.advanceCache?.load(set, pixelSize: 18))
        for table in [first, cached] {
            #expect(table.digest == built.digest)
            for s: UInt32 in [0x41, 0x56, 0x4E2D, 0x20000, 0x2A6D6, 0xFF01, 0x200B] {
                #expect(table.advance(of: s) == built.advance(of: s))
            }
            #expect(table.kerning(0x41, 0x56) == built.kerning(0x41, 0x56))
        }
        #expect(set.advanceCache?.load(set, pixelSize: 19) == nil)
        for size in 10...20 { _ = set.advanceTable(pixelSize: Float(size)) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("advances-") }
        #expect(files.count == AdvanceTableCache.keptFiles)
    }
}
