import CSDL2
import PageTurner

extension ReaderSession {
    /// Draws the frame for `now` on `canvas` (whose logical size should be `pageSize`): the page
    /// or the turn the machine describes, the toolbars, the open panel, a notice.
    public func draw(on canvas: Canvas) {
        let theme = preferences.theme
        let bg = theme.background
        SDL_SetRenderDrawColor(canvas.renderer, bg.r, bg.g, bg.b, 255)
        SDL_RenderClear(canvas.renderer)
        if let pose = machine.pose, let turn = machine.turn {
            var incoming = -1
            if case .page(let to) = turn.goal { incoming = to }
            let pages = CurlDrawer.Pages(current: texture(turn.from, canvas), incoming: texture(incoming, canvas))
            let renderer = CurlRenderer(model: preferences.curl)
            let frame: TurnFrame
            if preferences.curl == .cylinder {
                renderer.cylinder.frame(page: machine.pageSize, pose: pose, into: &cylinderFrame)
                frame = .cylinder(cylinderFrame)
            } else {
                frame = renderer.frame(page: machine.pageSize, pose: pose)
            }
            curlDrawer.draw(frame, pages: pages, theme: theme, on: canvas)
        } else {
            curlDrawer.drawPage(texture(machine.page, canvas), on: canvas)
        }
        drawChrome(on: canvas)
        needsRedraw = false
    }

    /// Draws one still or turning frame without any chrome, for `pageturn render`.
    public func drawTurn(pose: TurnPose?, from page: Int, to incoming: Int, on canvas: Canvas) {
        let theme = preferences.theme
        let bg = theme.background
        SDL_SetRenderDrawColor(canvas.renderer, bg.r, bg.g, bg.b, 255)
        SDL_RenderClear(canvas.renderer)
        let pages = CurlDrawer.Pages(current: texture(page, canvas), incoming: texture(incoming, canvas))
        if let pose {
            curlDrawer.draw(CurlRenderer(model: preferences.curl).frame(page: pageSize, pose: pose), pages: pages,
                            theme: theme, on: canvas)
        } else {
            curlDrawer.drawPage(pages.current, on: canvas)
        }
    }

    /// A page caught `progress` (0…1) of the way through a turn towards `direction`, grabbed at
    /// mid-height, in this session's page progression (mirrored for right to left): what
    /// `pageturn render` draws with `drawTurn`.
    public func pose(turning direction: TurnDirection, progress: Double) -> TurnPose {
        TurnPose(page: pageSize, direction: direction, progress: progress, rightToLeft: preferences.progression.isRightToLeft)
    }

    /// Prepares one missing neighbour of the current page, or else warms the renderer up for
    /// turning (call while nothing moves); true when it did some work.
    @discardableResult
    public func preload(on canvas: Canvas) -> Bool {
        guard machine.phase == .idle else { return false }
        let p = machine.page
        if textures.preload(pages: [p, p + 1, p - 1], layout: layout, theme: preferences.theme, canvas: canvas, fonts: fonts) {
            return true
        }
        let pages = CurlDrawer.Pages(current: texture(p, canvas), incoming: texture(p + 1 < layout.pageCount ? p + 1 : p - 1, canvas))
        guard curlDrawer.warmUp(pages: pages, theme: preferences.theme, on: canvas) else { return false }
        needsRedraw = true
        return true
    }

    /// Composes the current page for a canvas of `pixelWidth` × `pixelHeight` before the
    /// canvas exists (the reader does this while its window opens).
    public func precomposeCurrentPage(pixelWidth: Int, pixelHeight: Int) {
        textures.precompose(page: machine.page, layout: layout, theme: preferences.theme,
                            pixelWidth: pixelWidth, pixelHeight: pixelHeight, fonts: fonts)
    }

    /// How many pages have been drawn into textures so far.
    public var composedPageCount: Int { textures.composedCount }

    private func texture(_ page: Int, _ canvas: Canvas) -> OpaquePointer? {
        textures.texture(page: page, layout: layout, theme: preferences.theme, canvas: canvas, fonts: fonts)
    }

    private func drawChrome(on canvas: Canvas) {
        fonts.beginFrame()
        let chrome = Chrome(canvas: canvas, fonts: fonts, theme: preferences.theme)
        let since = now - toolbarChange.at
        let t = min(max(since / ToolbarView.slideDuration, 0), 1)
        let shown = toolbarChange.shown ? t : 1 - t
        if shown > 0 {
            let chapter = book.chapter(at: layout.range(ofPage: page).lowerBound)?.title ?? ""
            let content = ToolbarView.Content(title: book.title, chapter: chapter, page: page, pageCount: layout.pageCount,
                                              isExact: layout.isExact, curl: preferences.curl, theme: preferences.theme,
                                              fontSize: preferences.fontSize,
                                              rightToLeft: preferences.progression.isRightToLeft)
            ToolbarView.draw(chrome, content: content, shown: shown, zones: preferences.zones)
        }
        let context = panelContext
        switch overlay {
        case .goTo(let d): d.draw(chrome, context: context)
        case .bookmarks(var b):
            b.draw(chrome, context: context)
            overlay = .bookmarks(b)
        case .contents(var c):
            c.draw(chrome, context: context)
            overlay = .contents(c)
        case nil: break
        }
        if let notice {
            // On one line when it fits the page, else on up to three, never wider than the page.
            let room = max(40, pageSize.width - 16 - 32)
            let lines = chrome.wrapped(notice.text, width: room, maxLines: 3)
            let w = min(pageSize.width - 16, (lines.map { chrome.width($0) }.max() ?? 0) + 32)
            let h = 12 + 24 * Double(lines.count)
            let r = Rect(x: (pageSize.width - w) / 2, y: min(pageSize.height * 0.82, pageSize.height - h - 8), width: w, height: h)
            chrome.fill(r, preferences.theme.ink, alpha: 0.85)
            for (i, line) in lines.enumerated() {
                chrome.centredText(line, in: Rect(x: r.minX, y: r.minY + 6 + 24 * Double(i), width: w, height: 24),
                                   color: preferences.theme.background)
            }
        }
    }
}
