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

    @Test("a face whose outlines are gone (the file cut short) or whose glyf table runs past the file's end is damaged")
    func damagedFacesAreRefused() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuSans))
        // The header, the character map and the metrics whole, most outlines gone: the face
        // with its glyf table moved last, then cut a tenth of the way into it.
        let (glyfLast, glyf) = Self.withTableLast("glyf", of: font)
        let cut = Data(glyfLast.prefix(glyf.lowerBound + glyf.count / 10))
        // The same face with its glyf table said to be ten times the file.
        var long = font
        let tables = Int(font[4]) << 8 | Int(font[5])
        for k in 0..<tables where font[12 + 16 * k..<12 + 16 * k + 4].elementsEqual("glyf".utf8) {
            let length = UInt32(font.count * 10)
            for (i, byte) in [length >> 24, length >> 16, length >> 8, length].enumerated() {
                long[12 + 16 * k + 12 + i] = UInt8(truncatingIfNeeded: byte)
            }
        }
        #expect(long != font, "the glyf table's length was changed")
        for bytes in [cut, long] {
            let path = try TemporaryFile.write(bytes)
            defer { TemporaryFile.remove(path) }
            let error = try #require(throws: FontError.self) { try FontFace(path: path) }
            #expect(error == .damaged(path: path))
        }
        #expect(try FontFace(path: TestFonts.dejaVuSans).familyName == "DejaVu Sans", "a whole face still opens")
    }

    /// An sfnt font with table `tag` moved to the end of the file (the others kept in their
    /// order, each at a 4-byte boundary), and where that table now lies.
    static func withTableLast(_ tag: String, of font: Data) -> (Data, Range<Int>) {
        func u32(_ d: Data, _ at: Int) -> Int { d[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let count = Int(font[4]) << 8 | Int(font[5])
        var records = (0..<count).map { k in (k: k, tag: font[12 + 16 * k..<16 + 16 * k], offset: u32(font, 20 + 16 * k), length: u32(font, 24 + 16 * k)) }
        records.sort { ($0.tag.elementsEqual(tag.utf8) ? 1 : 0) < ($1.tag.elementsEqual(tag.utf8) ? 1 : 0) }
        var out = Data(font.prefix(12 + 16 * count))
        var moved = 0..<0
        for r in records {
            while out.count % 4 != 0 { out.append(0) }
            let at = out.count
            out.append(font[r.offset..<r.offset + r.length])
            for i in 0..<4 { out[20 + 16 * r.k + i] = UInt8(truncatingIfNeeded: at >> (24 - 8 * i)) }
            if r.tag.elementsEqual(tag.utf8) { moved = at..<at + r.length }
        }
        return (out, moved)
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
            .noUnicodeCharmap(path: path), .damaged(path: path),
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
