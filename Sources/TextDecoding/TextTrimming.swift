extension StringProtocol {
    /// The text without the scalars at either end for which `trimmed` holds.
    public func trimming(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trimmed($0) })!
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[first...last])
        return text
    }

    /// The text without white space at its end (spaces, tabs, line feeds…: Unicode's
    /// White_Space property).
    public func trimmingTrailingSpaces() -> String {
        let scalars = unicodeScalars
        guard let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[...last])
        return text
    }

    /// The text without horizontal white space at either end: tabs and the space separators
    /// (general category Zs: the space, no-break space, ideographic space…), the set
    /// Foundation calls `whitespaces`.
    public func trimmingSpaces() -> String {
        trimming(where: \.isHorizontalSpace)
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator (general category Zs).
    public var isHorizontalSpace: Bool {
        self == "\t" || properties.generalCategory == .spaceSeparator
    }
}
