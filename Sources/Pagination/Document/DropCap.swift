extension DocumentStructure {
    /// A paragraph's first letter set as a drop cap (CSS `initial-letter`, or a floated, larger
    /// `::first-letter`): the letter (with the opening punctuation before it and the marks on
    /// it) drawn as tall as the paragraph's first `lines` lines, which stand beside it.
    public struct DropCap: Sendable, Hashable {
        /// The letter's bytes: the first ink of its block.
        public var start: Int
        public var end: Int
        /// How many lines it sinks into (2 to `lineLimit`).
        public var lines: UInt8

        public init(start: Int, end: Int, lines: UInt8) {
            self.start = start
            self.end = end
            self.lines = lines
        }

        /// The most lines a drop cap sinks into.
        public static let lineLimit: UInt8 = 6
    }

    /// The drop cap of the block that starts at byte `blockStart` and whose content ends at
    /// `contentEnd`, if it has one.
    public func dropCap(inBlockAt blockStart: Int, contentEnd: Int) -> DropCap? {
        guard !dropCaps.isEmpty else { return nil }
        let k = dropCaps.partitioningIndex { $0.start >= blockStart }
        guard k < dropCaps.count, dropCaps[k].end <= contentEnd else { return nil }
        return dropCaps[k]
    }
}

extension DocumentBuilder {
    /// Sets the first letter of the next text written as a drop cap sinking into `lines` lines
    /// (2 to `DropCap.lineLimit`; fewer is none), unless other text comes first in its block.
    public mutating func dropCapNextLetter(lines: Int) {
        pendingDropCap = lines >= 2 ? UInt8(min(lines, Int(DocumentStructure.DropCap.lineLimit))) : nil
    }

    /// Forgets a drop cap no letter took (the element that asked for it ended first).
    public mutating func cancelDropCap() { pendingDropCap = nil }

    /// Makes the start of `bytes`, the first ink written in its block, the drop cap asked for
    /// (only at the block's first byte: not after a list item's marker).
    mutating func takeDropCap(_ bytes: UnsafeBufferPointer<UInt8>, atBlockStart: Bool) {
        guard let lines = pendingDropCap else { return }
        pendingDropCap = nil
        let length = atBlockStart ? Self.dropCapLength(bytes) : 0
        if length > 0 { structure.dropCaps.append(DocumentStructure.DropCap(start: utf8.count, end: utf8.count + length, lines: lines)) }
    }

    /// The bytes of `utf8` a drop cap takes at its start: opening punctuation (quotation
    /// marks, brackets), one letter or digit, and the combining marks on it; 0 when the text
    /// does not begin with a letter or digit after such punctuation.
    static func dropCapLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var scalars = String(decoding: UnsafeBufferPointer(rebasing: utf8.prefix(64)), as: UTF8.self).unicodeScalars.makeIterator()
        var length = 0
        var letter = false
        while let c = scalars.next() {
            let category = c.properties.generalCategory
            if !letter {
                switch category {
                case .openPunctuation, .initialPunctuation:
                    length += c.utf8.count
                    continue
                case .otherPunctuation where c == "\"" || c == "'":
                    length += c.utf8.count
                    continue
                default:
                    guard c.properties.isAlphabetic || category == .decimalNumber else { return 0 }
                    letter = true
                    length += c.utf8.count
                }
            } else {
                guard category == .nonspacingMark || category == .spacingMark || category == .enclosingMark else { break }
                length += c.utf8.count
            }
        }
        return letter ? length : 0
    }
}

extension DocumentStructure.DropCap {
    /// Writes the drop caps into a cache file being made, and reads them back (in order,
    /// inside the text; nil when damaged).
    static func archive(_ caps: [Self], into out: inout BinaryWriter) {
        out.u32(UInt32(caps.count))
        for cap in caps {
            out.u32(UInt32(cap.start))
            out.u32(UInt32(cap.end))
            out.u32(UInt32(cap.lines))
        }
    }

    /// (A cap starts a line of `text`, a block's first byte, and ends on a character's first
    /// byte inside that line.)
    static func unarchive(from input: inout BinaryReader, text: BookText) -> [Self]? {
        let limit = text.utf8.count
        guard let count = input.count(atMost: limit) else { return nil }
        var caps: [Self] = []
        var previous = -1
        for _ in 0..<count {
            guard let start = input.u32().map(Int.init), let end = input.u32().map(Int.init), let lines = input.u32(),
                  start > previous, start < end, end < limit, end - start <= 64, lines >= 2, lines <= UInt32(lineLimit),
                  start == 0 || text.utf8[start - 1] == 0x0A, text.utf8[end] & 0xC0 != 0x80,
                  !text.utf8[start..<end].contains(0x0A) else { return nil }
            caps.append(Self(start: start, end: end, lines: UInt8(lines)))
            previous = start
        }
        return caps
    }
}
