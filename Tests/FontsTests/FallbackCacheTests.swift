import Foundation
import Testing
@testable import Fonts
import Pagination

/// Each character's fallback face kept on disk: the choice read back is the one fontconfig
/// makes, fontconfig is asked only about characters no earlier book asked about, and nothing
/// stale or damaged is trusted.
@Suite struct FallbackCacheTests {
    static let sans = FontLocation(path: TestFonts.dejaVuSans, faceIndex: 0, family: "DejaVu Sans")
    static let cjk = FontLocation(path: TestFonts.wqyMicroHei, faceIndex: 0, family: "WenQuanYi Micro Hei")

    /// A stand-in for fontconfig: 'a'…'z' in rank 2 (DejaVu Sans), CJK in rank 5, nothing else;
    /// it counts the characters it is asked about.
    final class Asker: @unchecked Sendable {
        var asked: [[UInt32]] = []
        func answer(_ missing: [UInt32]) -> [RankedFace?] {
            asked.append(missing)
            return missing.map { c in
                if (0x61...0x7A).contains(c) { return RankedFace(rank: 2, location: FallbackCacheTests.sans) }
                if (0x4E00...0x9FFF).contains(c) { return RankedFace(rank: 5, location: FallbackCacheTests.cjk) }
                return nil
            }
        }
    }

    @Test func aSecondBookAsksOnlyAboutCharactersTheFirstDidNot() throws {
        let folder = try FontCacheTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FallbackCache(directory: folder)
        let asker = Asker()
        let first = try #require(cache.choice(for: [0x61, 0x4E00, 0x1F600], language: "fa", ask: asker.answer))
        #expect(first.faces == [Self.sans, Self.cjk])
        #expect(first.uncovered == [0x1F600])
        let second = try #require(cache.choice(for: [0x4E00, 0x62, 0x1F600], language: "fa", ask: asker.answer))
        // The emoji no face had is asked about again (a font installed since may have it).
        #expect(asker.asked == [[0x61, 0x4E00, 0x1F600], [0x62, 0x1F600]])
        #expect(second.faces == [Self.sans, Self.cjk])
        #expect(second.uncovered == [0x1F600])
        // Known characters alone: fontconfig is not asked at all, even when it cannot start.
        let third = try #require(cache.choice(for: [0x62, 0x4E00], language: "fa", ask: { _ in nil }))
        #expect(third.faces == [Self.sans, Self.cjk])
        // Another language has its own file.
        #expect(cache.choice(for: [0x62], language: "bn", ask: { _ in nil }) == nil)
    }

    @Test func theChoiceFromTheFileIsTheChoiceFromEveryCharactersFirstFace() throws {
        let folder = try FontCacheTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FallbackCache(directory: folder)
        let asker = Asker()
        let missing: [UInt32] = [0x4E01, 0x63, 0x2603, 0x64]
        let covered = missing.filter { $0 != 0x2603 }  // no face has the snowman: it would be asked again
        let direct = FallbackChoice(missing: covered, firstCovering: asker.answer(covered), limit: 1)
        _ = cache.choice(for: covered, language: "en", limit: 1, ask: asker.answer)
        let cached = try #require(cache.choice(for: covered, language: "en", limit: 1, ask: { _ in nil }))
        #expect(cached.faces == direct.faces)
        #expect(cached.uncovered == direct.uncovered)
        // With one face allowed, the best-ranked one is kept and the CJK character is uncovered.
        #expect(direct.faces == [Self.sans])
        #expect(direct.uncovered == [0x4E01])
    }

    @Test func withFontconfigTheCachedChoiceIsFontconfigsOwn() throws {
        let locator = try #require(FontLocator())
        let folder = try FontCacheTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FallbackCache(directory: folder)
        // Persian and Bengali letters, a Devanagari one, an emoji and a private-use character.
        let missing: [UInt32] = [0x067E, 0x06AF, 0x0995, 0x09BE, 0x0915, 0x1F600, 0xE000]
        let direct = locator.fallbackFaces(for: missing, language: "fa")
        for _ in 0..<2 {
            let cached = try #require(cache.choice(for: missing, language: "fa") {
                locator.firstCoveringFaces(for: $0, language: "fa")
            })
            #expect(cached.faces == direct.faces)
            #expect(cached.uncovered == direct.uncovered)
        }
        #expect(!direct.faces.isEmpty)
    }

    @Test func aFileFromAnotherStateOrDamagedIsNotTrusted() throws {
        var known = FallbackCache.Known()
        known.faces[2] = Self.sans
        known.characters[0x61] = .some(2)
        known.characters[0x1F600] = .some(nil)
        let text = try #require(FallbackCache.render(known, state: "s1"))
        #expect(FallbackCache.parse(text, state: "s1") == known)
        #expect(FallbackCache.parse(text, state: "s2") == nil)
        #expect(FallbackCache.parse(text.replacingOccurrences(of: "char 61 2", with: "char 61 7"), state: "s1") == nil,
                "a character whose face is not listed")
        #expect(FallbackCache.parse(text.replacingOccurrences(of: "char 61", with: "char zz"), state: "s1") == nil)
        #expect(FallbackCache.parse(text + "char d800 -\n", state: "s1") == nil, "not a scalar")
        #expect(FallbackCache.parse(text + "junk\n", state: "s1") == nil)
        #expect(FallbackCache.parse(text.replacingOccurrences(of: TestFonts.dejaVuSans, with: "/dev/zero"), state: "s1") == nil,
                "a device is never a face")
    }

    @Test func aChangedFaceFileMakesTheFileStale() throws {
        let folder = try FontCacheTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Sans.ttf")
        try FileManager.default.copyItem(atPath: TestFonts.dejaVuSans, toPath: copy.path)
        var known = FallbackCache.Known()
        known.faces[0] = FontLocation(path: copy.path, family: "DejaVu Sans")
        known.characters[0x61] = .some(0)
        let text = try #require(FallbackCache.render(known, state: "s"))
        #expect(FallbackCache.parse(text, state: "s") == known)
        try Data([0, 1, 0, 0]).write(to: copy)
        #expect(FallbackCache.parse(text, state: "s") == nil)
    }

    @Test func aLinkOrAHugeFileInThePlaceOfTheCacheIsIgnored() throws {
        let folder = try FontCacheTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FallbackCache(directory: folder)
        let file = try #require(cache.file(for: "fa"))
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        #expect(FallbackCache.read(file) == nil)
        try FileManager.default.removeItem(at: file)
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(FallbackCache.largestFile + 1))
        try handle.close()
        #expect(FallbackCache.read(file) == nil)
        // Asked again, the answer replaces it.
        let asker = Asker()
        #expect(cache.choice(for: [0x61], language: "fa", ask: asker.answer)?.faces == [Self.sans])
        #expect(FallbackCache.read(file) != nil)
    }

    @Test func aLanguageTagCannotNameAFileOutsideTheFolderAndNoLanguageKeepsNothing() throws {
        let cache = FallbackCache(directory: URL(fileURLWithPath: "/tmp/x"))
        #expect(cache.file(for: "../../etc/passwd") == nil)
        #expect(cache.file(for: String(repeating: "a", count: 65)) == nil)
        #expect(cache.file(for: nil) == nil, "without a language fontconfig ranks by the locale")
        #expect(cache.file(for: "zh-Hant")?.lastPathComponent == "fallbacks-zh-Hant.txt")
        let asker = Asker()
        _ = cache.choice(for: [0x61], language: nil, ask: asker.answer)
        _ = cache.choice(for: [0x61], language: nil, ask: asker.answer)
        #expect(asker.asked.count == 2, "asked every time")
    }

    @Test func aFileStartedAfreshStillAnswersForEveryCharacterOfTheBook() throws {
        let folder = try FontCacheTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FallbackCache(directory: folder)
        var known = FallbackCache.Known()
        known.faces[5] = Self.cjk
        for c in UInt32(0x4E00)..<UInt32(0x4E00 + FallbackCache.characterLimit - 1) { known.characters[c] = .some(5) }
        let text = try #require(FallbackCache.render(known, state: FontLocationCache.fontconfigState()))
        try Data(text.utf8).write(to: try #require(cache.file(for: "ja")))
        let asker = Asker()
        // One character known, two new: over the limit, so the file starts afresh.
        let choice = try #require(cache.choice(for: [0x4E00, 0x61, 0x62], language: "ja", ask: asker.answer))
        #expect(asker.asked == [[0x4E00, 0x61, 0x62]], "the known one is asked again, not lost")
        #expect(choice.faces == [Self.sans, Self.cjk] && choice.uncovered.isEmpty)
    }
}
