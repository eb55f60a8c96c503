extension ComputedStyle {
    /// An element's `width`, `height`, `max-width` and `max-height` (CSS 2 §10.2–10.7), as a
    /// replaced element (a picture) uses them: nil is `auto` (or `none` for the maximums).
    /// Percentages are of the containing block: its width for `width` and `max-width`, the
    /// page's text height for `height` and `max-height` (a reader's viewport, as reading
    /// systems take a cover's `height: 100%`).
    public struct BoxSize: Equatable, Sendable {
        public var width: CSSLength?
        public var height: CSSLength?
        public var maxWidth: CSSLength?
        public var maxHeight: CSSLength?

        public init(width: CSSLength? = nil, height: CSSLength? = nil, maxWidth: CSSLength? = nil, maxHeight: CSSLength? = nil) {
            self.width = width
            self.height = height
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
        }
    }

    /// The size properties, by name.
    static let boxSizeProperties: Set<String> = ["width", "height", "max-width", "max-height"]

    /// Applies `width`, `height`, `max-width` or `max-height`: a length or a percentage not
    /// below zero, `auto` or `none` (nil). Anything else leaves the property as it was.
    mutating func applyBoxSize(_ name: String, _ values: [ComponentValue]) {
        let value: CSSLength?
        switch Self.keyword(values) {
        case "auto", "none", "initial": value = nil
        default:
            guard values.count == 1, let length = CSSLength.parse(values[0], fontSize: fontSize) else { return }
            switch length {
            case .em(let n) where n < 0: return
            case .percent(let p) where p < 0: return
            default: value = length
            }
        }
        switch name {
        case "width": size.width = value
        case "height": size.height = value
        case "max-width": size.maxWidth = value
        case "max-height": size.maxHeight = value
        default: break
        }
    }

    /// Sets size property `name` to `source`'s value (`inherit`, `initial`, `unset`).
    mutating func inheritOrResetBoxSize(_ name: String, from source: ComputedStyle) {
        switch name {
        case "width": size.width = source.size.width
        case "height": size.height = source.size.height
        case "max-width": size.maxWidth = source.size.maxWidth
        case "max-height": size.maxHeight = source.size.maxHeight
        default: break
        }
    }
}
