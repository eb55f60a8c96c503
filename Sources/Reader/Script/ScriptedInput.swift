import PageTurner

/// Plays script steps straight into a session, as the window's event loop would deliver them
/// from SDL's event queue, with no window and no SDL: the mouse (pointer 0) at whole pixels
/// and only while its button is down, fingers numbered from 1 in the order they touch, at
/// the precision of SDL's normalized touch coordinates; a key and its text, through the
/// `TextInputGate`; losing focus cancels every pointer down. Tests of the session run scripts
/// through this.
public struct ScriptedInput {
    private var gate = TextInputGate()
    /// Where each script pointer is (for an `up` without a point).
    private var scriptPointers: [Int: Point] = [:]
    private var mouseDown = false
    /// Script finger ids → the session's pointer ids.
    private var fingers: [Int: Int] = [:]

    public init() {}

    /// Plays `script` on `session` with frames at `fps` (nothing drawn: each frame only
    /// advances the session); `afterStep` sees the session after each step. Returns the
    /// number of frames.
    @discardableResult
    public static func play(_ script: ReaderScript, on session: ReaderSession, fps: Double = 60,
                            afterStep: (ReaderScript.Step) -> Void = { _ in }) -> Int {
        var input = ScriptedInput()
        return ScriptTimeline(script, fps: fps).play(on: session, deliver: { step in
            input.deliver(step, to: session)
            afterStep(step)
        }, frame: { _ in session.needsRedraw = false })
    }

    /// Delivers one step at its time, then syncs text input as after a batch of events.
    public mutating func deliver(_ step: ReaderScript.Step, to session: ReaderSession) {
        let t = step.time
        switch step.action {
        case .gesture(let g): gesture(g, session, at: t)
        case .press(let keys):
            for k in keys {
                key(ReaderKey(scriptName: k.name), printable: ReaderKey.keyCharacter(scriptName: k.name), shift: k.shift,
                    session, at: t)
                if let c = ReaderKey.printableASCII(k.name) { text(String(k.shift ? Character(c.uppercased()) : c), session, at: t) }
            }
        case .type(let text):
            for c in text {
                if ReaderKey.printableASCII(String(c)) != nil {
                    key(ReaderKey(scriptName: String(c)), printable: ReaderKey.keyCharacter(scriptName: String(c)), shift: false,
                        session, at: t)
                }
                self.text(String(c), session, at: t)
            }
        case .resize(let w, let h):
            session.handle(.resize(Size(width: Double(w), height: Double(h))), at: t)
        case .quit:
            session.handle(.quit, at: t)
        }
        _ = gate.sync(fieldOpen: session.wantsTextInput)
    }

    private func key(_ key: ReaderKey?, printable: Character?, shift: Bool, _ session: ReaderSession, at t: Double) {
        guard key != .f11 else { return }  // full screen: the window's own
        if let input = gate.keyDown(key, printable: printable, shift: shift, fieldOpen: session.wantsTextInput) {
            session.handle(input, at: t)
        }
    }

    private func text(_ text: String, _ session: ReaderSession, at t: Double) {
        if let input = gate.text(text) { session.handle(input, at: t) }
    }

    private mutating func gesture(_ action: GestureScript.Action, _ session: ReaderSession, at t: Double) {
        let mouse = Self.mouse, finger = { Self.finger($0, on: session.pageSize) }
        switch action {
        case .down(let p, let id):
            scriptPointers[id] = p
            if id == 0 {
                mouseDown = true
                session.handle(.pointerDown(id: 0, at: mouse(p)), at: t)
            } else {
                var n = 1
                while fingers.values.contains(n) { n += 1 }
                fingers[id] = n
                session.handle(.pointerDown(id: n, at: finger(p)), at: t)
            }
        case .move(let p, let id):
            scriptPointers[id] = p
            move(p, id, session, at: t)
        case .up(let at, let id):
            let p = at ?? scriptPointers[id] ?? Point(x: 0, y: 0)
            if at != nil { move(p, id, session, at: t) }
            scriptPointers[id] = nil
            if id == 0 {
                guard mouseDown else { return }
                mouseDown = false
                session.handle(.pointerUp(id: 0, at: mouse(p)), at: t)
            } else if let n = fingers.removeValue(forKey: id) {
                session.handle(.pointerUp(id: n, at: finger(p)), at: t)
            }
        case .cancel:
            for id in session.pointersDown { session.handle(.pointerCancel(id: id), at: t) }
            mouseDown = false
            fingers.removeAll()
            scriptPointers.removeAll()
        case .wheel(let n):
            if n != 0 { session.handle(.wheel(steps: n), at: t) }
        case .scroll(let dx, let dy):
            session.handle(.scroll(dx: dx, dy: dy), at: t)
        case .key(let k):
            // Page Down and Up, not → and ←: those point the other way in a right-to-left book.
            let keys: [KeyCommand: ReaderKey] = [.next: .pageDown, .previous: .pageUp, .first: .home, .last: .end,
                                                 .toggleToolbars: .character("m"), .hideToolbars: .escape]
            let printable: Character? = k == .toggleToolbars ? "m" : nil
            key(keys[k], printable: printable, shift: false, session, at: t)
        case .tick, .setup:  // a recording's set-up changes: the session makes its own
            break
        }
    }

    private func move(_ p: Point, _ id: Int, _ session: ReaderSession, at t: Double) {
        if id == 0 {
            if mouseDown { session.handle(.pointerMove(id: 0, at: Self.mouse(p)), at: t) }
        } else if let n = fingers[id] {
            session.handle(.pointerMove(id: n, at: Self.finger(p, on: session.pageSize)), at: t)
        }
    }

    /// A mouse position as SDL reports it: whole pixels.
    private static func mouse(_ p: Point) -> Point { Point(x: p.x.rounded(), y: p.y.rounded()) }

    /// A finger position as SDL carries it: a fraction of the window's size, in single precision.
    private static func finger(_ p: Point, on size: Size) -> Point {
        Point(x: Double(Float(p.x / size.width)) * size.width, y: Double(Float(p.y / size.height)) * size.height)
    }
}
