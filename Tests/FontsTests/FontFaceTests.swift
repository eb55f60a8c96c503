import Foundation
import Testing
import Fonts

@Suite struct FontFaceTests {
    @Test func opensDejaVuSans() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.unitsPerEM == 2048)
        #expect(face.faceCount == 1)
        #expect(face.hasGlyph(for: "a"))
        #expect(!face.hasGlyph(for: "一"))
        #expect(face.unscaledAdvance(of: "一") == nil)

        let metrics = face.metrics(pixelSize: 18)
        #expect(metrics.ascender > 0 && metrics.descender < 0)
        #expect(abs(metrics.lineHeight - (metrics.ascender - metrics.descender + metrics.lineGap)) < 0.001)
    }

    @Test func advancesAreUnhintedFontUnitsScaled() throws {
        let face = try FontFace(path: TestFonts.dejaVuSans)
        // 'a' is 1255 units wide in DejaVu Sans's hmtx (hb-shape reports the same).
        #expect(face.unscaledAdvance(of: "a") == 1255)
        #expect(face.advance(of: "a", pixelSize: 18) == Float(1255.0 * 18 / 2048))
        #expect(face.advance(of: "a", pixelSize: 13) == Float(1255.0 * 13 / 2048))
    }

    @Test func opensEachFaceOfACollection() throws {
        let first = try FontFace(path: TestFonts.wqyMicroHei, faceIndex: 0)
        let second = try FontFace(path: TestFonts.wqyMicroHei, faceIndex: 1)
        #expect(first.familyName == "WenQuanYi Micro Hei")
        #expect(second.familyName == "WenQuanYi Micro Hei Mono")
        #expect(first.faceCount == 2)
        #expect(first.hasGlyph(for: "一"))

        #expect(throws: FontError.noSuchFace(path: TestFonts.wqyMicroHei, index: 5, faceCount: 2)) {
            try FontFace(path: TestFonts.wqyMicroHei, faceIndex: 5)
        }
    }

    @Test func textFileIsNotAFont() throws {
        let path = try TemporaryFile.write("Chapter 1\nThis is a book, not a font.\n")
        defer { TemporaryFile.remove(path) }
        let error = try #require(throws: FontError.self) { try FontFace(path: path) }
        #expect(error == .notAFont(path: path))
        #expect(error.description == "not a font file: \(path)")
    }

    @Test func emptyFileIsNotAFont() throws {
        let path = try TemporaryFile.write("")
        defer { TemporaryFile.remove(path) }
        let error = try #require(throws: FontError.self) { try FontFace(path: path) }
        #expect(error.description == "not a font file: \(path)")
    }

    @Test func truncatedFontIsNotAFont() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans))
        let path = try TemporaryFile.write(font.prefix(300))
        defer { TemporaryFile.remove(path) }
        let error = try #require(throws: FontError.self) { try FontFace(path: path) }
        #expect(error.description == "not a font file: \(path)")
    }

    @Test func missingFileSaysSo() throws {
        let path = "/nonexistent/pageturn/NoSuchFont.ttf"
        let error = try #require(throws: FontError.self) { try FontFace(path: path) }
        #expect(error == .missingFile(path: path))
        #expect(error.description == "no such font file: \(path)")
    }

    @Test func directoryIsNotAFont() throws {
        let error = try #require(throws: FontError.self) { try FontFace(path: "/usr/share/fonts") }
        #expect(error.description == "not a font file: /usr/share/fonts")
    }

    @Test func everyErrorIsOneLineNamingTheFile() {
        let path = "/tmp/x.ttf"
        let errors: [FontError] = [
            .missingFile(path: path), .unreadableFile(path: path), .notAFont(path: path),
            .noSuchFace(path: path, index: 3, faceCount: 1), .notScalable(path: path),
            .noUnicodeCharmap(path: path),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasSuffix(path))
        }
    }
}

/// Files written for one test and removed after it.
enum TemporaryFile {
    static func write(_ text: String) throws -> String { try write(Data(text.utf8)) }

    static func write(_ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-font-\(UUID().uuidString).ttf")
        try data.write(to: url)
        return url.path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}
