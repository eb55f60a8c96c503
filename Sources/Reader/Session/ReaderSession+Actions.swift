import Fonts
import FoundationEssentials
import PageTurner
import Pagination

/// What the reader does when asked: toolbar buttons, panels' actions, preferences, quitting.
extension ReaderSession {
    /// A toolbar button (or its key).
    func press(_ button: ToolbarButton) {
        switch button {
        case .close: quit()
        case .library: leaveForShelf()
        case .goTo: open(GoToPageDialog())
        case .bookmarks: open(BookmarksPanel(defaultName: defaultBookmarkName()))
        case .contents: open(ContentsPanel(context: panelContext))
        case .smaller: setFontSize(preferences.fontSize - 2)
        case .larger: setFontSize(preferences.fontSize + 2)
        case .font: openFontPanel()
        case .curl:
            let all = CurlModel.allCases
            setCurl(all[(all.firstIndex(of: preferences.curl)! + 1) % all.count])
        case .motion: setMotion(preferences.motion.next)
        case .layout:
            let all = SpreadMode.allCases
            setSpreadMode(all[(all.firstIndex(of: preferences.spreadMode)! + 1) % all.count])
        case .theme: setTheme(preferences.theme.next)
        case .margins: setMargins(preferences.margins.next)
        case .spacing: setLineSpacing(preferences.nextLineSpacing)
        }
    }

    func open(_ panel: any ReaderPanel) {
        chrome.panel = panel
        needsRedraw = true
    }

    /// Does what a panel (or the toolbars) asked for.
    func perform(_ action: PanelAction) {
        switch action {
        case .none: break
        case .close:
            // Find closed on nothing found: no search stays on (Enter and F3 keep their own sense).
            if chrome.panel is FindPanel, !isSearching { found = nil }
            chrome.panel = nil
        case .goTo(let page):
            chrome.panel = nil
            jump(toPage: layout.pageForJump(toPage: page))
        case .jump(let offset):
            chrome.panel = nil
            jump(toPage: layout.pageForJump(to: offset))
        case .addBookmark(let name):
            chrome.panel = nil
            addBookmark(name: name)
        case .deleteBookmark(let index):
            removeBookmark(at: index)
            if var b = chrome.panel as? BookmarksPanel {
                b.bookmarksChanged(count: bookmarks.count)
                chrome.panel = b
            }
        case .press(let button):
            press(button)
        case .follow(let href):
            chrome.panel = nil
            follow(href: href)
        case .saveNote(let text):
            chrome.panel = nil
            setNote(text)
        case .deleteHighlight(let index):
            removeHighlight(at: index)
            if var h = chrome.panel as? HighlightsPanel {
                h.highlightsChanged(count: highlights.count)
                chrome.panel = h
            }
        case .search(let text, let cut):
            search(text, cut: cut)
        case .findNext(let backwards):
            findNext(backwards: backwards)
        case .showMatch(let k):
            show(match: k)
        case .writeNote(let index):
            currentHighlight = index
            openNoteDialog()
        case .chooseFont(let family):
            // The panel stays open, on what was typed, when the family cannot be used.
            if setFont(family) { chrome.panel = nil }
        }
        needsRedraw = true
    }

    /// Opens the font panel on the installed families (listed the first time).
    func openFontPanel() {
        guard let fontChoices else {
            showNotice("Fonts cannot be chosen here")
            return
        }
        let families = installedFamilies ?? fontChoices.families()
        installedFamilies = families
        open(FontPanel(families: families, current: preferences.font, context: panelContext))
    }

    // MARK: - Preferences

    /// Sets the book in `family` (an installed family, or a font file; nil: the book faces),
    /// with fallback faces for what it lacks, and lays it out again on the same place. A
    /// family that cannot be opened changes nothing and says why (false).
    @discardableResult
    public func setFont(_ family: String?) -> Bool {
        guard family != preferences.font else { return true }
        guard let fontChoices else {
            showNotice("Fonts cannot be chosen here")
            return false
        }
        let fonts: FontSet
        do {
            fonts = try fontChoices.open(family)
        } catch {
            showNotice("\(family ?? "The book faces") cannot be used: \(error)", for: 4000)
            return false
        }
        layouts = LayoutMaker(book: book, fonts: fonts, pageCache: layouts.pageCache, backgroundLayout: layouts.backgroundLayout)
        preferences.font = family
        relayoutWhenIdle()
        showNotice("Font: \(family ?? "the book faces (\(fonts.primary.familyName))")", for: 1400)
        changed()
        return true
    }

    public func setFontSize(_ size: Float) {
        let s = ReaderPreferences.clampedFontSize(size)
        guard s != preferences.fontSize else { return }
        preferences.fontSize = s
        relayoutWhenIdle()
        showNotice("Font size \(Int(s))", for: 1200)
        changed()
    }

    public func setCurl(_ curl: CurlModel) {
        guard curl != preferences.curl else { return }
        preferences.curl = curl
        changeMachine(.curl(preferences.shownCurl))
        if preferences.shownCurl != curl { showNotice("Curl: \(curl.rawValue) (motion \(preferences.motion.rawValue): not drawn)", for: 1600) }
        changed()
    }

    /// How much pages move when they turn (`TurnMotion`): the curl chosen, a flat slide, or
    /// none. Gestures decide as before.
    public func setMotion(_ motion: TurnMotion) {
        guard motion != preferences.motion else { return }
        preferences.motion = motion
        changeMachine(.curl(preferences.shownCurl))
        let shown = switch motion {
        case .full: "the curl"
        case .reduced: "pages slide"
        case .none: "pages change at once"
        }
        showNotice("Motion: \(motion.rawValue) (\(shown))", for: 1200)
        changed()
    }

    /// Shows one page or spreads from now on (`auto` decides by the window and the font size):
    /// the book is laid out again at the reading position once nothing moves.
    public func setSpreadMode(_ mode: SpreadMode) {
        guard mode != preferences.spreadMode else { return }
        preferences.spreadMode = mode
        relayoutWhenIdle()
        let shown = preferences.spreadMode.spread(window: pageSize, fontSize: preferences.fontSize) != nil ? "spreads" : "one page"
        showNotice("Pages: \(mode.rawValue) (\(shown))", for: 1200)
        changed()
    }

    /// Lays the book out in `language` (nil: the one detected from its text, `Book.language`):
    /// CSS Text 3 tailors line breaking for Chinese and Japanese (see `Kinsoku`).
    public func setLanguage(_ language: ContentLanguage?) {
        guard language != preferences.language else { return }
        let before = contentLanguage
        preferences.language = language
        if contentLanguage != before { relayoutWhenIdle() }
        showNotice("Language: \(contentLanguage?.tag ?? "none detected")\(language == nil ? " (detected)" : "")", for: 1200)
        changed()
    }

    /// Turns hyphenation by the language's patterns on or off (soft hyphens always break) and
    /// lays the book out again on the same place.
    public func setHyphenation(_ on: Bool) {
        guard on != preferences.hyphenation else { return }
        preferences.hyphenation = on
        relayoutWhenIdle()
        let patterns = on && HyphenationPatterns.patterns(for: contentLanguage) == nil ? " (no patterns for this language)" : ""
        showNotice("Hyphenation: \(on ? "on" : "off")\(patterns)", for: 1200)
        changed()
    }

    /// Sets the margins' width and lays the book out again on the same place.
    public func setMargins(_ margins: MarginWidth) {
        guard margins != preferences.margins else { return }
        preferences.margins = margins
        relayoutWhenIdle()
        showNotice("Margins: \(margins.rawValue)", for: 1200)
        changed()
    }

    /// Sets the distance between lines (in font sizes, held to `lineSpacingRange`) and lays
    /// the book out again on the same place.
    public func setLineSpacing(_ spacing: Float) {
        let held = min(max(spacing, ReaderPreferences.lineSpacingRange.lowerBound), ReaderPreferences.lineSpacingRange.upperBound)
        guard held.isFinite, held != preferences.lineSpacing else { return }
        preferences.lineSpacing = held
        relayoutWhenIdle()
        showNotice("Line spacing \(Self.upToTwoDecimals(held))", for: 1200)
        changed()
    }

    /// `value` with at most two decimals and no trailing zero: 1.5 → "1.5", 1.25 → "1.25", 2 → "2".
    static func upToTwoDecimals(_ value: Float) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        var text = (value < 0 && hundredths > 0 ? "-" : "") + String(hundredths / 100)
        let fraction = hundredths % 100
        if fraction != 0 { text += "." + (fraction < 10 ? "0" : "") + String(fraction % 10 == 0 ? fraction / 10 : fraction) }
        return text
    }

    public func setTheme(_ theme: Theme) {
        preferences.theme = theme
        changed()
    }

    /// Turns pages the other way from now on. A turn under way is dropped (the page lies flat
    /// again, the reading position stays): it was dragged for the other direction.
    public func setProgression(_ progression: PageProgression) {
        guard progression != preferences.progression else { return }
        preferences.progression = progression
        landCommittedTurn()
        changeMachine(.progression(rightToLeft: progression.isRightToLeft))
        syncMachine(toPage: layout.page(containing: position))
        changed()
    }

    /// Asks the loop to put the book away and show the shelf (`shelfRequested`); a turn still
    /// landing counts, as when quitting.
    func leaveForShelf() {
        landCommittedTurn()
        shelfRequested = true
    }

    /// Asks the loop to end; a turn still landing counts (the state saved on the way out has
    /// the page being turned to).
    func quit() {
        landCommittedTurn()
        quitRequested = true
    }

    // MARK: - Bookmarks

    /// The first words of the current page: a bookmark's default name.
    func defaultBookmarkName() -> String {
        let range = layout.range(ofPage: page)
        let text = book.text.string(range.lowerBound..<min(range.upperBound, range.lowerBound + 200))
        // Words from the first one with a letter or digit (a page may open with "* * *").
        let all = text.split(whereSeparator: { $0.isWhitespace })
        let words = all.drop { !$0.contains(where: { $0.isLetter || $0.isNumber }) }
        var name = ""
        for w in words {
            let candidate = name.isEmpty ? String(w) : name + " " + w
            if candidate.count > 40 { break }
            name = candidate
            if name.split(separator: " ").count >= 6 { break }
        }
        if name.isEmpty, let first = words.first { name = String(first.prefix(16)) }
        return name.isEmpty ? "Page \(page + 1)" : name
    }

    /// Adds a bookmark for the current page (an empty name takes the default).
    public func addBookmark(name: String) {
        let offset = layout.range(ofPage: page).lowerBound
        let existed = place.addBookmark(name: name.isEmpty ? defaultBookmarkName() : name, offset: offset, date: clock.date)
        showNotice(existed ? "Bookmark renamed" : "Bookmark added")
        changed()
    }

    public func removeBookmark(at index: Int) {
        guard place.removeBookmark(at: index) else { return }
        changed()
    }

    /// Takes `marks` as the bookmarks: those of another session on the book, merged in by
    /// `SessionPersistence`. The reading position stays; an open bookmark list shows them
    /// (its selection kept on a row that exists). Not a change to save: they are saved already.
    func adoptBookmarks(_ marks: [SessionBookmark]) {
        place.bookmarks = ReadingPlace.clamped(marks, scalarCount: book.text.scalarCount)
        if var b = chrome.panel as? BookmarksPanel {
            b.bookmarksChanged(count: bookmarks.count)
            chrome.panel = b
        }
        needsRedraw = true
    }
}
