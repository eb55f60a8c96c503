import Foundation
import Testing

@Suite("--lang on paginate, linebreak, read and render")
struct LanguageCommandTests {
    let sample = "assets/books/alice-excerpt.txt"

    @Test("a tag that is not BCP 47 is refused on one line by every command", arguments: [
        ["paginate", "assets/books/alice-excerpt.txt", "--no-cache"], ["linebreak", "abc"],
        ["render", "assets/books/alice-excerpt.txt", "--out", "/dev/null"],
        ["read", "assets/books/alice-excerpt.txt", "--headless", "--script", "/dev/null"],
    ])
    func badTags(command: [String]) throws {
        for tag in ["ja_JP", "en-", "日本", ""] {
            try expectOneLineError(command + ["--lang", tag], mentioning: "BCP 47")
        }
    }

    @Test("linebreak follows the language given, or detected from the text, not the neighbours")
    func linebreakByLanguage() throws {
        let given = try Pageturn.run(["linebreak", "--kinsoku", "normal", "--lang", "ja", "1〜2"])
        #expect(given.status == 0 && given.stdout == "1÷〜÷2↵\n")
        let none = try Pageturn.run(["linebreak", "--kinsoku", "normal", "1〜2"])
        #expect(none.stdout == "1〜÷2↵\n", "no letters: no language, no tailoring")
        let detected = try Pageturn.run(["linebreak", "--kinsoku", "loose", "時々です"])
        #expect(detected.stdout == "時÷々÷で÷す↵\n")
        let english = try Pageturn.run(["linebreak", "--kinsoku", "loose", "--lang", "en", "時々です"])
        #expect(english.stdout == "時々÷で÷す↵\n")
    }

    @Test("linebreak finds the words of a Thai sentence")
    func thaiWords() throws {
        let result = try Pageturn.run(["linebreak", "ฉันรักภาษาไทย"])
        #expect(result.stdout == "ฉัน÷รัก÷ภาษา÷ไทย↵\n")
    }

    @Test("paginate names the language it laid the book out in")
    func paginateSaysTheLanguage() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("neko.txt")
        try Data(String(repeating: "吾輩は猫である。名前はまだ無い。\n", count: 20).utf8).write(to: book)
        let detected = try Pageturn.run(["paginate", book.path, "--no-cache"])
        #expect(detected.status == 0 && detected.stdout.contains("language ja"), "\(detected.stdout)")
        let given = try Pageturn.run(["paginate", book.path, "--no-cache", "--lang", "ZH-hant"])
        #expect(given.stdout.contains("language zh-Hant"), "\(given.stdout)")
        let english = try Pageturn.run(["paginate", sample, "--no-cache"])
        #expect(english.stdout.contains("language en"), "\(english.stdout)")
        // Latin letters without a clear leader among the common words: no language.
        let latin = dir.appendingPathComponent("lorem.txt")
        try Data(String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n", count: 20).utf8).write(to: latin)
        #expect(try Pageturn.run(["paginate", latin.path, "--no-cache"]).stdout.contains("language undetermined"))
    }

    @Test("read --lang is saved with the book until another is given; auto goes back to detection")
    func readSavesTheLanguage() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func language(_ options: [String]) throws -> String? {
            let result = try Pageturn.run(["read", sample, "--headless", "--script", "-", "--state-dir", dir.path,
                                           "--cache-dir", dir.appendingPathComponent("cache").path] + options,
                                          stdin: "tick @100\n")
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            let summary = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
            return summary?["language"] as? String
        }
        #expect(try language([]) == "en", "English, detected")
        #expect(try language(["--lang", "ja"]) == "ja")
        #expect(try language([]) == "ja", "the book's saved choice")
        #expect(try language(["--lang", "auto"]) == "en")
        #expect(try language([]) == "en")
    }
}
