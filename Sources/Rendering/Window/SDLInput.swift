import CSDL2
import PageTurner
import Reader

/// SDL's input events and the reader's `PlatformEvent`s, both ways: the window's events are
/// decoded into platform events for the `InputTranslator`; a scripted run's platform events
/// (`ScriptedInput.events(for:pageSize:)`) are encoded as the SDL events a person would cause
/// and pushed through SDL's own queue. Key codes go through one table (`keys`).
enum SDLInput {
    /// The mouse a script's pointer events come from: a scripted run in a window ignores
    /// the real pointer (under Xvfb it rests over the window and would drag the page too).
    static let scriptMouseID: UInt32 = 0x5C12

    /// Logical pixels of finger travel per unit of SDL's precise scroll (a wheel click is one
    /// unit). X11's smooth scrolling from a touchpad reports about this much; it has not been
    /// calibrated on every device.
    static let pixelsPerScrollUnit = 40.0

    /// Every key the reader knows and SDL's code for it; decoding also takes the aliases.
    static let keys: [(key: ReaderKey, code: UInt32)] = [
        (.left, SDLK_LEFT.rawValue), (.right, SDLK_RIGHT.rawValue), (.up, SDLK_UP.rawValue), (.down, SDLK_DOWN.rawValue),
        (.pageUp, SDLK_PAGEUP.rawValue), (.pageDown, SDLK_PAGEDOWN.rawValue), (.home, SDLK_HOME.rawValue), (.end, SDLK_END.rawValue),
        (.space, SDLK_SPACE.rawValue), (.enter, SDLK_RETURN.rawValue), (.escape, SDLK_ESCAPE.rawValue),
        (.backspace, SDLK_BACKSPACE.rawValue), (.delete, SDLK_DELETE.rawValue), (.tab, SDLK_TAB.rawValue),
        (.f3, SDLK_F3.rawValue), (.f11, SDLK_F11.rawValue), (.plus, SDLK_PLUS.rawValue), (.minus, SDLK_MINUS.rawValue),
    ]
    /// Other codes for the same keys: the keypad's, and `=` (the unshifted `+` key).
    static let keyAliases: [UInt32: ReaderKey] = [
        SDLK_KP_ENTER.rawValue: .enter, SDLK_KP_PLUS.rawValue: .plus, SDLK_EQUALS.rawValue: .plus, SDLK_KP_MINUS.rawValue: .minus,
    ]

    /// SDL's key code as a reader key (printable ASCII codes are the lower-case character).
    static func readerKey(_ code: UInt32) -> ReaderKey? {
        if let known = keys.first(where: { $0.code == code }) { return known.key }
        if let alias = keyAliases[code] { return alias }
        guard let c = printable(code) else { return nil }
        return .character(c.lowercased().first ?? c)
    }

    /// SDL's key code for a reader key that types `printable` (the key `=` and the key `+`
    /// are both the reader's `plus`: the character tells them apart).
    static func code(for key: ReaderKey, printable: Character? = nil) -> UInt32 {
        if case .character(let c) = key { return c.unicodeScalars.first.map { $0.value } ?? 0 }
        if let scalar = printable?.unicodeScalars.first, readerKey(scalar.value) == key { return scalar.value }
        return keys.first { $0.key == key }?.code ?? 0
    }

    /// The printable ASCII character a key code stands for.
    static func printable(_ code: UInt32) -> Character? {
        code > 0x20 && code < 0x7F ? Unicode.Scalar(code).map(Character.init) : nil
    }

    // MARK: - Decoding

    /// The platform event an SDL input event is, on a window of `size` logical pixels; nil for
    /// events that are not input (or that the reader ignores: buttons other than the left, the
    /// mouse SDL makes up from touches).
    static func decode(_ e: SDL_Event, size: Size) -> PlatformEvent? {
        switch e.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            guard e.button.which != pt_sdl_touch_mouse_id(), e.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let p = Point(x: Double(e.button.x), y: Double(e.button.y))
            return e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .mouseDown(p) : .mouseUp(p)
        case SDL_MOUSEMOTION.rawValue:
            guard e.motion.which != pt_sdl_touch_mouse_id() else { return nil }
            return .mouseMove(Point(x: Double(e.motion.x), y: Double(e.motion.y)))
        case SDL_MOUSEWHEEL.rawValue:
            if let (dx, dy) = trackpadScroll(e.wheel) { return .scroll(dx: dx, dy: dy) }
            var steps = Int(-e.wheel.y) + Int(e.wheel.x)
            if e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { steps = -steps }
            return .wheel(steps: steps)
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            let p = Point(x: Double(f.x) * size.width, y: Double(f.y) * size.height)
            switch e.type {
            case SDL_FINGERDOWN.rawValue: return .fingerDown(id: f.fingerId, at: p)
            case SDL_FINGERMOTION.rawValue: return .fingerMove(id: f.fingerId, at: p)
            default: return .fingerUp(id: f.fingerId, at: p)
            }
        case SDL_KEYDOWN.rawValue:
            let code = UInt32(bitPattern: e.key.keysym.sym)
            let mod = UInt32(e.key.keysym.mod)
            return .key(readerKey(code), printable: printable(code), shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0,
                        control: mod & UInt32(KMOD_CTRL.rawValue) != 0)
        case SDL_TEXTINPUT.rawValue:
            var bytes = e.text.text
            return .text(withUnsafeBytes(of: &bytes) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) })
        case SDL_WINDOWEVENT.rawValue where UInt32(e.window.event) == SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
            return .focusLost
        default:
            return nil
        }
    }

    /// A wheel event that is a trackpad's two-finger swipe, mostly horizontal: its precise
    /// deltas as finger travel in logical pixels (positive: the fingers moved right); nil for
    /// a wheel click, or mostly vertical scrolling, which turns pages by steps as before.
    /// SDL's positive x scrolls the view right, which fingers do by moving left (mirrored when
    /// the platform says the direction is flipped, natural scrolling).
    static func trackpadScroll(_ w: SDL_MouseWheelEvent) -> (Double, Double)? {
        let px = Double(w.preciseX), py = Double(w.preciseY)
        guard abs(px) > abs(py), px != px.rounded() || (w.x == 0 && px != 0) else { return nil }
        let flip = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
        return (-px * pixelsPerScrollUnit * flip, py * pixelsPerScrollUnit * flip)
    }

    /// A mouse event that did not come from a script (in a scripted run in a window).
    static func isRealPointer(_ e: SDL_Event) -> Bool {
        switch e.type {
        case SDL_MOUSEMOTION.rawValue: return e.motion.which != scriptMouseID
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue: return e.button.which != scriptMouseID
        case SDL_MOUSEWHEEL.rawValue: return e.wheel.which != scriptMouseID
        default: return false
        }
    }

    // MARK: - Encoding

    /// The SDL events a person causes for `event` on a window of `size` (a `resize` as the
    /// size event a headless window's loop reads; a real window is resized instead).
    static func encode(_ event: PlatformEvent, size: Size) -> [SDL_Event] {
        switch event {
        case .mouseDown(let p): return [mouseButton(down: true, p)]
        case .mouseUp(let p): return [mouseButton(down: false, p)]
        case .mouseMove(let p):
            var e = SDL_Event()
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.which = scriptMouseID
            e.motion.x = Int32(p.x.rounded())
            e.motion.y = Int32(p.y.rounded())
            e.motion.state = pt_sdl_button_mask(Int32(SDL_BUTTON_LEFT))
            return [e]
        case .fingerDown(let id, let p): return [finger(SDL_FINGERDOWN.rawValue, id, p, size)]
        case .fingerMove(let id, let p): return [finger(SDL_FINGERMOTION.rawValue, id, p, size)]
        case .fingerUp(let id, let p): return [finger(SDL_FINGERUP.rawValue, id, p, size)]
        case .wheel(let steps):
            var e = wheel()
            e.wheel.y = Int32(-steps)
            return [e]
        case .scroll(let dx, let dy):
            // As a trackpad reports it: precise, fractional scroll units (see `trackpadScroll`).
            var e = wheel()
            e.wheel.preciseX = Float(-dx / pixelsPerScrollUnit)
            e.wheel.preciseY = Float(dy / pixelsPerScrollUnit)
            return [e]
        case .key(let key, let printable, let shift, let control):
            guard let key, case let code = code(for: key, printable: printable), code != 0 else { return [] }
            var e = SDL_Event()
            e.type = SDL_KEYDOWN.rawValue
            e.key.state = UInt8(SDL_PRESSED)
            e.key.keysym.sym = Int32(bitPattern: code)
            e.key.keysym.mod = UInt16((shift ? KMOD_LSHIFT.rawValue : 0) | (control ? KMOD_LCTRL.rawValue : 0))
            var up = e
            up.type = SDL_KEYUP.rawValue
            up.key.state = UInt8(SDL_RELEASED)
            return [e, up]
        case .text(let text):
            return textPieces(text)
        case .focusLost:
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
            return [e]
        case .resize(let size):
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
            e.window.data1 = Int32(size.width)
            e.window.data2 = Int32(size.height)
            return [e]
        case .quit:
            var e = SDL_Event()
            e.type = SDL_QUIT.rawValue
            return [e]
        }
    }

    private static func mouseButton(down: Bool, _ p: Point) -> SDL_Event {
        var e = SDL_Event()
        e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        e.button.which = scriptMouseID
        e.button.x = Int32(p.x.rounded())
        e.button.y = Int32(p.y.rounded())
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.clicks = 1
        e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        return e
    }

    private static func finger(_ type: UInt32, _ id: Int64, _ p: Point, _ size: Size) -> SDL_Event {
        var e = SDL_Event()
        e.type = type
        e.tfinger.touchId = 1
        e.tfinger.fingerId = id
        e.tfinger.x = Float(p.x / size.width)
        e.tfinger.y = Float(p.y / size.height)
        e.tfinger.pressure = 1
        return e
    }

    private static func wheel() -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.which = scriptMouseID
        e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        return e
    }

    /// Text events: SDL's carry at most 31 bytes, so longer text goes in pieces.
    private static func textPieces(_ text: String) -> [SDL_Event] {
        var events: [SDL_Event] = []
        var piece: [UInt8] = []
        func flush() {
            guard !piece.isEmpty else { return }
            var e = SDL_Event()
            e.type = SDL_TEXTINPUT.rawValue
            withUnsafeMutableBytes(of: &e.text.text) { raw in
                for (i, b) in piece.enumerated() { raw[i] = b }
                raw[piece.count] = 0
            }
            events.append(e)
            piece = []
        }
        for c in text {
            let bytes = Array(String(c).utf8)
            if piece.count + bytes.count > 31 { flush() }
            piece += bytes
        }
        flush()
        return events
    }
}
