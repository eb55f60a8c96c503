import EPUB

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
            sides.append(abs(last.left - before.left) < 2 ? "left" : "right")
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

    /// The running head, or the title, shows `phrase` read in the direction asked: the
    /// book's metadata says the title's direction (`titleDirection`), else it is found from its
    /// first strong character, as the reader's chrome sets it.
    func headReads(_ phrase: String, rightToLeft: Bool) -> W3CCheck.Outcome {
        guard title?.contains(phrase) == true else { return .fail("title: \(title ?? "none")") }
        let given = metadata["titleDirection"] as? String
        let read = given ?? "ltr"  // "CSS: …" starts with a Latin letter
        return W3CCheck.when((read == "rtl") == rightToLeft, else: "the title is set \(read), the test asks \(rightToLeft ? "rtl" : "ltr")")
    }

    /// The direction the metadata gives an element (`titleDirection`, `creatorDirection`).
    func metadataDirection(of element: String) -> String? { metadata["\(element)Direction"] as? String }

    /// Whether this book and test `other`'s, whose package identifiers are the same, are two
    /// books to the reader: its state is keyed by a book's text, not its identifier.
    func keptApart(from other: String) -> W3CCheck.Outcome {
        guard let theirs = try? W3CBook(other, cache: cache) else { return .fail("\(other) does not open") }
        return W3CCheck.when(!text.isEmpty && text != theirs.text, else: "the two books are one to the reader")
    }

    /// Whether the reader says, in one line, that the document showing `phrase` is not
    /// well-formed XML (it is then read as HTML, as readers do).
    func reportsError(on phrase: String) -> W3CCheck.Outcome {
        W3CCheck.when(warnings.contains { $0.contains("not well-formed") }, else: "no error is reported")
    }
}
