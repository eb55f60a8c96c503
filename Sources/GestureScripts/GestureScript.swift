import PageTurner

/// The gesture script that `pageturn simulate` replays: one step per line, `#` starts a
/// comment, times in ms from the start of the script, never going backwards.
///
///     down X Y @T [id=N]     a pointer touches the page at (X, Y)
///     move X Y @T [id=N]     it moves
///     up [X Y] @T [id=N]     it lets go (where it last moved, or at X Y)
///     cancel @T [id=N]       the system takes it away
///     wheel +N|-N @T         N wheel steps towards the next (+) or previous (−) page
///     scroll DX DY @T        a trackpad's precise scroll deltas, logical px (DX > 0: fingers right)
///     key next|prev|first|last|toolbars|hide @T
///     tick @T                only advance the clock
///
/// and the set-up changes a recording notes between inputs (`SetupChange`):
///
///     resize W H @T          the page is now W × H logical pixels
///     pages N K @T           the book is now N pages long and shows page K (0-based)
///     curl MODEL @T          classic, cylinder, slide or none from now on
///     progression ltr|rtl @T
///     layout single|spread @T  the window shows single pages or spreads (pages then counts spreads)
///
/// `id` tells pointers apart (default 0): `down 500 300 @40 id=1` is a second finger.
///
/// Numbers are plain decimals (`12`, `-3.5`, `1e3`; no hex, `inf` or `nan`), with one sign at
/// most. Times run from 0 to `maximumTime`, coordinates within ±`maximumCoordinate`.
public struct GestureScript: Sendable, Hashable {
    /// The latest time a step may have: 10⁹ ms, about 11.6 days.
    public static let maximumTime = 1e9
    /// The largest |X| or |Y| a step may have, in logical pixels.
    public static let maximumCoordinate = 1e9

    /// What a step does.
    public enum Action: Sendable, Hashable {
        case down(Point, pointer: Int)
        case move(Point, pointer: Int)
        case up(Point?, pointer: Int)
        case cancel(pointer: Int)
        case wheel(Int)
        /// Precise scroll deltas (a trackpad), logical pixels.
        case scroll(dx: Double, dy: Double)
        case key(KeyCommand)
        case tick
        /// A change of the machine's set-up between inputs.
        case setup(SetupChange)
    }

    /// One line of the script.
    public struct Step: Sendable, Hashable {
        public var line: Int
        public var time: Double
        public var action: Action

        public init(line: Int, time: Double, action: Action) {
            self.line = line
            self.time = time
            self.action = action
        }

        /// The machine input, or nil for `tick`.
        public var input: TurnInput? {
            switch action {
            case .down(let p, let id): return .pointerDown(id: id, at: p)
            case .move(let p, let id): return .pointerMove(id: id, at: p)
            case .up(let p, let id): return .pointerUp(id: id, at: p)
            case .cancel(let id): return .pointerCancel(id: id)
            case .wheel(let n): return .wheel(steps: n)
            case .scroll(let dx, let dy): return .scroll(dx: dx, dy: dy)
            case .key(let k): return .key(k)
            case .tick, .setup: return nil
            }
        }

        /// The set-up change, or nil for an input or `tick`.
        public var setupChange: SetupChange? {
            if case .setup(let change) = action { return change }
            return nil
        }
    }

    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// The format, for `--help`.
    public static let formatHelp = """
        One step per line (LF, CRLF or CR line ends); '#' starts a comment; T is in ms from the start of the script \
        (0 to 1e9) and never goes backwards:
          down X Y @T [id=N]    a pointer touches the page at (X, Y), logical px
          move X Y @T [id=N]    it moves
          up [X Y] @T [id=N]    it lets go (where it last moved, or at X Y)
          cancel @T [id=N]      the system takes the pointer away
          wheel +N|-N @T        N wheel steps towards the next (+) or previous (-) page
          scroll DX DY @T       a trackpad's precise scroll deltas in logical px (DX > 0: fingers
                                moving right); a run of horizontal ones drags the page
          key next|prev|first|last|toolbars|hide @T
          tick @T               only advance the clock
        What a recording notes between inputs (the reader changed the machine's set-up):
          resize W H @T         the page is now W x H logical px
          pages N K @T          the book is now N pages long and shows page K (0-based)
          curl MODEL @T         classic, cylinder, slide or none from now on
          progression ltr|rtl @T
          layout single|spread @T   single pages or two-page spreads (N and K then count spreads)
        'id' tells pointers apart (default 0): a second finger is 'down X Y @T id=1'.
        """

    /// Parses a script. Throws an error naming the first bad line.
    public static func parse(_ text: String) throws(GestureScriptError) -> GestureScript {
        var steps: [Step] = []
        var lineNumber = 0
        var lastTime = -Double.infinity
        for rawLine in ScriptLines.split(text) {
            lineNumber += 1
            let tokens = ScriptLines.words(rawLine)
            guard !tokens.isEmpty else { continue }
            let step = try parseStep(tokens, line: lineNumber)
            if step.time < lastTime {
                throw GestureScriptError(line: lineNumber, message:
                    "time \(format(step.time)) ms goes backwards (the step before is at \(format(lastTime)) ms)")
            }
            lastTime = step.time
            steps.append(step)
        }
        return GestureScript(steps: steps)
    }

    private static func parseStep(_ tokens: [String], line: Int) throws(GestureScriptError) -> Step {
        func fail(_ message: String) -> GestureScriptError { GestureScriptError(line: line, message: message) }
        let verb = tokens[0].lowercased()
        var time: Double? = nil
        var pointer: Int? = nil
        var args: [String] = []
        for token in tokens.dropFirst() {
            if token.hasPrefix("@") {
                guard time == nil else { throw fail("more than one time in one step") }
                guard let t = decimal(String(token.dropFirst())) else {
                    throw fail("bad time '\(token)': expected @T with T in ms")
                }
                guard t >= 0 else { throw fail("negative time '\(token)'") }
                guard t <= maximumTime else {
                    throw fail("time '\(token)' is too late: at most \(format(maximumTime)) ms (about 11 days)")
                }
                time = t
            } else if token.lowercased().hasPrefix("id=") {
                guard pointer == nil else { throw fail("more than one pointer id in one step") }
                guard let id = Int(token.dropFirst(3)), id >= 0 else { throw fail("bad pointer id '\(token)': expected id=N, N ≥ 0") }
                pointer = id
            } else {
                guard time == nil else { throw fail("unexpected '\(token)' after the time") }
                args.append(token)
            }
        }
        let usage: String
        switch verb {
        case "down", "move": usage = "\(verb) X Y @T"
        case "up": usage = "up [X Y] @T"
        case "cancel", "tick": usage = "\(verb) @T"
        case "wheel": usage = "wheel +1|-1 @T"
        case "scroll": usage = "scroll DX DY @T"
        case "key": usage = "key next|prev|first|last|toolbars|hide @T"
        case "resize": usage = "resize W H @T"
        case "pages": usage = "pages N K @T"
        case "curl": usage = "curl classic|cylinder|slide|none @T"
        case "progression": usage = "progression ltr|rtl @T"
        case "layout": usage = "layout single|spread @T"
        default:
            throw fail("unknown step '\(tokens[0])' (expected down, move, up, cancel, wheel, scroll, key, tick, "
                + "resize, pages, curl, progression or layout)")
        }
        guard let time else { throw fail("missing time: expected '\(usage)'") }
        if pointer != nil, !["down", "move", "up", "cancel"].contains(verb) {
            throw fail("'\(verb)' takes no pointer id")
        }
        let id = pointer ?? 0

        func point() throws(GestureScriptError) -> Point {
            guard args.count == 2 else { throw fail("expected '\(usage)'") }
            guard let x = decimal(args[0]), abs(x) <= maximumCoordinate else { throw fail("bad X '\(args[0])'") }
            guard let y = decimal(args[1]), abs(y) <= maximumCoordinate else { throw fail("bad Y '\(args[1])'") }
            return Point(x: x, y: y)
        }

        let action: Action
        switch verb {
        case "down": action = .down(try point(), pointer: id)
        case "move": action = .move(try point(), pointer: id)
        case "up": action = .up(args.isEmpty ? nil : try point(), pointer: id)
        case "cancel", "tick":
            guard args.isEmpty else { throw fail("expected '\(usage)'") }
            action = verb == "tick" ? .tick : .cancel(pointer: id)
        case "wheel":
            guard args.count == 1 else { throw fail("expected '\(usage)'") }
            // `Int` takes one optional sign: `+-1` and `++1` are refused.
            guard let n = Int(args[0]), n != 0 else { throw fail("bad wheel steps '\(args[0])': expected +1, -1 or another non-zero count") }
            action = .wheel(n)
        case "scroll":
            guard args.count == 2 else { throw fail("expected '\(usage)'") }
            guard let dx = decimal(args[0]), abs(dx) <= maximumCoordinate else { throw fail("bad DX '\(args[0])'") }
            guard let dy = decimal(args[1]), abs(dy) <= maximumCoordinate else { throw fail("bad DY '\(args[1])'") }
            action = .scroll(dx: dx, dy: dy)
        case "resize":
            guard args.count == 2 else { throw fail("expected '\(usage)'") }
            guard let w = decimal(args[0]), w >= 1, w <= maximumCoordinate,
                  let h = decimal(args[1]), h >= 1, h <= maximumCoordinate else {
                throw fail("bad size '\(args.joined(separator: " "))': W and H are logical px from 1")
            }
            action = .setup(.resize(Size(width: w, height: h)))
        case "pages":
            guard args.count == 2, let n = Int(args[0]), let k = Int(args[1]) else { throw fail("expected '\(usage)'") }
            guard n >= 1, k >= 0, k < n else {
                throw fail("bad pages '\(args.joined(separator: " "))': N from 1, K from 0 to N-1")
            }
            action = .setup(.pages(count: n, page: k))
        case "curl":
            guard args.count == 1 else { throw fail("expected '\(usage)'") }
            guard let model = CurlModel(rawValue: args[0].lowercased()) else {
                throw fail("unknown curl '\(args[0])' (expected classic, cylinder, slide or none)")
            }
            action = .setup(.curl(model))
        case "progression":
            guard args.count == 1, ["ltr", "rtl"].contains(args[0].lowercased()) else { throw fail("expected '\(usage)'") }
            action = .setup(.progression(rightToLeft: args[0].lowercased() == "rtl"))
        case "layout":
            guard args.count == 1, ["single", "spread"].contains(args[0].lowercased()) else { throw fail("expected '\(usage)'") }
            action = .setup(.layout(spread: args[0].lowercased() == "spread"))
        default: // key
            guard args.count == 1 else { throw fail("expected '\(usage)'") }
            switch args[0].lowercased() {
            case "next": action = .key(.next)
            case "prev", "previous": action = .key(.previous)
            case "first": action = .key(.first)
            case "last": action = .key(.last)
            case "toolbars": action = .key(.toggleToolbars)
            case "hide": action = .key(.hideToolbars)
            default: throw fail("unknown key '\(args[0])' (expected next, prev, first, last, toolbars or hide)")
            }
        }
        return Step(line: line, time: time, action: action)
    }

    /// A plain decimal number: digits with at most one sign, a point and an exponent, finite.
    /// Refuses what `Double(_:)` would also take: hex (`0x1p3`), `inf`, `nan`.
    static func decimal(_ text: String) -> Double? {
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x45 || $0 == 0x65 }),
              let v = Double(text), v.isFinite else { return nil }
        return v
    }

    private static func format(_ t: Double) -> String { NumberText.format(t) }
}

/// A bad script line: `line N: what is wrong`. The message quotes the script's words as they
/// were; whoever prints it escapes them (`PrintableText`, once, as `UserError` does).
public struct GestureScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
