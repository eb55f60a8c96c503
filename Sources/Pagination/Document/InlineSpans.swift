/// The byte ranges of a structured document's text in bold, in small capitals, in a link, or generated (list
/// markers, `::before` and `::after` strings: shown, but not the book's own text), as
/// `DocumentBuilder` writes them: a range opens where a character with the attribute is
/// written and closes where one without it is, or at the end of its block.
struct InlineSpans: Sendable, Hashable {
    var bold: [Range<Int>] = []
    var smallCaps: [Range<Int>] = []
    var generated: [Range<Int>] = []
    var links: [DocumentStructure.Link] = []
    private var boldStart: Int?
    private var smallCapsStart: Int?
    private var generatedStart: Int?
    private var link: (start: Int, href: String)?

    static func == (a: InlineSpans, b: InlineSpans) -> Bool {
        a.bold == b.bold && a.smallCaps == b.smallCaps && a.generated == b.generated && a.links == b.links
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bold)
        hasher.combine(smallCaps)
        hasher.combine(generated)
        hasher.combine(links)
    }

    /// The characters written from `byte` on are bold, in small capitals, generated or in the
    /// link to `href` as said: ranges open and close there.
    mutating func mark(at byte: Int, bold isBold: Bool, smallCaps isSmallCaps: Bool = false, generated isGenerated: Bool,
                       link href: String?) {
        if isBold, boldStart == nil { boldStart = byte }
        if !isBold { close(&boldStart, at: byte, into: &bold) }
        if isSmallCaps, smallCapsStart == nil { smallCapsStart = byte }
        if !isSmallCaps { close(&smallCapsStart, at: byte, into: &smallCaps) }
        if isGenerated, generatedStart == nil { generatedStart = byte }
        if !isGenerated { close(&generatedStart, at: byte, into: &generated) }
        if link?.href != href {
            closeLink(at: byte)
            if let href { link = (byte, href) }
        }
    }

    /// Closes every open range at `byte` (a block's end).
    mutating func closeAll(at byte: Int) {
        close(&boldStart, at: byte, into: &bold)
        close(&smallCapsStart, at: byte, into: &smallCaps)
        close(&generatedStart, at: byte, into: &generated)
        closeLink(at: byte)
    }

    /// Forgets everything from `byte` on (a block taken back).
    mutating func truncate(to byte: Int) {
        closeAll(at: byte)
        bold.removeAll { $0.lowerBound >= byte }
        smallCaps.removeAll { $0.lowerBound >= byte }
        generated.removeAll { $0.lowerBound >= byte }
        links.removeAll { $0.range.lowerBound >= byte }
    }

    /// Appends `other`'s ranges, moved `shift` bytes on.
    mutating func append(_ other: InlineSpans, shift: Int) {
        bold += other.bold.map { $0.lowerBound + shift..<$0.upperBound + shift }
        smallCaps += other.smallCaps.map { $0.lowerBound + shift..<$0.upperBound + shift }
        generated += other.generated.map { $0.lowerBound + shift..<$0.upperBound + shift }
        links += other.links.map { DocumentStructure.Link(range: $0.range.lowerBound + shift..<$0.range.upperBound + shift, href: $0.href) }
    }

    private func close(_ start: inout Int?, at byte: Int, into list: inout [Range<Int>]) {
        if let s = start, s < byte { list.append(s..<byte) }
        start = nil
    }

    private mutating func closeLink(at byte: Int) {
        if let open = link, open.start < byte { links.append(DocumentStructure.Link(range: open.start..<byte, href: open.href)) }
        link = nil
    }
}
