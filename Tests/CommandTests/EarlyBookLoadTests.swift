import Pagination
import Fonts
import Foundation
import Testing
import TextDecoding
@testable import pageturn

/// The book is read on the second core while the command line is parsed only when the raw
/// arguments name it plainly; a wrong guess must never hand a command another file's text,
/// and a FIFO's bytes must never be taken by a read ahead.
@Suite(.serialized) struct EarlyBookLoadTests {
    /// A folder holding `book.txt`, `out.json` and `font.ttf` (plain files), and a FIFO.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("early-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["book.txt", "out.json", "font.ttf"] {
            try Data("Call me Ishmael.\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
        return folder
    }

    @Test func theBookIsFoundAmongOptionsAndTheirValues() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.txt").path, json = dir.appendingPathComponent("out.json").path
        let font = dir.appendingPathComponent("font.ttf").path
        #expect(EarlyBookLoad.guessedBook(["paginate", book]) == book)
        #expect(EarlyBookLoad.guessedBook(["paginate", "--no-cache", "--preset", "plain", book, "--width", "800"]) == book)
        #expect(EarlyBookLoad.guessedBook(["paginate", "--json", json, book]) == book)
        #expect(EarlyBookLoad.guessedBook(["read", "--font", font, book]) == book)
        #expect(EarlyBookLoad.guessedBook(["render", book, "--out", json]) == book)
    }

    @Test func nothingIsReadAheadWhenTheGuessCouldBeWrongOrHarmful() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.txt").path
        #expect(EarlyBookLoad.guessedBook(["simulate", book]) == nil)
        #expect(EarlyBookLoad.guessedBook(["paginate", "--encoding", "GB18030", book]) == nil)
        #expect(EarlyBookLoad.guessedBook(["paginate", "--help", book]) == nil)
        #expect(EarlyBookLoad.guessedBook(["paginate", dir.appendingPathComponent("fifo").path]) == nil)
        #expect(EarlyBookLoad.guessedBook(["paginate", dir.path]) == nil)
        #expect(EarlyBookLoad.guessedBook(["paginate", dir.appendingPathComponent("missing.txt").path]) == nil)
        #expect(EarlyBookLoad.guessedBook([]) == nil)
    }

    @Test func aReadAheadIsGivenOnlyForItsOwnPathAndNoForcedEncoding() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.txt").path
        EarlyBookLoad.start(["paginate", book])
        #expect(EarlyBookLoad.take(path: dir.appendingPathComponent("out.json").path, encoding: nil) == nil)
        #expect(EarlyBookLoad.take(path: book, encoding: "UTF-8") == nil)
        let early = try #require(EarlyBookLoad.take(path: book, encoding: nil))
        let direct = try TextDecoder.decodeFile(atPath: book, encoding: nil)
        #expect(early.utf8 == direct.utf8)
        #expect(early.encoding == direct.encoding)
        #expect(EarlyBookLoad.take(path: book, encoding: nil) == nil, "a read ahead is given once")
    }

    @Test func theFacesAndSizeAreReadAsArgumentParserReadsThem() {
        let faces = EarlyBookLoad.guessedFaces(["read", "--font", "Noto Sans", "book.txt", "--cjk-font=IPAMincho", "--font", "DejaVu Serif"])
        #expect(faces == BookFonts.Request(font: "DejaVu Serif", cjkFont: "IPAMincho"), "the last --font wins")
        #expect(EarlyBookLoad.guessedFaces(["paginate", "book.txt"]) == BookFonts.Request())
        #expect(EarlyBookLoad.guessedSize(["paginate", "--size", "24", "book.txt"]) == 24)
        #expect(EarlyBookLoad.guessedSize(["paginate", "--size=13.5"]) == 13.5)
        #expect(EarlyBookLoad.guessedSize(["paginate", "--size", "-1"]) == nil, "what the command refuses is not read ahead")
        #expect(EarlyBookLoad.guessedSize(["paginate", "--size", "500"]) == nil, "nor a size past the reader's")
        #expect(EarlyBookLoad.guessedSize(["paginate", "--size"]) == 18)
    }

    /// The fonts opened ahead are the command's only when it asks for exactly those faces in
    /// that language; what it gets is what it would have opened itself.
    @Test func fontsReadAheadAreTakenOnlyForTheSameFacesAndLanguage() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.txt").path
        EarlyBookLoad.start(["paginate", "--font", "DejaVu Serif", "--size", "20", book])
        let text = BookText(decoded: try #require(EarlyBookLoad.take(path: book, encoding: nil)))
        let language = ContentLanguage.detect(in: text)
        let asked = BookFonts.Request(font: "DejaVu Serif")
        #expect(EarlyBookLoad.fonts(for: text, faces: BookFonts.Request(), language: language) == nil, "other faces")
        #expect(EarlyBookLoad.fonts(for: text, faces: asked, language: ContentLanguage(tag: "ru")) == nil, "another language")
        let other = BookText(decoded: try TextDecoder.decodeFile(atPath: book))
        #expect(EarlyBookLoad.fonts(for: other, faces: asked, language: language) == nil, "the same words in other bytes")
        let own = try BookFonts.openSet(asked, coverage: TextCoverage(text), language: language)
        #expect(EarlyBookLoad.advances(for: own.set, pixelSize: 20) == nil, "another set's table")
        let early = try BookFonts.loadSet(asked, for: text, language: language)
        #expect(early.set.primary.familyName == "DejaVu Serif")
        #expect(own.set.fingerprint == early.set.fingerprint, "the very faces the command would open")
        #expect(EarlyBookLoad.fonts(for: text, faces: asked, language: language) == nil, "handed out once")
        #expect(EarlyBookLoad.advances(for: early.set, pixelSize: 18) == nil, "another size")
        let advances = try #require(EarlyBookLoad.advances(for: early.set, pixelSize: 20))
        #expect(advances.pixelSize == 20)
        #expect(EarlyBookLoad.advances(for: early.set, pixelSize: 20) == nil, "handed out once")
    }

    /// The options of the book commands whose value is no file: a number, a name, a keyword.
    static let valueOptions: Set<String> = [
        "--curl", "--direction", "--encoding", "--folio-digits", "--fps", "--grip", "--height", "--hyphenate", "--kinsoku", "--lang",
        "--layout", "--line-breaking", "--line-height", "--line-spacing", "--margin", "--margins", "--markup", "--motion",
        "--page", "--pages", "--policy", "--preset", "--progress", "--progression", "--publisher-fonts", "--scale", "--set", "--size", "--theme",
        "--width", "--zones",
    ]

    @Test("every option of the book commands is known to the read-ahead as naming a file or not")
    func fileOptionsFollowTheCommands() throws {
        var options: Set<String> = []
        for command in EarlyBookLoad.bookCommands {
            let dump = try Pageturn.run([command, "--experimental-dump-help"])
            #expect(dump.status == 0, "\(dump.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
            let arguments = (json["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []
            for argument in arguments where argument["kind"] as? String == "option" {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    options.insert("--" + (name["name"] as? String ?? ""))
                }
            }
        }
        #expect(options.count > 30, "the commands' options were read: \(options.sorted())")
        let unknown = options.subtracting(EarlyBookLoad.fileOptions).subtracting(Self.valueOptions)
        #expect(unknown.isEmpty, "options neither in EarlyBookLoad.fileOptions nor here: \(unknown.sorted())")
        #expect(EarlyBookLoad.fileOptions.isSubset(of: options), "no longer options: \(EarlyBookLoad.fileOptions.subtracting(options).sorted())")
        #expect(Self.valueOptions.isSubset(of: options), "no longer options: \(Self.valueOptions.subtracting(options).sorted())")
    }
}

