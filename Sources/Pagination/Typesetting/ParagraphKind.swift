/// What a paragraph of a `book` page is, besides running text: decided from the file's lines
/// around it alone, so that a page laid out on its own (`Paginator.page(at:)`) sets it as the
/// whole book does.
enum ParagraphKind {
    case text
    /// A chapter heading (`ChapterDetector.patternLevel`; a Latin one with a blank line after
    /// it): a line of its own, even when CJK text follows it without a blank line.
    case heading
    /// A scene break: a line of at most 40 characters holding only asterisks, dinkuses and
    /// the like (`* * *`, `⁂`, `*       *       *`), with at least one of them.
    case sceneBreak
    /// A line of verse: in a re-flowed book (`ParagraphShape.blankLineSeparated`), a block of
    /// two or more lines between blank lines, each indented by at least two spaces or a tab (a
    /// one-line indented paragraph is prose: books that indent first lines have many), as Project
    /// Gutenberg sets poems, songs and letters in prose. Each line is a paragraph of its own,
    /// kept as the file breaks it, indented by its leading spaces (`verseIndent`), never
    /// justified; a long one turns over one em further in.
    case verse
    /// A line of a plain-text book's opening matter (`TitleMatter`): set larger, centred, on
    /// a title page of its own.
    case title
}

extension Typesetter {
    /// The kind of the file's line that starts at byte `lineStart`, in `book`.
    func paragraphKind(atLine lineStart: Int) -> ParagraphKind {
        guard settings.preset == .book else { return .text }
        if let structure {
            switch structure.block(holding: lineStart)?.role {
            case .heading: return .heading
            case .sceneBreak: return .sceneBreak
            case .preformatted: return .verse
            case .paragraph, .picture, nil: return .text
            }
        }
        if let titleMatter, titleMatter.bytes.contains(lineStart) { return .title }
        let line = text.lineContent(at: lineStart)
        return text.utf8.withUnsafeBufferPointer { bytes -> ParagraphKind in
            if Self.isSceneBreak(bytes, line) { return .sceneBreak }
            let previousBlank = lineStart == 0 || text.isBlankLine(at: text.lineStart(before: lineStart - 1))
            let nextBlank = line.upperBound >= bytes.count
                || ParagraphShape.isBlank(bytes, text.lineContent(at: line.upperBound + 1))
            guard ChapterDetector.patternLevel(bytes, line: line, previousBlank: previousBlank, nextBlank: nextBlank) != nil
            else { return isVerse(lineStart) ? .verse : .text }
            // A Latin heading stands between blank lines: "Chapter 3 deals with…" opening a
            // hard-wrapped paragraph is text. (A CJK heading may run straight into its text.)
            let latin = line.first.map { bytes[$0] < 0x80 } ?? false
            return latin && !nextBlank ? .text : .heading
        }
    }

    /// Whether the line at `lineStart` is in a block of indented lines (see `verse`): it and
    /// every non-blank line above and below it up to a blank line start with two spaces or a
    /// tab, and there are two of them at least. A block of more than `longestVerseBlock`
    /// lines is taken for prose (a book that indents all its lines), which also bounds the
    /// look each of its lines costs.
    func isVerse(_ lineStart: Int) -> Bool {
        guard shape == .blankLineSeparated else { return false }
        return text.utf8.withUnsafeBufferPointer { bytes -> Bool in
            func indented(_ start: Int) -> Bool {
                start < bytes.count && (bytes[start] == 0x09 || (start + 1 < bytes.count && bytes[start] == 0x20 && bytes[start + 1] == 0x20))
            }
            guard indented(lineStart) else { return false }
            var lines = 1
            var line = lineStart
            while line > 0 {
                let previous = text.lineStart(before: line - 1)
                if text.isBlankLine(at: previous) { break }
                guard indented(previous), lines < Self.longestVerseBlock else { return false }
                lines += 1
                line = previous
            }
            var end = text.lineContent(at: lineStart).upperBound
            while end < bytes.count {
                let next = end + 1
                if next >= bytes.count || text.isBlankLine(at: next) { break }
                guard indented(next), lines < Self.longestVerseBlock else { return false }
                lines += 1
                end = text.lineContent(at: next).upperBound
            }
            return lines >= 2
        }
    }

    /// The most lines a block of verse holds between blank lines.
    static let longestVerseBlock = 200

    /// The indent of a verse line with `spaces` leading spaces: half an em each (a space of a
    /// monospaced text is about that), at most half the `measure` it is set in (the text
    /// block's, or a styled block's in its own pixels: `BlockGeometry.width`).
    func verseIndent(leadingSpaces spaces: Int, measure: Float) -> Float {
        min(Float(spaces) * 0.5 * settings.fontSize, measure / 2)
    }

    /// How many spaces, tabs and ideographic spaces (U+3000, as `isTypesetSpace` counts them)
    /// begin the file's line that holds byte `byte`.
    func leadingSpaces(ofLineHolding byte: Int) -> Int {
        let start = text.lineStart(before: byte)
        return text.utf8.withUnsafeBufferPointer { bytes in
            var k = start, spaces = 0
            while k < bytes.count {
                if bytes[k] == 0x20 || bytes[k] == 0x09 {
                    k += 1
                } else if k + 2 < bytes.count && bytes[k] == 0xE3 && bytes[k + 1] == 0x80 && bytes[k + 2] == 0x80 {
                    k += 3
                } else {
                    break
                }
                spaces += 1
            }
            return spaces
        }
    }

    /// Whether the paragraph that starts at byte `start` comes right after a heading or a scene
    /// break (blank lines between them aside): its first line is then not indented.
    func followsHeadingOrBreak(_ start: Int) -> Bool {
        guard settings.preset == .book, start > 0 else { return false }
        if let structure { return structure.block(holding: start)?.unindented ?? false }
        var line = text.lineStart(before: start - 1)
        while text.isBlankLine(at: line) {
            guard line > 0 else { return false }
            line = text.lineStart(before: line - 1)
        }
        // Only a line that stood as a paragraph of its own: the first of the file, one after a
        // blank line, or any line where each line is a paragraph.
        let standsAlone = line == 0 || shape == .linePerParagraph || text.isBlankLine(at: text.lineStart(before: line - 1))
        let kind = paragraphKind(atLine: line)
        return standsAlone && (kind == .heading || kind == .sceneBreak)
    }

    /// Whether `line` holds only scene-break marks and spaces, at least one mark, at most 40
    /// characters.
    static func isSceneBreak(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard !line.isEmpty, line.count <= 160 else { return false }
        var marks = 0, characters = 0
        var i = line.lowerBound
        while i < line.upperBound {
            let b = bytes[i]
            characters += 1
            switch b {
            case 0x2A, 0x7E, 0x23:  // * ~ #
                marks += 1
                i += 1
            case 0x20, 0x09:
                i += 1
            case 0xE2:
                // ⁂ U+2042, • U+2022, ✻ U+273B, ❧ U+2767, ☙ U+2619, ⁎ U+204E
                guard i + 2 < line.upperBound else { return false }
                switch (bytes[i + 1], bytes[i + 2]) {
                case (0x81, 0x82), (0x80, 0xA2), (0x9C, 0xBB), (0x9D, 0xA7), (0x98, 0x99), (0x81, 0x8E): marks += 1
                default: return false
                }
                i += 3
            case 0xE3 where i + 2 < line.upperBound && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x80:  // U+3000
                i += 3
            default:
                return false
            }
        }
        return marks > 0 && characters <= 40
    }
}
