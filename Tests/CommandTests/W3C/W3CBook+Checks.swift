import EPUB
import Foundation

/// What several checks ask of a book as the reader shows it.
extension W3CBook {
    /// The lines of each paragraph that starts with one of `starts`, in that order (a
    /// paragraph runs from its first line to the line whose text ends it with a line feed).
    func blocks(startingWith starts: [String]) -> [[[String: Any]]] {
        let all = lines
        return starts.compactMap { start in
            guard let first = all.firstIndex(where: { ($0["text"] as? String)?.hasPrefix(start) == true }) else { return nil }
            var block: [[String: Any]] = []
            for line in all[first...] {
                block.append(line)
                if (line["text"] as? String)?.hasSuffix("\n") == true { break }
            }
            return block
        }
    }

    /// The left and right ends of a line's ink, px.
    static func extent(_ line: [String: Any]) -> (left: Double, right: Double)? {
        let xs = ((line["runs"] as? [[String: Any]]) ?? []).flatMap { ($0["glyphs"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["x"] as? Double }
        guard let left = xs.min(), let right = xs.max() else { return nil }
        return (left, right)
    }

    /// css-epub-text-align-last: the last lines of its five blocks at the left, the left, the
    /// left (an `end` in a right-to-left block), the left and the right.
    func lastLinesAligned() -> W3CCheck.Outcome {
        let blocks = blocks(startingWith: ["Alice was beginning", "So she was considering", "There was nothing so very",
                                           "Alice started to her feet", "The rabbit-hole went straight"])
        guard blocks.count == 5 else { return .fail("the five blocks are not all shown") }
        var sides: [String] = []
        for block in blocks {
            guard let last = block.last.flatMap(Self.extent), let before = block.dropLast().last.flatMap(Self.extent)
            else { return .fail("a block of one line") }
            // Nearer the block's left edge than its right (the line before is a full one).
            sides.append(last.left - before.left < before.right - last.right ? "left" : "right")
        }
        return W3CCheck.when(sides == ["left", "left", "left", "left", "right"], else: "last lines at \(sides)")
    }

    /// Whether the line showing `phrase` starts at the text block's left, as other lines do.
    func startsAtLeft(_ phrase: String) -> W3CCheck.Outcome {
        guard let line = lines.first(where: { ($0["text"] as? String)?.contains(phrase) == true }), let at = Self.extent(line),
              let page = pages.first, let width = page["width"] as? Double else { return .fail("\"\(phrase)\" is not shown") }
        return W3CCheck.when(at.left < width / 2 - 100, else: "set at the right")
    }

    /// Whether each contents entry named leads to the document whose name holds its value.
    func contentsLead(to targets: [String: String]) -> W3CCheck.Outcome {
        for (title, document) in targets {
            guard let entry = contents.first(where: { $0["title"] as? String == title }), let page = entry["page"] as? Int,
                  let item = spine.last(where: { ($0["page"] as? Int ?? .max) <= page }),
                  (item["href"] as? String)?.contains(document) == true else { return .fail("\"\(title)\" does not lead to \(document)") }
        }
        return .pass
    }

    /// Whether the link whose text is `linkText` leads where `target` is shown: the reader
    /// follows a link to the offset `EPUBBook.linkTargets` gives its `href`.
    func linkLeads(from linkText: String, to target: String) -> Bool {
        guard let epub = try? EPUBBook.open(path: path) else { return false }
        let text = epub.text
        for link in epub.structure.links {
            let start = text.scalarOffset(ofByte: link.range.lowerBound), end = text.scalarOffset(ofByte: link.range.upperBound)
            guard text.string(start..<end).contains(linkText), let offset = epub.linkTargets[link.href] else { continue }
            return text.string(offset..<min(text.scalarCount, offset + target.count + 1)).hasPrefix(target)
        }
        return false
    }

    /// Whether `phrases` are shown in this order.
    func inOrder(_ phrases: [String]) -> W3CCheck.Outcome {
        let whole = text
        let places = phrases.map { whole.range(of: $0)?.lowerBound }
        guard places.allSatisfy({ $0 != nil }) else { return .fail("not every page is shown") }
        let found = places.compactMap { $0 }
        return W3CCheck.when(found == found.sorted(), else: "shown out of order")
    }

    /// The title as the reader shows it (`shownTitle`: in its toolbars, running heads and the
    /// window's title) reads in the direction asked: isolated right to left (U+2067 … U+2069),
    /// or else left to right (isolated so, or its first strong character the Latin "CSS").
    func headReads(_ phrase: String, rightToLeft: Bool) -> W3CCheck.Outcome {
        guard let shown = metadata["shownTitle"] as? String, shown.contains(phrase) else { return .fail("the title is not shown") }
        let read = shown.hasPrefix("\u{2067}") ? "rtl" : "ltr"
        return W3CCheck.when((read == "rtl") == rightToLeft, else: "the title is shown \(read), the test asks \(rightToLeft ? "rtl" : "ltr")")
    }

    /// Whether this book and test `other`'s, whose package identifiers are the same, are two
    /// books to the reader: each read once (`read --headless`) into one state folder leaves
    /// two states there, not one.
    func keptApart(from other: String) throws -> W3CCheck.Outcome {
        let states = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: states) }
        for book in [path, W3CBook.folder + "/\(other).epub"] {
            let read = try Pageturn.run(["read", book, "--headless", "--script", "-", "--state-dir", states.path],
                                        stdin: "key next @0.1\ntick @0.5\n", environment: ["XDG_CACHE_HOME": cache])
            guard read.status == 0 else { return .fail("read: \(read.stderr)") }
        }
        let saved = try FileManager.default.contentsOfDirectory(atPath: states.path).filter { $0.hasSuffix(".json") }
        return W3CCheck.when(saved.count == 2, else: "the two books share \(saved.count) state")
    }

    /// Whether the reader says in a line that the document showing `phrase` (the first spine
    /// document) is not well-formed XML.
    func reportsError(on phrase: String) -> W3CCheck.Outcome {
        guard shows(phrase), let document = spine.first?["href"] as? String else { return .fail("the page is not shown") }
        return W3CCheck.when(warnings.contains { $0.contains(document) && $0.contains("not well-formed") }, else: "no error is reported")
    }
}

extension W3CBook {
    /// The book as the shelf lists it (`shelf --json`, a library of this book alone).
    func onShelf() throws -> [String: Any] {
        let folder = try Pageturn.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: library.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path)
        let result = try Pageturn.run(["shelf", "--library", library.path, "--json", "-", "--state-dir", folder.appendingPathComponent("state").path,
                                       "--cache-dir", folder.appendingPathComponent("cache").path])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        guard result.status == 0, let book = (json?["books"] as? [[String: Any]])?.first else {
            throw ShelfRefusal(description: "shelf: \(result.stderr)")
        }
        return book
    }
}

/// `shelf --json` did not list a book.
struct ShelfRefusal: Error, CustomStringConvertible {
    let description: String
}
