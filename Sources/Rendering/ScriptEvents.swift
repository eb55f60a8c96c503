import CSDL2
import PageTurner
import Reader

extension EventLoop {
    /// Pushes a script step into SDL's event queue as the events a person would cause,
    /// after a clock event with the step's time.
    func push(_ step: ReaderScript.Step) {
        var clock = SDL_Event()
        clock.type = clockEventType
        clock.user.data1 = UnsafeMutableRawPointer(bitPattern: Int((step.time * 1000).rounded()))
        SDL_PushEvent(&clock)
        switch step.action {
        case .gesture(let g): pushGesture(g)
        case .press(let keys):
            for k in keys {
                pushKey(Self.keyCode(named: k.name), shift: k.shift)
                // A printable key also types its character, as SDL reports it while text input
                // is on (the loop drops the text when it is off, as SDL would not send it).
                if let c = ReaderKey.printableASCII(k.name) { pushText(String(k.shift ? Character(c.uppercased()) : c)) }
            }
        case .type(let text):
            // Each character as a person types it: its key, then its text (characters without
            // a key of their own, as from an input method, as text alone).
            for c in text {
                if let ascii = ReaderKey.printableASCII(String(c)) { pushKey(Self.keyCode(named: String(ascii))) }
                pushText(String(c))
            }
        case .resize(let w, let h):
            if let window {
                window.resize(width: w, height: h)  // the display reports it as a size event
                return
            }
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
            e.window.data1 = Int32(w)
            e.window.data2 = Int32(h)
            SDL_PushEvent(&e)
        case .quit:
            var e = SDL_Event()
            e.type = SDL_QUIT.rawValue
            SDL_PushEvent(&e)
        }
    }

    private func pushGesture(_ action: GestureScript.Action) {
        switch action {
        case .down(let p, let id):
            id == 0 ? pushMouse(SDL_MOUSEBUTTONDOWN.rawValue, p) : pushFinger(SDL_FINGERDOWN.rawValue, p, id)
            scriptPointers[id] = p
        case .move(let p, let id):
            id == 0 ? pushMouse(SDL_MOUSEMOTION.rawValue, p) : pushFinger(SDL_FINGERMOTION.rawValue, p, id)
            scriptPointers[id] = p
        case .up(let at, let id):
            let p = at ?? scriptPointers[id] ?? Point(x: 0, y: 0)
            if at != nil { id == 0 ? pushMouse(SDL_MOUSEMOTION.rawValue, p) : pushFinger(SDL_FINGERMOTION.rawValue, p, id) }
            id == 0 ? pushMouse(SDL_MOUSEBUTTONUP.rawValue, p) : pushFinger(SDL_FINGERUP.rawValue, p, id)
            scriptPointers[id] = nil
        case .cancel:
            // The platform taking pointers away: the window loses focus.
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
            SDL_PushEvent(&e)
            scriptPointers.removeAll()
        case .wheel(let n):
            var e = SDL_Event()
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.which = Self.scriptMouseID
            e.wheel.y = Int32(-n)
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            SDL_PushEvent(&e)
        case .scroll(let dx, let dy):
            // As a trackpad reports it: precise, fractional scroll units (see `EventLoop.trackpadScroll`).
            var e = SDL_Event()
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.which = Self.scriptMouseID
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            e.wheel.preciseX = Float(-dx / Self.pixelsPerScrollUnit)
            e.wheel.preciseY = Float(dy / Self.pixelsPerScrollUnit)
            SDL_PushEvent(&e)
        case .key(let k):
            switch k {
            // Page Down and Up, not → and ←: those point the other way in a right-to-left book.
            case .next: pushKey(SDLK_PAGEDOWN.rawValue)
            case .previous: pushKey(SDLK_PAGEUP.rawValue)
            case .first: pushKey(SDLK_HOME.rawValue)
            case .last: pushKey(SDLK_END.rawValue)
            case .toggleToolbars: pushKey(SDLK_m.rawValue)
            case .hideToolbars: pushKey(SDLK_ESCAPE.rawValue)
            }
        case .tick, .setup:  // a recording's set-up changes: the session makes its own
            break
        }
    }

    /// The mouse a script's pointer events come from: a scripted run in a window ignores
    /// the real pointer (under Xvfb it rests over the window and would drag the page too).
    static let scriptMouseID: UInt32 = 0x5C12

    private func pushMouse(_ type: UInt32, _ p: Point) {
        var e = SDL_Event()
        e.type = type
        if type == SDL_MOUSEMOTION.rawValue {
            e.motion.which = Self.scriptMouseID
            e.motion.x = Int32(p.x.rounded())
            e.motion.y = Int32(p.y.rounded())
            e.motion.state = pt_sdl_button_mask(Int32(SDL_BUTTON_LEFT))
        } else {
            e.button.which = Self.scriptMouseID
            e.button.x = Int32(p.x.rounded())
            e.button.y = Int32(p.y.rounded())
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.clicks = 1
            e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN.rawValue ? SDL_PRESSED : SDL_RELEASED)
        }
        SDL_PushEvent(&e)
    }

    private func pushFinger(_ type: UInt32, _ p: Point, _ id: Int) {
        var e = SDL_Event()
        e.type = type
        let size = canvas.logicalSize
        e.tfinger.touchId = 1
        e.tfinger.fingerId = Int64(id)
        e.tfinger.x = Float(p.x / size.width)
        e.tfinger.y = Float(p.y / size.height)
        e.tfinger.pressure = 1
        SDL_PushEvent(&e)
    }

    private func pushKey(_ sym: UInt32, shift: Bool = false) {
        guard sym != 0 else { return }
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.state = UInt8(SDL_PRESSED)
        e.key.keysym.sym = Int32(bitPattern: sym)
        e.key.keysym.mod = UInt16(shift ? KMOD_LSHIFT.rawValue : 0)
        SDL_PushEvent(&e)
        e.type = SDL_KEYUP.rawValue
        e.key.state = UInt8(SDL_RELEASED)
        SDL_PushEvent(&e)
    }

    private func pushText(_ text: String) {
        // SDL's text events carry at most 31 bytes; longer text goes in pieces.
        var piece: [UInt8] = []
        func flush() {
            guard !piece.isEmpty else { return }
            var e = SDL_Event()
            e.type = SDL_TEXTINPUT.rawValue
            withUnsafeMutableBytes(of: &e.text.text) { raw in
                for (i, b) in piece.enumerated() { raw[i] = b }
                raw[piece.count] = 0
            }
            SDL_PushEvent(&e)
            piece = []
        }
        for c in text {
            let bytes = Array(String(c).utf8)
            if piece.count + bytes.count > 31 { flush() }
            piece += bytes
        }
        flush()
    }

    /// SDL's key code for a script's key name ("g", "Return", "plus", "shift+Space" without
    /// the shift), 0 when unknown.
    static func keyCode(named name: String) -> UInt32 {
        switch name.lowercased() {
        case "plus", "+": return SDLK_PLUS.rawValue
        case "minus", "-": return SDLK_MINUS.rawValue
        case "enter", "return": return SDLK_RETURN.rawValue
        case "esc", "escape": return SDLK_ESCAPE.rawValue
        case "pgup": return SDLK_PAGEUP.rawValue
        case "pgdn": return SDLK_PAGEDOWN.rawValue
        case "del": return SDLK_DELETE.rawValue
        default: break
        }
        if name.unicodeScalars.count == 1, let s = name.lowercased().unicodeScalars.first, s.value < 0x7F {
            return s.value
        }
        return UInt32(bitPattern: SDL_GetKeyFromName(name))
    }
}
