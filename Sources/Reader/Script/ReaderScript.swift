import PageTurner
import GestureScripts

/// A scripted reading session for `pageturn read --headless --script`: the simulator's
/// gesture script (see `GestureScript`) plus steps for the reader's own keys:
///
///     press KEY [KEY …] @T   key presses by SDL key name: g, b, t, f, m, Return, Escape,
///                            BackSpace, Delete, Up, Down, Home, End, PageUp, PageDown,
///                            Space, F3, F11, plus, minus; shift+Space holds Shift, ctrl+o
///                            Ctrl
///     type TEXT @T           text typed into the open field (SDL text input)
///     resize W H @T          the window becomes W × H logical pixels
///     drop PATH @T           a file or folder dropped on the window
///     select X Y [X2 Y2] @T  a long press at X Y (held `selectHold` ms), then dragged to X2 Y2:
///                            the steps of one selection, ending `selectLength` ms after T
///     copy @T                Ctrl+C: the selection onto the clipboard
///     find TEXT @T           Ctrl+F, TEXT typed, Enter: the first match from the page shown
///     highlight COLOR [NOTE] @T  the selection highlighted (yellow, green, blue, pink: keys 1–4),
///                            with NOTE written on it (N, the text, Enter)
///     quit @T                the window is closed
///
/// Gesture steps become SDL events too: pointer 0 is the mouse, other ids are fingers;
/// `key next|prev|first|last|toolbars|hide` press PageDown, PageUp (the next and previous
/// page whichever way the book reads), Home, End, m and Escape;
/// `cancel` is the window losing focus. Times are ms from the start, never going backwards.
public struct ReaderScript: Sendable {
    public enum Action: Sendable, Equatable {
        case gesture(GestureScript.Action)
        /// Key names, each with whether Shift is held.
        case press([KeyName])
        case type(String)
        case resize(width: Int, height: Int)
        /// A file or folder dropped on the window.
        case drop(String)
        case quit
    }

    public struct KeyName: Sendable, Equatable {
        public var name: String
        public var shift: Bool
        /// Held with Ctrl (`ctrl+o`); such a key types nothing.
        public var control = false
    }

    public struct Step: Sendable, Equatable {
        public var line: Int
        public var time: Double
        public var action: Action
    }

    public var steps: [Step]

    public static let formatHelp = """
        The simulator's gesture steps (down, move, up, cancel, wheel, key, tick), plus:
          press KEY [KEY ...] @T   SDL key names: g b t f m Return Escape BackSpace Delete Up Down
                                   Home End PageUp PageDown Space F3 F11 plus minus; shift+Space;
                                   ctrl+o (back to the shelf)
          type TEXT @T             text typed into the open field
          resize W H @T            the window becomes W x H
          drop PATH @T             a file or folder dropped on the window (a book opens, a folder
                                   joins the library)
          select X Y [X2 Y2] @T    a long press at X Y (held 700 ms), dragged on to X2 Y2: selects
                                   from the word pressed to the one let go on; over by T+1000
          copy @T                  Ctrl+C: copies the selection (the summary's "clipboard")
          find TEXT @T             Ctrl+F, TEXT typed, Enter: goes to the first match from the
                                   page shown (then press F3 for the next, Escape to end)
          highlight COLOR [NOTE] @T  highlights the selection in yellow, green, blue or pink
                                   (keys 1-4), with NOTE as its note
          quit @T                  the window is closed
        """

    /// How long a scripted `select` holds still before it drags: past the default long-press
    /// time (`TurnConfig.longPressTimeout`, 500 ms).
    public static let selectHold: Double = 700
    /// How long a scripted `select` takes, press to lift: the next step comes no earlier.
    public static let selectLength: Double = 1000

    /// Parses a script; throws an error naming the first bad line.
    public static func parse(_ text: String) throws(GestureScriptError) -> ReaderScript {
        var steps: [Step] = []
        var last = -Double.infinity
        for (k, raw) in ScriptLines.split(text).enumerated() {
            let line = k + 1
            let code = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = tokens.first?.lowercased() else { continue }
            let parsed: [Step]
            switch verb {
            case "select", "highlight", "find":
                // A verb that stands for several steps (at one time, or over a selection's second).
                parsed = try parseExpanded(verb, Array(tokens.dropFirst()), line: line)
            case "press", "type", "resize", "drop", "quit", "copy":
                parsed = [try parseReaderStep(verb, Array(tokens.dropFirst()), line: line)]
            default:
                let gesture: GestureScript
                do {
                    gesture = try GestureScript.parse(String(code))
                } catch {
                    throw GestureScriptError(line: line, message: error.message)
                }
                parsed = gesture.steps.prefix(1).map { Step(line: line, time: $0.time, action: .gesture($0.action)) }
            }
            guard let first = parsed.first, let final = parsed.last else { continue }
            if first.time < last {
                throw GestureScriptError(line: line, message: "time \(first.time) ms goes backwards (the step before is at \(last) ms)")
            }
            last = final.time
            steps += parsed
        }
        return ReaderScript(steps: steps)
    }

    /// The steps of `select`, `highlight` or `find`.
    private static func parseExpanded(_ verb: String, _ tokens: [String], line: Int) throws(GestureScriptError) -> [Step] {
        switch verb {
        case "select": return try parseSelect(tokens, line: line)
        case "highlight": return try parseHighlight(tokens, line: line)
        default: return try parseFind(tokens, line: line)
        }
    }

    /// `find TEXT @T` as keys: Ctrl+F, the text typed (the line's words after the verb, spaces
    /// kept), Enter.
    private static func parseFind(_ tokens: [String], line: Int) throws(GestureScriptError) -> [Step] {
        guard let timeToken = tokens.last, timeToken.hasPrefix("@"), let time = Double(timeToken.dropFirst()), time.isFinite,
              time >= 0, time <= GestureScript.maximumTime, tokens.count >= 2 else {
            throw GestureScriptError(line: line, message: "expected 'find TEXT @T'")
        }
        return [Step(line: line, time: time, action: .press([KeyName(name: "f", shift: false, control: true)])),
                Step(line: line, time: time, action: .type(tokens.dropLast().joined(separator: " "))),
                Step(line: line, time: time, action: .press([KeyName(name: "Return", shift: false)]))]
    }

    /// `select X Y [X2 Y2] @T` as the mouse does it: down at X Y, still for `selectHold` ms,
    /// moves to X2 Y2 over 200 ms, up at T + `selectLength`.
    private static func parseSelect(_ tokens: [String], line: Int) throws(GestureScriptError) -> [Step] {
        func fail(_ m: String) -> GestureScriptError { GestureScriptError(line: line, message: m) }
        guard let timeToken = tokens.last, timeToken.hasPrefix("@"), let time = Double(timeToken.dropFirst()), time.isFinite, time >= 0,
              time + selectLength <= GestureScript.maximumTime else {
            throw fail("expected 'select X Y [X2 Y2] @T' with a time from 0 to \(Int(GestureScript.maximumTime - selectLength)) ms")
        }
        let numbers = tokens.dropLast().map { Double($0) }
        guard numbers.count == 2 || numbers.count == 4, numbers.allSatisfy({ $0.map { $0.isFinite && abs($0) <= 1e6 } ?? false }) else {
            throw fail("expected 'select X Y [X2 Y2] @T': two or four numbers, then the time")
        }
        let values = numbers.map { $0! }
        let from = Point(x: values[0], y: values[1])
        let to = values.count == 4 ? Point(x: values[2], y: values[3]) : from
        var steps = [Step(line: line, time: time, action: .gesture(.down(from, pointer: 0)))]
        if to != from {
            for k in 1...4 {
                let f = Double(k) / 4
                let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
                steps.append(Step(line: line, time: time + selectHold + 50 * Double(k), action: .gesture(.move(p, pointer: 0))))
            }
        } else {
            steps.append(Step(line: line, time: time + selectHold, action: .gesture(.tick)))
        }
        steps.append(Step(line: line, time: time + selectLength, action: .gesture(.up(nil, pointer: 0))))
        return steps
    }

    /// `highlight COLOR [NOTE] @T` as keys: the colour's digit, then N, the note and Enter.
    private static func parseHighlight(_ tokens: [String], line: Int) throws(GestureScriptError) -> [Step] {
        func fail(_ m: String) -> GestureScriptError { GestureScriptError(line: line, message: m) }
        let colors = ["yellow", "green", "blue", "pink"]
        guard let timeToken = tokens.last, timeToken.hasPrefix("@"), let time = Double(timeToken.dropFirst()), time.isFinite, time >= 0,
              time <= GestureScript.maximumTime, tokens.count >= 2, let k = colors.firstIndex(of: tokens[0].lowercased()) else {
            throw fail("expected 'highlight yellow|green|blue|pink [NOTE] @T'")
        }
        var steps = [Step(line: line, time: time, action: .press([KeyName(name: String(k + 1), shift: false)]))]
        let note = tokens.dropFirst().dropLast().joined(separator: " ")
        if !note.isEmpty {
            steps.append(Step(line: line, time: time, action: .press([KeyName(name: "n", shift: false)])))
            steps.append(Step(line: line, time: time, action: .type(note)))
            steps.append(Step(line: line, time: time, action: .press([KeyName(name: "Return", shift: false)])))
        }
        return steps
    }

    private static func parseReaderStep(_ verb: String, _ tokens: [String], line: Int) throws(GestureScriptError) -> Step {
        func fail(_ m: String) -> GestureScriptError { GestureScriptError(line: line, message: m) }
        guard let timeToken = tokens.last, timeToken.hasPrefix("@") else { throw fail("missing time: expected '\(verb) … @T'") }
        guard let time = Double(timeToken.dropFirst()), time.isFinite, time >= 0 else { throw fail("bad time '\(timeToken)'") }
        guard time <= GestureScript.maximumTime else {
            throw fail("time '\(timeToken)' is too late: at most \(Int(GestureScript.maximumTime)) ms (about 11 days)")
        }
        let args = Array(tokens.dropLast())
        switch verb {
        case "press":
            guard !args.isEmpty else { throw fail("expected 'press KEY [KEY ...] @T'") }
            let keys = args.map { arg -> KeyName in
                let lower = arg.lowercased()
                if lower.hasPrefix("shift+") { return KeyName(name: String(arg.dropFirst(6)), shift: true) }
                if lower.hasPrefix("ctrl+") { return KeyName(name: String(arg.dropFirst(5)), shift: false, control: true) }
                return KeyName(name: arg, shift: false)
            }
            // A misspelt key ("Retrun") would press nothing and the script go on as if it had.
            if let unknown = keys.first(where: { ReaderKey(scriptName: $0.name) == nil }) {
                throw fail("unknown key '\(unknown.name)' (keys: a letter or digit, Return, Escape, Space, BackSpace, Delete, "
                           + "Tab, Up, Down, Left, Right, Home, End, PageUp, PageDown, plus, minus, F3, F11)")
            }
            return Step(line: line, time: time, action: .press(keys))
        case "type":
            guard !args.isEmpty else { throw fail("expected 'type TEXT @T'") }
            return Step(line: line, time: time, action: .type(args.joined(separator: " ")))
        case "drop":
            guard !args.isEmpty else { throw fail("expected 'drop PATH @T'") }
            return Step(line: line, time: time, action: .drop(args.joined(separator: " ")))
        case "copy":
            guard args.isEmpty else { throw fail("expected 'copy @T'") }
            return Step(line: line, time: time, action: .press([KeyName(name: "c", shift: false, control: true)]))
        case "resize":
            guard args.count == 2, let w = Int(args[0]), let h = Int(args[1]), w >= 160, h >= 160, w <= 8192, h <= 8192,
                  w * h <= ReaderScene.maxPixels else {
                throw fail("expected 'resize W H @T' with W and H from 160 to 8192, at most 16 megapixels")
            }
            return Step(line: line, time: time, action: .resize(width: w, height: h))
        default:
            guard args.isEmpty else { throw fail("expected 'quit @T'") }
            return Step(line: line, time: time, action: .quit)
        }
    }
}
