extension LayoutSettings {
    /// The space above a line, in pixels, as the `book` preset sets a page; `previous` is the
    /// line before it on the same page (nil at the page's top). Every space is a whole number
    /// of lines, so the page's baselines stay on one grid and facing pages line up:
    /// - a chapter heading that opens its page: `headingSpace` lines (a chapter starts lower
    ///   than the running text, as printed books set it); one after another heading: none;
    /// - the first line after a heading, and a scene break and the line after it, unless at
    ///   the page's top: `sectionSpace` lines; so too a stanza's first line (`stanzaStart`) and
    ///   the first line after verse;
    /// - any other paragraph's first line, unless at the page's top: `paragraphSpacing`.
    ///
    /// `PageSplitter` counts pages with it and `Typesetter.baselines(of:)` places lines with
    /// it, so a page holds exactly what was counted for it.
    func spaceAbove(_ line: TypesetLine.Flags, after previous: TypesetLine.Flags?) -> Float {
        guard preset == .book else { return 0 }
        let starts = line.contains(.paragraphStart)
        if line.contains(.title) && starts {
            // The title page's matter starts a quarter of the way down; its paragraphs (the
            // title, the author) stand apart.
            guard let previous, previous.contains(.title) else { return (contentHeight / 4 / lineHeight).rounded(.down) * lineHeight }
            return line.contains(.spaceBefore) ? max(1, sectionSpace) * lineHeight : 0
        }
        if line.contains(.heading) && starts {
            // On a page too short for it, less: the heading and a line after it still fit.
            guard let previous else { return min(headingSpace, max(0, (contentHeight / lineHeight).rounded(.down) - 2)) * lineHeight }
            return previous.contains(.heading) ? 0 : sectionSpace * lineHeight
        }
        guard let previous, starts else { return 0 }
        // Beside a floated picture: the space above was the picture's (it stands at the top).
        if previous.contains(.floated) { return 0 }
        if line.contains(.spaceBefore) { return max(1, sectionSpace) * lineHeight }
        if line.contains(.sceneBreak) || previous.isCentred { return sectionSpace * lineHeight }
        // A stanza, and the text after verse, stand a line apart.
        if line.contains(.stanzaStart) || (previous.contains(.verse) && !line.contains(.verse)) { return sectionSpace * lineHeight }
        return paragraphSpacing * lineHeight
    }

    /// Whether the line must open a new page: a block that breaks the page (a structured
    /// book's document start), or the first line of a chapter heading that does not follow
    /// another heading (`BOOK ONE` then `CHAPTER I` share a page) and may open one, in `book`;
    /// or the first line of the title page's matter, or the first after it.
    func opensPage(_ line: TypesetLine.Flags, after previous: TypesetLine.Flags) -> Bool {
        guard line.contains(.paragraphStart) else { return false }
        if line.contains(.pageBreakBefore) { return true }
        // The title page is a page of its own.
        if line.contains(.title) != previous.contains(.title) { return preset == .book }
        return preset == .book && line.contains(.heading) && !line.contains(.keepsPage) && !previous.contains(.heading)
    }
}

extension LayoutSettings {
    /// How much of the body's leading a line of larger text keeps: headings are set tighter
    /// than running text, as books set them; and the least a line of it takes, in ems of its
    /// size, however tight the reader's line spacing.
    static let largeTextLeading: Float = 0.85
    static let tightestLargeLine: Float = 1.15

    /// The most rows of the grid one line takes (a block at `DocumentStructure.Style.fontScales`'
    /// largest size, at the tightest line spacing).
    static let mostRows: UInt32 = 8

    /// How many lines of the page's grid a line of text set `scale` times the reader's size
    /// takes: one for text no larger than the body's (its ascenders may reach into the
    /// leading above), else enough whole lines for its size at `largeTextLeading` of the
    /// body's line (and at least `tightestLargeLine` ems of its own size), so that the text
    /// after it stays on the grid and facing pages line up (register); never more than a page
    /// holds.
    public func rows(forScale scale: Float) -> UInt8 {
        guard scale > 1, scale.isFinite, lineHeight > 0 else { return 1 }
        let needed = scale * max(lineHeight * Self.largeTextLeading, fontSize * Self.tightestLargeLine)
        let rows = (needed / lineHeight - 0.01).rounded(.up)
        let onPage = (contentHeight / lineHeight).rounded(.down)
        let most = min(Float(Self.mostRows), onPage.isFinite ? max(onPage, 1) : 1)
        return UInt8(min(max(rows.isFinite ? rows : 1, 1), most))
    }
}
