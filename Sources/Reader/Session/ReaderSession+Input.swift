import PageTurner
import ReaderState

/// Where inputs go: to the open panel if there is one, else to the turn machine (pointers,
/// wheel steps, page keys) or the reader's own keys.
extension ReaderSession {
    /// Handles one input at `time` (ms, any monotonic time line).
    public func handle(_ input: ReaderInput, at time: Double) {
        advance(to: time)
        needsRedraw = true
        switch input {
        case .pointerDown(let id, let p):
            pointers.last[id] = p
            if chrome.panel != nil {
                pointers.onPanel[id] = p
            } else if machine.toolbarsShown && machine.tapZones.isOnToolbars(p, page: machine.pageSize) {
                // The toolbar owns its pointer: a drag along it turns no page under it; one on
                // the progress bar picks a page.
                pointers.onToolbar[id] = p
                startScrub(pointer: id, at: p)
            } else if let item = selectionMenu?.item(at: p) {
                // The selection's menu: its button acts when the pointer lets go on it.
                pointers.onMenu[id] = item
            } else if selection?.isActive == false, let end = handle(near: p) {
                // A handle of the selection: dragging it moves that end; the page lies still.
                pointers.onHandle[id] = end
                takeHandle(end)
            } else {
                if selection?.isActive == false { pointers.whileSelected[id] = p }
                if let link = link(at: p) {
                    pointers.onLink[id] = (p, link)
                } else if selection == nil, let passage = highlight(at: p) {
                    pointers.onHighlight[id] = (p, passage)
                }
                toMachine(.pointerDown(id: id, at: p))
            }
        case .pointerMove(let id, let p):
            pointers.last[id] = p
            if chrome.scrub?.pointer == id { moveScrub(to: p) }
            if pointers.onHandle[id] != nil {
                dragHandle(to: p)
            } else if pointers.onPanel[id] == nil && pointers.onToolbar[id] == nil && pointers.onMenu[id] == nil {
                toMachine(.pointerMove(id: id, at: p))
            }
        case .pointerUp(let id, let at):
            let p = at ?? pointers.last[id]
            pointers.last[id] = nil
            let pressedWhileSelected = pointers.whileSelected.removeValue(forKey: id)
            if pointers.onHandle.removeValue(forKey: id) != nil {
                if let at { dragHandle(to: at) }
            } else if let item = pointers.onMenu.removeValue(forKey: id) {
                if let p, selectionMenu?.item(at: p) == item { perform(item) }
            } else if let down = pressedWhileSelected, let p, p.distance(to: down) <= machine.config.touchSlop,
                      selection?.isActive == false {
                // A tap while text is selected clears the selection and does nothing else.
                pointers.onLink[id] = nil
                toMachine(.pointerCancel(id: id))
                clearSelection()
            } else if let down = pointers.onPanel.removeValue(forKey: id) {
                // A click on a panel: down and up close together.
                if let p, p.distance(to: down) <= machine.config.touchSlop * 2 {
                    let onPanel = chromePoint(p)
                    toPanel { $0.tap(at: onPanel, context: $1) }
                }
            } else if let down = pointers.onToolbar.removeValue(forKey: id) {
                if chrome.scrub?.pointer == id {
                    endScrub(at: p)
                } else if let p, p.distance(to: down) <= machine.config.touchSlop * 2, machine.toolbarsShown, chrome.panel == nil {
                    // A click on a toolbar presses the button it lets go on, if the toolbars are
                    // still there (a key or another finger may have hidden them or opened a panel).
                    clickToolbar(at: p)
                }
            } else if let (down, link) = pointers.onLink.removeValue(forKey: id), let p,
                      p.distance(to: down) <= machine.config.touchSlop {
                // A tap on a link is the link's: the machine lets the page lie.
                toMachine(.pointerCancel(id: id))
                follow(link)
            } else if let (down, passage) = pointers.onHighlight.removeValue(forKey: id), let p,
                      p.distance(to: down) <= machine.config.touchSlop, selection == nil {
                // A tap on a highlight selects it, with its menu (recolour, note, remove).
                toMachine(.pointerCancel(id: id))
                selectHighlight(passage)
            } else {
                toMachine(.pointerUp(id: id, at: at))
            }
        case .pointerCancel(let id):
            pointers.last[id] = nil
            pointers.onLink[id] = nil
            pointers.whileSelected[id] = nil
            pointers.onHighlight[id] = nil
            if pointers.onHandle.removeValue(forKey: id) != nil || pointers.onMenu.removeValue(forKey: id) != nil { return }
            if chrome.scrub?.pointer == id {
                chrome.scrub = nil  // back where the reader was
            }
            if pointers.onPanel.removeValue(forKey: id) == nil && pointers.onToolbar.removeValue(forKey: id) == nil {
                toMachine(.pointerCancel(id: id))
            }
        case .wheel(let steps):
            guard steps != 0 else { return }
            if chrome.panel != nil {
                toPanel { $0.wheel(steps, context: $1) }
            } else {
                toMachine(.wheel(steps: steps))
            }
        case .scroll(let dx, let dy):
            // A panel's lists scroll by wheel steps (vertical scrolling arrives as those).
            if chrome.panel == nil { toMachine(.scroll(dx: dx, dy: dy)) }
        case .key(let key, let shift):
            if chrome.panel != nil { toPanel { $0.key(key, context: $1) } } else { keyOnPage(key, shift: shift) }
        case .text(let text):
            toPanel { $0.type(text, context: $1) }
        case .resize(let size):
            resize(to: size)
        case .openShelf:
            leaveForShelf()
        case .copy:
            copySelection()
        case .openFind:
            // Never over another dialog (what was typed there would be lost).
            if chrome.panel == nil { openFind() }
        case .quit:
            quit()
        }
    }

    /// Gives an input to the turn machine now (a recorder, if any, hears of it) and does what
    /// the machine's events ask.
    private func toMachine(_ input: TurnInput) {
        onMachineInput?(input, now)
        react(machine.send(input, at: now))
    }

    /// `p` as the chrome's geometry (laid out left to right) has it: mirrored in the window's
    /// width when the chrome is drawn mirrored (`ReaderScene.mirrorsChrome`, a book read right
    /// to left).
    func chromePoint(_ p: Point) -> Point {
        preferences.progression.isRightToLeft ? Point(x: pageSize.width - p.x, y: p.y) : p
    }

    /// Gives an input to the open panel (nothing happens with none open) and does what it asks.
    private func toPanel(_ input: (inout any ReaderPanel, PanelContext) -> PanelAction) {
        guard var panel = chrome.panel else { return }
        let action = input(&panel, panelContext)
        chrome.panel = panel
        perform(action)
    }

    /// Keys while reading: every page key goes through the machine. ← and → point where the
    /// page goes, so a right-to-left book turns forward with ←; the other keys keep their sense.
    private func keyOnPage(_ key: ReaderKey, shift: Bool) {
        func send(_ k: KeyCommand) { toMachine(.key(k)) }
        let rtl = preferences.progression.isRightToLeft
        if selection != nil {
            switch key {
            case .right where shift, .left where shift:
                moveSelectionFocus(forward: (key == .right) != rtl)
                return
            case .character(let c) where ("1"..."4").contains(c):
                highlightSelection(Highlight.Color.allCases[Int(String(c))! - 1])
                return
            case .character("n"):
                openNoteDialog()
                return
            case .delete where selectedHighlight != nil:
                perform(.remove)
                return
            default: break
            }
        }
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
        case .character("f"): press(.font)
        case .character("h"): setHyphenation(!preferences.hyphenation)
        case .character("l"): openHighlightsPanel()
        case .character("n") where currentHighlight != nil: openNoteDialog()
        case .enter where confirmAskedLink(): break
        case .character("/"): openFind()
        case .enter where isSearching, .f3 where isSearching: findNext(backwards: shift)
        case .character("m"), .enter: send(.toggleToolbars)
        case .f3:
            chrome.hudShown.toggle()
            needsRedraw = true
        // Esc closes what is open and never quits: a second Esc pressed to be sure must not
        // close the book. `q` quits (and Ctrl+Q, which the window turns into `.quit`).
        case .escape:
            if dismissAskedLink() { break }
            if selection != nil {
                clearSelection()
                break
            }
            if isSearching {
                endFind()
                break
            }
            if machine.toolbarsShown { send(.hideToolbars) }
        case .character("q"): quit()
        case .backspace: goBack()
        default: break
        }
    }
}
