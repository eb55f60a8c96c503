import PageTurner

/// One input to the reader, in window coordinates (logical pixels). Time comes with it
/// (`ReaderSession.handle(_:at:)`).
public enum ReaderInput: Sendable, Equatable {
    case pointerDown(id: Int, at: Point)
    case pointerMove(id: Int, at: Point)
    case pointerUp(id: Int, at: Point?)
    /// The platform took every pointer away (the window lost focus).
    case pointerCancel(id: Int)
    case wheel(steps: Int)
    /// A trackpad's precise scroll deltas in logical pixels (see `TurnInput.scroll`).
    case scroll(dx: Double, dy: Double)
    case key(ReaderKey, shift: Bool)
    /// Text typed into the open field.
    case text(String)
    case resize(Size)
    case quit
}

/// Keys the reader acts on (the window maps its platform's key codes to these).
public enum ReaderKey: Hashable, Sendable {
    case left, right, up, down, pageUp, pageDown, home, end, space
    case enter, escape, backspace, delete, tab, f11
    /// Shows or hides the turn gauges (`--hud`).
    case f3
    case plus, minus
    /// A letter, digit or other printable ASCII key (lower case), for g, b, t and m.
    case character(Character)

    /// The key a script names (`press NAME`), as SDL names keys, case-insensitively:
    /// `Return` (or `Enter`), `Escape` (`Esc`), `BackSpace`, `Delete` (`Del`), `Tab`, `Up`,
    /// `Down`, `Left`, `Right`, `Home`, `End`, `PageUp` (`PgUp`), `PageDown` (`PgDn`), `Space`,
    /// `F11`, `plus` (`+`, `=`), `minus` (`-`), or one printable ASCII character. Nil for any
    /// other name.
    public init?(scriptName name: String) {
        switch name.lowercased() {
        case "plus", "+", "=", "equals": self = .plus
        case "minus", "-": self = .minus
        case "enter", "return", "keypad enter": self = .enter
        case "esc", "escape": self = .escape
        case "backspace": self = .backspace
        case "del", "delete": self = .delete
        case "tab": self = .tab
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "home": self = .home
        case "end": self = .end
        case "pgup", "pageup": self = .pageUp
        case "pgdn", "pagedown": self = .pageDown
        case "space": self = .space
        case "f11": self = .f11
        case "f3": self = .f3
        default:
            guard let c = ReaderKey.printableASCII(name) else { return nil }
            self = .character(c.lowercased().first ?? c)
        }
    }

    /// The printable ASCII character of the key a script names, as the key's code has it
    /// (`plus` is "+", `A` is "a"), or nil (`Return`, `Space`, an unknown name).
    public static func keyCharacter(scriptName name: String) -> Character? {
        switch name.lowercased() {
        case "plus", "+": return "+"
        case "minus", "-": return "-"
        default: return printableASCII(name)?.lowercased().first
        }
    }

    /// The character a key name types when it is one printable ASCII character ("5", "A").
    public static func printableASCII(_ name: String) -> Character? {
        guard name.unicodeScalars.count == 1, let s = name.unicodeScalars.first, s.value > 0x20, s.value < 0x7F else { return nil }
        return Character(s)
    }
}
