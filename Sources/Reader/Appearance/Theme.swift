/// An opaque colour, 8 bits per channel.
public struct RGB: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// 0xFFRRGGBB, the page textures' pixel format (ARGB8888).
    public var argb: UInt32 { 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// This colour moved `t` (0…1) of the way towards `other`.
    public func mixed(with other: RGB, _ t: Double) -> RGB {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return RGB(m(r, other.r), m(g, other.g), m(b, other.b))
    }
}

/// The reader's colours: paper (default), sepia and night.
public enum Theme: String, Sendable, Hashable, CaseIterable {
    case paper
    case sepia
    case night

    /// The page.
    public var background: RGB {
        switch self {
        case .paper: return RGB(250, 248, 242)
        case .sepia: return RGB(244, 235, 214)
        case .night: return RGB(30, 30, 32)
        }
    }

    /// The text.
    public var ink: RGB {
        switch self {
        case .paper: return RGB(28, 28, 28)
        case .sepia: return RGB(88, 66, 46)
        case .night: return RGB(196, 194, 188)
        }
    }

    /// Page numbers and running heads in the margins.
    public var quietInk: RGB { ink.mixed(with: background, 0.45) }

    /// Toolbars and panels.
    public var chrome: RGB {
        switch self {
        case .paper: return RGB(236, 233, 226)
        case .sepia: return RGB(228, 216, 190)
        case .night: return RGB(48, 48, 52)
        }
    }

    /// Buttons and fields on the chrome.
    public var control: RGB { chrome.mixed(with: ink, 0.1) }

    /// The accent of the selected row and the text cursor.
    public var accent: RGB {
        switch self {
        case .paper: return RGB(40, 96, 170)
        case .sepia: return RGB(150, 84, 30)
        case .night: return RGB(110, 160, 230)
        }
    }

    /// Error messages in dialogs.
    public var warning: RGB { self == .night ? RGB(240, 120, 110) : RGB(178, 34, 34) }

    /// The back of a turning page is the page washed towards this colour.
    public var wash: RGB { background }

    /// The next theme, for the toolbar's theme button.
    public var next: Theme {
        let all = Theme.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// "Paper", "Sepia", "Night".
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
