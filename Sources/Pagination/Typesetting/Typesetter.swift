/// Cuts paragraphs into lines: UAX #14 break opportunities (with kinsoku), widths from an
/// `AdvanceTable`, greedy filling, first-line indents and hanging punctuation.
///
/// One `Typesetter` is reused for a whole book: it keeps two scratch buffers (the
/// paragraph's scalars and their break actions) so the hot loop allocates nothing.
public struct Typesetter {
    public let text: BookText
    public let settings: LayoutSettings
    public let advances: AdvanceTable
    public let shape: ParagraphShape
    let breaker: LineBreaker
    var scalars: [UInt32] = []
    var actions: [UInt8] = []

    public init(text: BookText, settings: LayoutSettings, advances: AdvanceTable, shape: ParagraphShape? = nil) {
        self.text = text
        self.settings = settings
        self.advances = advances
        self.shape = settings.preset == .plain ? .linePerParagraph : (shape ?? ParagraphShape.detect(in: text))
        self.breaker = LineBreaker(kinsoku: settings.kinsoku)
    }

    /// The paragraph that holds file line `line`: its first file line and the file line after it.
    public func paragraph(around line: Int) -> Range<Int> {
        guard shape == .blankLineSeparated else { return line..<(line + 1) }
        return text.utf8.withUnsafeBufferPointer { bytes in
            func blank(_ l: Int) -> Bool {
                ParagraphShape.isBlank(bytes, text.start(ofFileLine: l).byte..<text.start(ofFileLine: l + 1).byte)
            }
            if blank(line) { return line..<(line + 1) }
            var first = line
            while first > 0 && !blank(first - 1) { first -= 1 }
            var end = line + 1
            while end < text.fileLineCount && !blank(end) { end += 1 }
            return first..<end
        }
    }

    /// Typesets the paragraph that starts at file line `line` and appends its lines.
    /// Returns the file line after the paragraph.
    @discardableResult
    public mutating func typesetParagraph(startingAt line: Int, into lines: inout [TypesetLine]) -> Int {
        let (scalarStart, byteStart) = text.start(ofFileLine: line)
        let blankLine = text.utf8.withUnsafeBufferPointer { bytes in
            ParagraphShape.isBlank(bytes, byteStart..<text.start(ofFileLine: line + 1).byte)
        }
        if blankLine {
            // `plain` keeps empty lines as empty lines on the page; `book` drops blank lines.
            if settings.preset == .plain {
                let end = text.start(ofFileLine: line + 1).scalar
                let contentEnd = Int32(end > scalarStart && isLF(beforeFileLine: line + 1) ? end - 1 : end)
                lines.append(TypesetLine(start: Int32(scalarStart), end: contentEnd, width: 0, flags: [.paragraphStart, .paragraphEnd]))
            }
            return line + 1
        }
        let end = shape == .blankLineSeparated ? paragraph(around: line).upperBound : line + 1
        var byteEnd = text.start(ofFileLine: end).byte
        if isLF(beforeFileLine: end) { byteEnd -= 1 }
        let count = loadScalars(bytes: byteStart..<byteEnd)
        guard count > 0 else { return end }
        fillLines(count: count, scalarStart: scalarStart, into: &lines)
        return end
    }

    /// True when the byte before file line `line` is an LF (false at the end of a text
    /// without a final newline).
    func isLF(beforeFileLine line: Int) -> Bool {
        let byte = text.start(ofFileLine: line).byte
        return byte > 0 && text.utf8[byte - 1] == 0x0A
    }

    /// Decodes the paragraph's UTF-8 into `scalars` (soft LFs become spaces) and finds its
    /// break actions. Returns the number of scalars.
    mutating func loadScalars(bytes range: Range<Int>) -> Int {
        let byteCount = range.count
        if scalars.count < byteCount + 1 {
            scalars = [UInt32](repeating: 0, count: max(byteCount + 1, 1024))
            actions = [UInt8](repeating: 0, count: scalars.count)
        }
        let count = text.utf8.withUnsafeBufferPointer { bytes in
            scalars.withUnsafeMutableBufferPointer { out in
                UTF8Scanner.decode(bytes, range, into: out, softLineFeeds: true)
            }
        }
        let breaker = self.breaker
        scalars.withUnsafeBufferPointer { s in
            actions.withUnsafeMutableBufferPointer { a in
                breaker.findBreaks(in: UnsafeBufferPointer(rebasing: s[0..<count]), into: a)
            }
        }
        return count
    }
}

/// Decoding of valid UTF-8 without checks, for text that `TextDecoding` already validated.
enum UTF8Scanner {
    /// Decodes `range` of `bytes` into `out` and returns the number of scalars written.
    /// With `softLineFeeds`, an LF becomes a space (a re-flowed hard-wrapped paragraph).
    @inline(__always)
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: UnsafeMutableBufferPointer<UInt32>,
        softLineFeeds: Bool
    ) -> Int {
        var i = range.lowerBound
        let end = range.upperBound
        var n = 0
        while i < end {
            let b0 = UInt32(bytes[i])
            var c: UInt32
            if b0 < 0x80 {
                c = (b0 == 0x0A && softLineFeeds) ? 0x20 : b0
                i &+= 1
            } else if b0 < 0xE0 {
                c = (b0 & 0x1F) << 6 | (UInt32(bytes[i &+ 1]) & 0x3F)
                i &+= 2
            } else if b0 < 0xF0 {
                c = (b0 & 0x0F) << 12 | (UInt32(bytes[i &+ 1]) & 0x3F) << 6 | (UInt32(bytes[i &+ 2]) & 0x3F)
                i &+= 3
            } else {
                c = (b0 & 0x07) << 18 | (UInt32(bytes[i &+ 1]) & 0x3F) << 12
                    | (UInt32(bytes[i &+ 2]) & 0x3F) << 6 | (UInt32(bytes[i &+ 3]) & 0x3F)
                i &+= 4
            }
            out[n] = c
            n &+= 1
        }
        return n
    }
}
