import PageTurner

extension ReaderSession {
    /// Handles one input at `time` (ms, any monotonic time line).
    public func handle(_ input: ReaderInput, at time: Double) {
        advance(to: time)
        needsRedraw = true
        switch input {
        case .pointerDown(let id, let p):
            lastPointer[id] = p
            if overlay != nil {
                overlayPointers[id] = p
            } else {
                react(machine.send(.pointerDown(id: id, at: p), at: now))
            }
        case .pointerMove(let id, let p):
            lastPointer[id] = p
            if overlayPointers[id] == nil { react(machine.send(.pointerMove(id: id, at: p), at: now)) }
        case .pointerUp(let id, let at):
            let p = at ?? lastPointer[id]
            lastPointer[id] = nil
            if let down = overlayPointers.removeValue(forKey: id) {
                // A click on a panel: down and up close together.
                if let p, p.distance(to: down) <= machine.config.touchSlop * 2 { tapOverlay(p) }
            } else {
                lastTap = p
                react(machine.send(.pointerUp(id: id, at: at), at: now))
            }
        case .pointerCancel(let id):
            lastPointer[id] = nil
            if overlayPointers.removeValue(forKey: id) == nil { react(machine.send(.pointerCancel(id: id), at: now)) }
        case .wheel(let steps):
            wheel(steps)
        case .key(let key, let shift):
            if overlay != nil { keyOnOverlay(key) } else { keyOnPage(key, shift: shift) }
        case .text(let text):
            switch overlay {
            case .goTo(var d): d.type(text); overlay = .goTo(d)
            case .bookmarks(var b): b.type(text); overlay = .bookmarks(b)
            default: break
            }
        case .resize(let size):
            resize(to: size)
        case .quit:
            quit()
        }
    }

    private func wheel(_ steps: Int) {
        guard steps != 0 else { return }
        switch overlay {
        case .contents(var c): c.wheel(steps, size: pageSize, context: panelContext); overlay = .contents(c)
        case .bookmarks(var b): b.wheel(steps, size: pageSize, context: panelContext); overlay = .bookmarks(b)
        case .goTo: break
        case nil: react(machine.send(.wheel(steps: steps), at: now))
        }
    }

    /// Keys while reading: every page key goes through the machine. ← and → point where the
    /// page goes, so a right-to-left book turns forward with ←; the other keys keep their sense.
    private func keyOnPage(_ key: ReaderKey, shift: Bool) {
        func send(_ k: KeyCommand) { react(machine.send(.key(k), at: now)) }
        let rtl = preferences.progression.isRightToLeft
        switch key {
        case .right: send(rtl ? .previous : .next)
        case .left: send(rtl ? .next : .previous)
        case .down, .pageDown: send(.next)
        case .up, .pageUp: send(.previous)
        case .space: send(shift ? .previous : .next)
        case .home: send(.first)
        case .end: send(.last)
        case .plus: setFontSize(preferences.fontSize + 2)
        case .minus: setFontSize(preferences.fontSize - 2)
        case .character("g"): press(.goTo)
        case .character("b"): press(.bookmarks)
        case .character("t"): press(.contents)
        case .character("m"), .enter: send(.toggleToolbars)
        case .escape:
            if machine.toolbarsShown { send(.hideToolbars) } else { quit() }
        default: break
        }
    }

    private func keyOnOverlay(_ key: ReaderKey) {
        let context = panelContext
        switch overlay {
        case .goTo(var d):
            let action = d.key(key, context: context)
            overlay = .goTo(d)
            perform(action)
        case .bookmarks(var b):
            let action = b.key(key, size: pageSize, context: context)
            overlay = .bookmarks(b)
            perform(action)
        case .contents(var c):
            let action = c.key(key, size: pageSize, context: context)
            overlay = .contents(c)
            perform(action)
        case nil: break
        }
    }

    private func tapOverlay(_ p: Point) {
        let context = panelContext
        switch overlay {
        case .goTo(var d):
            let action = d.tap(p, size: pageSize, context: context)
            overlay = .goTo(d)
            perform(action)
        case .bookmarks(var b):
            let action = b.tap(p, size: pageSize, context: context)
            overlay = .bookmarks(b)
            perform(action)
        case .contents(var c):
            let action = c.tap(p, size: pageSize, context: context)
            overlay = .contents(c)
            perform(action)
        case nil: break
        }
    }

    /// What a panel asked for.
    private func perform(_ action: OverlayAction) {
        switch action {
        case .none: break
        case .close: overlay = nil
        case .goTo(let page):
            overlay = nil
            jump(toPage: layout.pageForJump(toPage: page))
        case .jump(let offset):
            overlay = nil
            jump(toPage: layout.pageForJump(to: offset))
        case .addBookmark(let name):
            overlay = nil
            addBookmark(name: name)
        case .deleteBookmark(let index):
            removeBookmark(at: index)
            if case .bookmarks(var b) = overlay {
                b.bookmarksChanged(count: bookmarks.count)
                overlay = .bookmarks(b)
            }
        }
        needsRedraw = true
    }
}
