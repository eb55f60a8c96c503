import PageTurner
import Pagination

/// Selecting text. The turn machine says when a press became a selection and where its
/// pointer goes (`TurnEvent.selectionStarted`, `selectionChanged`, `selectionEnded`); the
/// session finds the words under those points on the page shown (either page of a spread) and
/// keeps the selection by scalar offsets. A selecting pointer that reaches the page's edge
/// turns the page (the machine does), and the selection goes on there.
///
/// The focus moves by words, as a long press selects; once the pointer has paused for
/// `characterPause` ms it moves by characters for the rest of the selection (a finer
/// adjustment, as a pause does on phones). Handles at both ends adjust either end; Shift+← and
/// Shift+→ move the focus a character from the keyboard. A tap elsewhere, or Esc, clears it.
extension ReaderSession {
    /// A pointer still for this long while selecting moves the focus by characters after.
    public static let characterPause: Double = 600
    /// How near a handle's point (px) a press takes the handle.
    public static let handleReach: Double = 24

    /// The page under window point `p` and the point on that page: the page shown, or the page
    /// of the spread's leaf that holds `p` (nil in a spread's gutter or past its leaves).
    func pageAndPoint(at p: Point) -> (page: Int, point: Point)? {
        guard let spread else { return (machine.page, p) }
        let rightToLeft = preferences.progression.isRightToLeft
        for page in [machine.page, machine.page + 1] where page < layout.pageCount {
            let side = LeafSide.of(page: page, rightToLeft: rightToLeft)
            let leaf = spread.leaf(side)
            guard p.x >= leaf.x, p.x < leaf.x + leaf.width else { continue }
            let origin = leaf.x + spread.pageOffset(inLeaf: side)
            return (page, Point(x: p.x - origin, y: p.y))
        }
        return nil
    }

    /// The scalar offset of the character nearest window point `p` on the pages shown.
    func offset(at p: Point) -> Int? {
        guard let (page, q) = pageAndPoint(at: p) else { return nil }
        return layout.pageLayout(page).nearestOffset(x: Float(q.x), y: Float(q.y))
    }

    /// The word holding `offset`, as the book's language breaks words.
    func word(at offset: Int) -> Range<Int> {
        WordBoundaries.word(containing: offset, in: book.text, language: contentLanguage?.tag ?? "")
    }

    /// The word a press on `offset` selects: the word there, or, on the space between two
    /// words, the word before it (after it at a line's start).
    func pressedWord(at offset: Int) -> Range<Int> {
        let w = word(at: offset)
        guard isBlank(w) else { return w }
        for neighbour in [w.lowerBound - 1, w.upperBound] where neighbour >= 0 && neighbour < book.text.scalarCount {
            let other = word(at: neighbour)
            if !isBlank(other) { return other }
        }
        return w
    }

    /// Whether `range` of the text is all white space.
    private func isBlank(_ range: Range<Int>) -> Bool {
        book.text.string(range).unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// A long press at `p`: selects the word under it (nothing over a picture or an empty page).
    func startSelection(at p: Point, time: Double) {
        guard chrome.panel == nil, let offset = offset(at: p) else { return }
        let w = pressedWord(at: offset)
        guard !w.isEmpty else { return }
        selection = TextSelection(anchor: w)
        selectionMoved = time
        needsRedraw = true
    }

    /// The selecting pointer is at `p`: the focus moves to the word (or, after a pause, the
    /// character) under it.
    func extendSelection(to p: Point, time: Double) {
        guard var s = selection, s.isActive, let offset = offset(at: p) else { return }
        if time - selectionMoved >= Self.characterPause { s.byCharacters = true }
        selectionMoved = time
        s.focus = s.byCharacters ? character(at: offset) : word(at: offset)
        selection = s
        needsRedraw = true
    }

    /// The selecting pointer let go.
    func endSelection() {
        selection?.isActive = false
        needsRedraw = true
    }

    /// Clears the selection, if there is one.
    public func clearSelection() {
        guard selection != nil else { return }
        selection = nil
        needsRedraw = true
    }

    /// The selected text as it would be copied (see `CopiedText`), without the reference.
    public var selectedText: String? {
        guard let range = selection?.range, !range.isEmpty else { return nil }
        return CopiedText.text(of: range, in: book.text, softLineFeeds: layout.paginator.shape == .blankLineSeparated)
    }

    /// Ctrl+C: the selection onto the clipboard with its reference (`“…” — Title, p. 42`);
    /// a selection longer than `CopiedText.longest` characters is refused in a notice.
    func copySelection() {
        guard let range = selection?.range, let text = selectedText, !text.isEmpty else {
            showNotice("Nothing is selected: hold a word to select it")
            return
        }
        let length = text.unicodeScalars.count
        guard length <= CopiedText.longest else {
            showNotice("The selection is too long to copy: \(length) characters, at most \(CopiedText.longest)", for: 3000)
            return
        }
        clipboard = CopiedText.reference(text, title: book.title, page: pageLabel(of: range.lowerBound))
        clipboardToSet = clipboard
        showNotice("Copied")
    }

    /// The page of `offset` as a reference gives it: the printed book's page (an EPUB's page
    /// list), else this reader's page number.
    func pageLabel(of offset: Int) -> String {
        if let printed = book.printPages.last(where: { $0.offset <= offset }) { return printed.label }
        return String(layout.page(containing: offset) + 1)
    }

    /// The text to put on the platform's clipboard, given once: the window hands it to SDL.
    public func takeClipboardText() -> String? {
        defer { clipboardToSet = nil }
        return clipboardToSet
    }

    /// Shift+← or Shift+→: the focus moves a character (a user-perceived character, UAX #29's
    /// grapheme cluster: an emoji sequence or a consonant with its vowel sign moves whole)
    /// towards the reading direction's side of that arrow (→ is forward in a left-to-right book).
    func moveSelectionFocus(forward: Bool) {
        guard var s = selection, book.text.scalarCount > 0 else { return }
        let start = forward ? min(s.focus.upperBound, book.text.scalarCount - 1) : characterBoundary(before: s.focus.lowerBound)
        s.focus = character(at: start)
        s.byCharacters = true
        selection = s
        needsRedraw = true
    }

    /// The user-perceived character (grapheme cluster) that starts at or holds `offset`.
    func character(at offset: Int) -> Range<Int> {
        let count = book.text.scalarCount
        let at = min(max(offset, 0), max(count - 1, 0))
        let lower = max(0, at - 32)
        var k = lower
        for c in book.text.string(lower..<min(count, at + 32)) {
            let next = k + c.unicodeScalars.count
            if next > at { return k..<next }
            k = next
        }
        return at..<min(at + 1, count)
    }

    /// The start of the character before the one at `offset`.
    func characterBoundary(before offset: Int) -> Int {
        character(at: max(character(at: offset).lowerBound - 1, 0)).lowerBound
    }

    // MARK: - Handles

    /// Where the handles of the selection are drawn, in window coordinates: at the foot of the
    /// start of its first piece on the pages shown and of the end of its last (nil for an end
    /// not shown).
    public var selectionHandles: (start: Point?, end: Point?) {
        guard let range = selection?.range, selection?.isActive == false else { return (nil, nil) }
        var pieces: [Point] = []
        var ends: [Point] = []
        for (page, origin) in pagesShown {
            let rects = layout.pageLayout(page).rects(covering: range)
            if let first = rects.first, pieces.isEmpty, layout.range(ofPage: page).contains(range.lowerBound) {
                pieces.append(Point(x: origin + Double(first.x), y: Double(first.y + first.height)))
            }
            if let last = rects.last, layout.range(ofPage: page).contains(max(range.upperBound - 1, range.lowerBound)) {
                ends.append(Point(x: origin + Double(last.x + last.width), y: Double(last.y + last.height)))
            }
        }
        return (pieces.first, ends.last)
    }

    /// The pages shown and each one's left edge in the window.
    var pagesShown: [(page: Int, x: Double)] {
        guard let spread else { return [(machine.page, 0)] }
        let rightToLeft = preferences.progression.isRightToLeft
        return [machine.page, machine.page + 1].filter { $0 < layout.pageCount }.map { page in
            let side = LeafSide.of(page: page, rightToLeft: rightToLeft)
            return (page, spread.leaf(side).x + spread.pageOffset(inLeaf: side))
        }
    }

    /// The end whose handle is within `handleReach` of `p`, if any.
    func handle(near p: Point) -> TextSelection.End? {
        let handles = selectionHandles
        if let s = handles.start, s.distance(to: p) <= Self.handleReach { return .start }
        if let e = handles.end, e.distance(to: p) <= Self.handleReach { return .end }
        return nil
    }

    /// A handle taken: the other end becomes the anchor, fixed until the handle is let go, and
    /// the taken end the focus, moved by characters.
    func takeHandle(_ end: TextSelection.End) {
        guard var s = selection else { return }
        let r = s.range
        s.anchor = end == .end ? r.lowerBound..<r.lowerBound : r.upperBound..<r.upperBound
        s.focus = character(at: end == .end ? max(r.upperBound - 1, r.lowerBound) : r.lowerBound)
        s.byCharacters = true
        selection = s
    }

    /// A taken handle dragged to `p`: its end (the focus) moves to the character there; the
    /// anchor stays, so the handle may cross it and come back.
    func dragHandle(to p: Point) {
        guard var s = selection, let offset = offset(at: p) else { return }
        s.focus = character(at: offset)
        selection = s
        needsRedraw = true
    }
}
