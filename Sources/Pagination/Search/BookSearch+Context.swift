extension BookSearch {
    /// A match with the text around it, as a list of matches shows it: line breaks and tabs as
    /// spaces, "…" where the text goes on.
    public struct Context: Sendable, Equatable {
        public var before: String
        public var match: String
        public var after: String

        public init(before: String, match: String, after: String) {
            self.before = before
            self.match = match
            self.after = after
        }

        /// `before[match]after` on one line.
        public var bracketed: String { before + "[" + match + "]" + after }
    }

    /// `range` of `text` with up to `length` characters either side.
    public static func context(of range: Range<Int>, in text: BookText, length: Int = 40) -> Context {
        let range = range.clamped(to: 0..<text.scalarCount)
        let from = max(0, range.lowerBound - length), to = min(text.scalarCount, range.upperBound + length)
        func line(_ s: String) -> String { String(s.unicodeScalars.map { $0 == "\n" || $0 == "\t" ? " " : Character($0) }) }
        return Context(before: (from > 0 ? "…" : "") + line(text.string(from..<range.lowerBound)), match: line(text.string(range)),
                       after: line(text.string(range.upperBound..<to)) + (to < text.scalarCount ? "…" : ""))
    }
}
