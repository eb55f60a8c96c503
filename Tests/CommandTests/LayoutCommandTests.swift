import Foundation
import Testing
import TestSupport

@Suite("pageturn layout")
struct LayoutCommandTests {
    let english = "assets/books/alice-excerpt.txt"
    let hebrew = "assets/books/genesis-excerpt.he.txt"

    /// The page's JSON, parsed.
    func layout(_ book: String, _ options: [String] = []) throws -> [String: Any] {
        let result = try Pageturn.run(["layout", book, "--json", "-", "--width", "800", "--height", "1000"] + options)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Each line's glyphs as (x, cluster), and its baseline.
    func lines(_ page: [String: Any]) throws -> [(baseline: Double, glyphs: [(x: Double, cluster: Int)])] {
        let lines = try #require(page["lines"] as? [[String: Any]])
        return try lines.map { line in
            let runs = try #require(line["runs"] as? [[String: Any]])
            // The text's glyphs: a hyphen added at a break (a run with no text) aside.
            let glyphs = runs.filter { line["hyphen"] == nil || $0["text"] as? String != "" }
                .flatMap { ($0["glyphs"] as? [[String: Any]]) ?? [] }
                .map { (x: ($0["x"] as? Double) ?? Double($0["x"] as? Int ?? 0), cluster: $0["cluster"] as? Int ?? -1) }
            return ((line["baseline"] as? Double) ?? 0, glyphs)
        }
    }

    @Test("an English page: lines in reading order, baselines going down, each line's glyphs left to right in text order, inside the page")
    func englishPage() throws {
        let page = try layout(english, ["--page", "2"])  // page 1 holds the book's title alone
        let lines = try lines(page)
        #expect(lines.count > 20)
        let runs = try #require((page["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect((runs.first?["font"] as? String)?.hasSuffix(".ttf") == true)
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(a.baseline < b.baseline) }
        for line in lines {
            #expect(zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x && $0.cluster < $1.cluster })
            #expect(line.glyphs.allSatisfy { $0.x >= 0 && $0.x < 800 })
        }
    }

    @Test("a Hebrew page runs right to left: a line's first character is drawn rightmost, and the text ends at the right margin")
    func hebrewPage() throws {
        let lines = try lines(try layout(hebrew))
        #expect(lines.count > 5)
        var rightEnds: [Double] = []
        for line in lines where line.glyphs.count > 10 {
            let first = try #require(line.glyphs.min { $0.cluster < $1.cluster })
            let last = try #require(line.glyphs.max { $0.cluster < $1.cluster })
            #expect(first.x > last.x, "reading order runs leftwards")
            rightEnds.append(line.glyphs.map(\.x).max()!)
        }
        // Aligned at the right: every line ends at the text block's right edge, in the page's
        // right half (a paragraph's first line an indent short of it).
        #expect(rightEnds.min()! > 400 && rightEnds.max()! - rightEnds.min()! < 30, "right ends \(rightEnds)")
    }

    @Test("the running head and folio are given as lines are: the Hebrew head reads right to left, the title page has neither")
    func headAndFolio() throws {
        let page = try layout(SharedData.corpus("he_tanakh-wlc_bereshit-genesis.txt"), ["--page", "2"])
        let head = try #require(page["head"] as? [String: Any])
        let text = try #require(head["text"] as? String)
        #expect(text.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) }, "a Hebrew head: \(text)")
        let glyphs = try #require(head["runs"] as? [[String: Any]]).flatMap { ($0["glyphs"] as? [[String: Any]]) ?? [] }
        let clusters = glyphs.compactMap { $0["cluster"] as? Int }
        #expect(clusters.count > 2 && clusters.first! > clusters.last!, "its last letter drawn leftmost: \(clusters)")
        let folio = try #require(page["folio"] as? [String: Any])
        #expect((folio["text"] as? String)?.hasPrefix("2 / ") == true)

        let title = try layout(english, ["--page", "1"])
        #expect(title["head"] == nil && title["folio"] == nil, "the sample's first page is its title page")
        let golestan = SharedData.corpus("fa_saadi_golestan.txt")
        let persian = try layout(golestan, ["--page", "3"])
        #expect(((persian["folio"] as? [String: Any])?["text"] as? String)?.hasPrefix("\u{06F3} / \u{06F1}") == true,
                "Persian digits")
        let latin = try layout(golestan, ["--page", "3", "--folio-digits", "latin"])
        #expect(((latin["folio"] as? [String: Any])?["text"] as? String)?.hasPrefix("3 / ") == true)
    }

    @Test("a page number out of range and a --font family that does not exist are one line each")
    func badInput() throws {
        try expectOneLineError(["layout", english, "--page", "999", "--json", "-"], mentioning: "pages are 1 to")
        try expectOneLineError(["paginate", english, "--no-cache", "--font", "Dejavu Sanz"], mentioning: "close: DejaVu Sans")
        let unwritten = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-\(UUID().uuidString).png").path
        try expectOneLineError(["layout", english, "--font", "Dejavu Srif", "--json", "-"], mentioning: "close: DejaVu Serif")
        try expectOneLineError(["render", english, "--font", "Dejavu Srif", "--out", unwritten], mentioning: "close: DejaVu Serif")
        #expect(!FileManager.default.fileExists(atPath: unwritten))
        // A family name longer than any is refused before a search, and quoted short.
        let long = String(repeating: "Dejavu Srif ", count: 10_000) + "\nX"
        let result = try Pageturn.run(["paginate", english, "--no-cache", "--font", long])
        #expect(result.status != 0 && result.errorLines.count == 1, "\(result.stderr.prefix(300))")
        #expect(result.stderr.count < 300 && result.stderr.contains("120002 characters"), "\(result.stderr.prefix(300))")
    }

    @Test("a line that ends inside a word says so and ends in the hyphen's glyph, a run of its own inside the page")
    func hyphenatedLines() throws {
        var hyphenated = 0
        for number in 2...5 {
            let page = try layout(english, ["--page", "\(number)"])
            let pageEnd = try #require(page["end"] as? Int)
            for line in try #require(page["lines"] as? [[String: Any]]) where line["hyphen"] as? Bool == true {
                hyphenated += 1
                let end = try #require(line["end"] as? Int)
                let runs = try #require(line["runs"] as? [[String: Any]])
                let glyphs = runs.flatMap { $0["glyphs"] as? [[String: Any]] ?? [] }
                let last = try #require(glyphs.max { ($0["x"] as? Double ?? 0) < ($1["x"] as? Double ?? 0) })
                #expect(last["cluster"] as? Int == end - 1, "the hyphen's cluster is the character before the break")
                let hyphenRun = try #require(runs.last { ($0["glyphs"] as? [[String: Any]])?.contains { $0["x"] as? Double == last["x"] as? Double } == true })
                #expect(hyphenRun["text"] as? String == "", "the hyphen is no text of the book's")
            }
            for line in try #require(page["lines"] as? [[String: Any]]) {
                for run in line["runs"] as? [[String: Any]] ?? [] {
                    for glyph in run["glyphs"] as? [[String: Any]] ?? [] {
                        #expect((glyph["cluster"] as? Int).map { $0 < pageEnd } == true, "every glyph's cluster is inside its page")
                    }
                }
            }
        }
        #expect(hyphenated > 0, "an English book in book is hyphenated")
        for number in 2...5 {
            let page = try layout(english, ["--page", "\(number)", "--hyphenate", "off"])
            #expect(try #require(page["lines"] as? [[String: Any]]).allSatisfy { $0["hyphen"] == nil })
        }
        let off = try Pageturn.run(["paginate", english, "--no-cache", "--hyphenate", "off", "--json", "-"])
        let on = try Pageturn.run(["paginate", english, "--no-cache", "--json", "-"])
        #expect(off.status == 0 && on.status == 0)
        #expect(off.stdout != on.stdout, "--hyphenate off lays the book out otherwise")
    }

    @Test("--font names the text face by family or file, on layout as on paginate")
    func chosenFace() throws {
        for face in ["DejaVu Serif", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"] {
            let page = try layout(english, ["--page", "2", "--font", face])
            let runs = try #require((page["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
            #expect(runs.first?["font"] as? String == "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        }
    }

    @Test("a Hebrew book turns its pages right to left unless told otherwise")
    func rightToLeftBook() throws {
        let dir = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func progression(_ options: [String]) throws -> String? {
            let result = try Pageturn.run(["read", hebrew, "--headless", "--script", "-", "--width", "800", "--height", "1000",
                                           "--state-dir", dir.appendingPathComponent("state").path,
                                           "--cache-dir", dir.appendingPathComponent("cache").path] + options,
                                          stdin: "tick @100\n")
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            return (try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["progression"] as? String
        }
        #expect(try progression(["--progression", "ltr"]) == "ltr", "the option wins")
        #expect(try progression([]) == "ltr", "then the choice saved with the book")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("state"))
        #expect(try progression([]) == "rtl", "a book never opened: its language's way")
    }
}
