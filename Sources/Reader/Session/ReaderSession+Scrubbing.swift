import PageTurner

/// Scrubbing the progress bar (`Toolbars.scrubArea`): the page under the pointer is shown
/// while it is down, letting go goes there, and "Back to N" returns.
///
/// Each takes a point in the window and mirrors it as the chrome is drawn (`chromePoint`)
/// before the toolbars' geometry reads it.
extension ReaderSession {
    /// Starts a scrub when `p`, a press on the shown toolbars, is on the progress bar's row.
    func startScrub(pointer id: Int, at window: Point) {
        let p = chromePoint(window)
        let bars = Toolbars(zones: preferences.zones)
        guard chrome.scrub == nil, let area = bars.scrubArea(size: pageSize), area.contains(p),
              let target = scrubTarget(at: p) else { return }
        // "Back to N", when offered, is a button over the row.
        if chrome.returnPage != nil, let back = bars.backButton(size: pageSize), back.contains(p) { return }
        chrome.scrub = (id, machine.page, target)
    }

    /// The scrub follows the pointer.
    func moveScrub(to window: Point) {
        let p = chromePoint(window)
        guard let scrub = chrome.scrub, let target = scrubTarget(at: p), target != scrub.target else { return }
        chrome.scrub?.target = target
        needsRedraw = true
    }

    /// Lets go: goes to the page picked (at `p`, when known) and offers the way back.
    func endScrub(at window: Point?) {
        guard let scrub = chrome.scrub else { return }
        chrome.scrub = nil
        let target = window.map(chromePoint).flatMap(scrubTarget(at:)) ?? scrub.target
        guard target != scrub.from else { return }
        chrome.returnPage = scrub.from
        jump(toPage: layout.pageForJump(toPage: target))
    }

    /// A click on the shown toolbars: "Back to N" when offered and under `p`, else the button
    /// under `p`.
    func clickToolbar(at window: Point) {
        let p = chromePoint(window)
        var bars = Toolbars(zones: preferences.zones)
        if let back = chrome.returnPage, let rect = bars.backButton(size: pageSize), rect.contains(p) {
            chrome.returnPage = nil
            jump(toPage: layout.pageForJump(toPage: back))
            return
        }
        perform(bars.tap(at: p, context: panelContext))
    }

    /// The page the progress bar shows at `p` (a spread's first page in a spread).
    private func scrubTarget(at p: Point) -> Int? {
        let bars = Toolbars(zones: preferences.zones)
        guard let page = bars.page(atBarX: p.x, size: pageSize, pageCount: layout.pageCount) else { return nil }
        return machine.isSpread ? page - page % 2 : page
    }
}
