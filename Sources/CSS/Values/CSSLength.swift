/// A computed length: a multiple of the reader's font size (the root em: the user's font size
/// scales every length a book gives in em, rem, px or pt alike), or a percentage of the
/// containing block's width.
public enum CSSLength: Equatable, Sendable {
    case em(Double)
    case percent(Double)

    public static let zero = CSSLength.em(0)

    /// The length in px for a font size of `em` px and a containing block `width` px wide.
    public func pixels(em: Double, width: Double) -> Double {
        switch self {
        case .em(let n): n * em
        case .percent(let p): p / 100 * width
        }
    }

    /// The most a length may be, in root ems either way: an absurd value (`1e9em`) is held to it.
    static let largest = 100.0

    /// A length value for an element whose font size is `fontSize` root ems: em, rem, ex, ch,
    /// px (16 to the em, as browsers' default), pt, pc, in, cm, mm, Q, a percentage (when
    /// `percentages` allows) or a unitless 0. Nil for anything else.
    static func parse(_ value: ComponentValue, fontSize: Double, percentages: Bool = true) -> CSSLength? {
        switch value {
        case .token(.number(let n, _)) where n == 0: return .em(0)
        case .token(.percentage(let p)) where percentages: return .percent(max(-1000, min(1000, p)))
        case .token(.dimension(let n, let rawUnit)):
            let unit = rawUnit.lowercased()
            let em: Double
            switch unit {
            case "em": em = n * fontSize
            case "rem": em = n
            case "ex", "ch": em = n * fontSize / 2
            default:
                guard let px = absolutePixels(n, unit: unit) else { return nil }
                em = px / 16
            }
            guard em.isFinite else { return nil }
            return .em(max(-largest, min(largest, em)))
        default:
            return nil
        }
    }

    /// An absolute length in CSS px (96 to the inch), or nil for another unit.
    static func absolutePixels(_ n: Double, unit: String) -> Double? {
        switch unit {
        case "px": n
        case "pt": n * 4 / 3
        case "pc": n * 16
        case "in": n * 96
        case "cm": n * 96 / 2.54
        case "mm": n * 96 / 25.4
        case "q": n * 96 / 101.6
        default: nil
        }
    }
}
