import PageTurner

/// Keys the reader acts on (the window maps its platform's key codes to these).
public enum ReaderKey: Hashable, Sendable {
    case left, right, up, down, pageUp, pageDown, home, end, space
    case enter, escape, backspace, delete, tab, f11
    /// Shows or hides the turn gauges (`--hud`).
    case f3
    case plus, minus
    /// A letter, digit or other printable ASCII key (lower case), for g, b, t, f and m.
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

    /// The key a script's `key` step stands for: Page Down and Up for next and previous (not
    /// → and ←, which point the other way in a right-to-left book), Home, End, `m` for the
    /// toolbars and Escape to hide them.
    public init(command: KeyCommand) {
        switch command {
        case .next: self = .pageDown
        case .previous: self = .pageUp
        case .first: self = .home
        case .last: self = .end
        case .toggleToolbars: self = .character("m")
        case .hideToolbars: self = .escape
        }
    }

    /// The printable ASCII character the key a script names types, as a keyboard's key code
    /// has it: `plus` types "+", `=` "=" (the same key as `+`, unshifted), a letter its lower
    /// case; nil for Return, Space, the arrows.
    public static func typedCharacter(scriptName name: String) -> Character? {
        switch name.lowercased() {
        case "plus": "+"
        case "minus": "-"
        default: printableASCII(name)?.lowercased().first
        }
    }

    /// The printable ASCII character this key types, as a keyboard's key code has it (`plus`
    /// types "+", a letter its lower case), or nil (Return, Space, the arrows).
    public var typedCharacter: Character? {
        switch self {
        case .character(let c): c
        case .plus: "+"
        case .minus: "-"
        default: nil
        }
    }

    /// The character a key name types when it is one printable ASCII character ("5", "A").
    public static func printableASCII(_ name: String) -> Character? {
        guard name.unicodeScalars.count == 1, let s = name.unicodeScalars.first, s.value > 0x20, s.value < 0x7F else { return nil }
        return Character(s)
    }
}
