/// The byte ranges of a structured document's text that carry an inline attribute (bold,
/// small capitals, raised or lowered, generated, smaller, floated, unbreakable, monospaced) or are in a
/// link, as `DocumentBuilder` writes them: a range opens where a character with the attribute
/// is written and closes where one without it is, or at the end of its block.
struct InlineSpans: Sendable, Hashable {
    /// What a character written may carry besides its italics (which the structure keeps
    /// apart) and its link.
    struct Attributes: OptionSet, Sendable, Hashable {
        let rawValue: UInt16
        static let bold = Attributes(rawValue: 1)
        static let smallCaps = Attributes(rawValue: 2)
        /// Set smaller above the baseline (CSS `vertical-align: super`, `<sup>`).
        static let raised = Attributes(rawValue: 4)
        /// Set smaller below it (`vertical-align: sub`, `<sub>`).
        static let lowered = Attributes(rawValue: 8)
        /// Shown, but not the book's own text: list markers, `::before` and `::after` strings.
        static let generated = Attributes(rawValue: 16)
        /// Set smaller on the baseline (CSS `font-size: smaller` inside a line).
        static let smaller = Attributes(rawValue: 32)
        /// Taken out of its line's flow to its left or right end (CSS `float` on an inline
        /// element: a poem's line numbers).
        static let floatsLeft = Attributes(rawValue: 64)
        static let floatsRight = Attributes(rawValue: 128)
        /// No line may break inside it (CSS `white-space: nowrap`).
        static let unbreakable = Attributes(rawValue: 256)
        /// Set in the reader's monospaced face (CSS `font-family: monospace`).
        static let monospace = Attributes(rawValue: 512)
        /// A line may end between any two of its letters (CSS `word-break: break-all`).
        static let breaksAnywhere = Attributes(rawValue: 1024)
        static let all: [Attributes] = [.bold, .smallCaps, .raised, .lowered, .generated, .smaller, .floatsLeft, .floatsRight,
                                        .unbreakable, .monospace, .breaksAnywhere]
    }

    /// Each attribute's ranges (in `Attributes.all`'s order), in text order, none overlapping.
    private(set) var ranges: [[Range<Int>]] = Array(repeating: [], count: Attributes.all.count)
    var links: [DocumentStructure.Link] = []
    /// The text set in the book's own typefaces, in text order, none overlapping.
    var typefaces: [DocumentStructure.TypefaceRange] = []
    private var typeface: (start: Int, number: Int)?
    /// The text set with room after each character (CSS `letter-spacing`), in text order.
    var spacings: [DocumentStructure.LetterSpacing] = []
    private var spacing: (start: Int, ems: Float)?
    private var openStarts: [Int?] = Array(repeating: nil, count: Attributes.all.count)
    /// The attributes whose ranges are open.
    private var open = Attributes()
    private var link: (start: Int, href: String)?

    /// The ranges of one attribute.
    subscript(attribute: Attributes) -> [Range<Int>] {
        get { ranges[Self.index(of: attribute)] }
        set { ranges[Self.index(of: attribute)] = newValue }
    }

    /// An attribute's place in `Attributes.all`: its bit's.
    private static func index(of attribute: Attributes) -> Int { attribute.rawValue.trailingZeroBitCount }

    static func == (a: InlineSpans, b: InlineSpans) -> Bool {
        a.ranges == b.ranges && a.links == b.links && a.spacings == b.spacings && a.typefaces == b.typefaces
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ranges)
        hasher.combine(links)
        hasher.combine(spacings)
        hasher.combine(typefaces)
    }

    /// The characters written from `byte` on carry `attributes`, are in the link to `href`,
    /// have `letterSpacing` ems after each and are set in the book's typeface `typeface` (0:
    /// the reader's faces) as said: ranges open and close there.
    mutating func mark(at byte: Int, _ attributes: Attributes, link href: String?, letterSpacing: Float = 0,
                       typeface number: Int = 0) {
        if (typeface?.number ?? 0) != number {
            closeTypeface(at: byte)
            if number != 0 { typeface = (byte, number) }
        }
        if (spacing?.ems ?? 0) != letterSpacing {
            closeSpacing(at: byte)
            if letterSpacing != 0 { spacing = (byte, letterSpacing) }
        }
        // Most text goes on as the text before it: nothing opens or closes.
        if attributes != open {
            for (k, attribute) in Attributes.all.enumerated() where !open.symmetricDifference(attributes).isDisjoint(with: attribute) {
                if attributes.contains(attribute) {
                    openStarts[k] = byte
                } else {
                    close(k, at: byte)
                }
            }
            open = attributes
        }
        if link?.href != href {
            closeLink(at: byte)
            if let href { link = (byte, href) }
        }
    }

    /// Closes every open range at `byte` (a block's end).
    mutating func closeAll(at byte: Int) {
        for k in openStarts.indices { close(k, at: byte) }
        open = []
        closeLink(at: byte)
        closeSpacing(at: byte)
        closeTypeface(at: byte)
    }

    /// Forgets everything from `byte` on (a block taken back).
    mutating func truncate(to byte: Int) {
        closeAll(at: byte)
        for k in ranges.indices { ranges[k].removeAll { $0.lowerBound >= byte } }
        links.removeAll { $0.range.lowerBound >= byte }
        spacings.removeAll { $0.range.lowerBound >= byte }
        typefaces.removeAll { $0.range.lowerBound >= byte }
    }

    /// Appends `other`'s ranges, moved `shift` bytes on, its typeface numbers `n` becoming
    /// `typefaceNumbers[n]` (a typeface this text has under another number, or none: 0).
    mutating func append(_ other: InlineSpans, shift: Int, typefaceNumbers: [Int]) {
        typefaces += other.typefaces.compactMap {
            let number = $0.number < typefaceNumbers.count ? typefaceNumbers[$0.number] : 0
            return number == 0 ? nil
                : DocumentStructure.TypefaceRange(range: $0.range.lowerBound + shift..<$0.range.upperBound + shift, number: number)
        }
        for k in ranges.indices { ranges[k] += other.ranges[k].map { $0.lowerBound + shift..<$0.upperBound + shift } }
        links += other.links.map { DocumentStructure.Link(range: $0.range.lowerBound + shift..<$0.range.upperBound + shift, href: $0.href) }
        spacings += other.spacings.map {
            DocumentStructure.LetterSpacing(range: $0.range.lowerBound + shift..<$0.range.upperBound + shift, ems: $0.ems)
        }
    }

    private mutating func close(_ k: Int, at byte: Int) {
        if let s = openStarts[k], s < byte { ranges[k].append(s..<byte) }
        openStarts[k] = nil
    }

    private mutating func closeSpacing(at byte: Int) {
        if let open = spacing, open.start < byte {
            spacings.append(DocumentStructure.LetterSpacing(range: open.start..<byte, ems: open.ems))
        }
        spacing = nil
    }

    private mutating func closeTypeface(at byte: Int) {
        if let open = typeface, open.start < byte {
            typefaces.append(DocumentStructure.TypefaceRange(range: open.start..<byte, number: open.number))
        }
        typeface = nil
    }

    private mutating func closeLink(at byte: Int) {
        if let open = link, open.start < byte { links.append(DocumentStructure.Link(range: open.start..<byte, href: open.href)) }
        link = nil
    }
}
