import PageTurner
import GestureScripts

/// A script's steps as the platform events a person would cause (`events(for:pageSize:)`):
/// the mouse (pointer 0) at whole pixels, fingers (ids 1…) at the precision of SDL's
/// normalized touch coordinates, a key and the text it types, a `cancel` as the window
/// losing focus. The window's scripted runs push these through SDL's event queue
/// (`EventLoop.push`); `play` hands them straight to a session through the same
/// `InputTranslator` the window uses, with no window and no SDL (session tests run scripts so).
public struct ScriptedInput {
    /// Where each script pointer is (for an `up` without a point).
    private var pointers: [Int: Point] = [:]

    public init() {}

    /// Plays `script` on `session` with frames at `fps` (nothing drawn: each frame only
    /// advances the session); `afterStep` sees the session after each step. Returns the
    /// number of frames.
    @discardableResult
    public static func play(_ script: ReaderScript, on session: ReaderSession, fps: Double = 60,
                            afterStep: (ReaderScript.Step) -> Void = { _ in }) -> Int {
        var input = ScriptedInput()
        var translator = InputTranslator()
        return ScriptTimeline(script, fps: fps).play(on: session, deliver: { step in
            for event in input.events(for: step, pageSize: session.pageSize) {
                translator.deliver(event, to: session, at: step.time)
            }
            // As after a batch of events: text input follows the open field.
            _ = translator.syncTextInput(fieldOpen: session.wantsTextInput)
            afterStep(step)
        }, frame: { _ in session.needsRedraw = false })
    }

    /// The events a person would cause doing `step` in a window of `pageSize` (logical px).
    public mutating func events(for step: ReaderScript.Step, pageSize: Size) -> [PlatformEvent] {
        switch step.action {
        case .gesture(let g):
            return gesture(g, pageSize: pageSize)
        case .press(let keys):
            // A printable key also types its character, as the platform reports it while text
            // input is on (the translator drops the text when it is off).
            return keys.flatMap { k -> [PlatformEvent] in
                let key = ReaderKey(scriptName: k.name)
                if k.control { return [.key(key, printable: ReaderKey.typedCharacter(scriptName: k.name), shift: false, control: true)] }
                let typed = ReaderKey.printableASCII(k.name).map { [PlatformEvent.text(String(k.shift ? Character($0.uppercased()) : $0))] }
                return [.key(key, printable: ReaderKey.typedCharacter(scriptName: k.name), shift: k.shift, control: false)] + (typed ?? [])
            }
        case .type(let text):
            // Each character as a person types it: its key, then its text (characters without
            // a key of their own, as from an input method, as text alone).
            return text.flatMap { c -> [PlatformEvent] in
                guard ReaderKey.printableASCII(String(c)) != nil, let key = ReaderKey(scriptName: String(c)) else { return [.text(String(c))] }
                return [.key(key, printable: ReaderKey.typedCharacter(scriptName: String(c)), shift: false, control: false), .text(String(c))]
            }
        case .resize(let w, let h):
            return [.resize(Size(width: Double(w), height: Double(h)))]
        case .drop:
            return []  // the window's, not an input (the event loop pushes SDL's drop event)
        case .quit:
            return [.quit]
        }
    }

    private mutating func gesture(_ action: GestureScript.Action, pageSize: Size) -> [PlatformEvent] {
        func at(_ p: Point, _ id: Int) -> Point { id == 0 ? Self.mouse(p) : Self.finger(p, on: pageSize) }
        switch action {
        case .down(let p, let id):
            pointers[id] = p
            return [id == 0 ? .mouseDown(at(p, 0)) : .fingerDown(id: Int64(id), at: at(p, id))]
        case .move(let p, let id):
            pointers[id] = p
            return [id == 0 ? .mouseMove(at(p, 0)) : .fingerMove(id: Int64(id), at: at(p, id))]
        case .up(let point, let id):
            let p = point ?? pointers[id] ?? Point(x: 0, y: 0)
            pointers[id] = nil
            let up: PlatformEvent = id == 0 ? .mouseUp(at(p, 0)) : .fingerUp(id: Int64(id), at: at(p, id))
            guard point != nil else { return [up] }
            return [id == 0 ? .mouseMove(at(p, 0)) : .fingerMove(id: Int64(id), at: at(p, id)), up]
        case .cancel:
            // The platform taking pointers away: the window loses focus.
            pointers.removeAll()
            return [.focusLost]
        case .wheel(let n):
            return [.wheel(steps: n)]
        case .scroll(let dx, let dy):
            return [.scroll(dx: dx, dy: dy)]
        case .key(let command):
            let key = ReaderKey(command: command)
            return [.key(key, printable: key.typedCharacter, shift: false, control: false)]
        case .tick, .setup:  // a recording's set-up changes: the session makes its own
            return []
        }
    }

    /// A mouse position as SDL reports it: whole pixels.
    private static func mouse(_ p: Point) -> Point { Point(x: p.x.rounded(), y: p.y.rounded()) }

    /// A finger position as SDL carries it: a fraction of the window's size, in single precision.
    private static func finger(_ p: Point, on size: Size) -> Point {
        Point(x: Double(Float(p.x / size.width)) * size.width, y: Double(Float(p.y / size.height)) * size.height)
    }
}
