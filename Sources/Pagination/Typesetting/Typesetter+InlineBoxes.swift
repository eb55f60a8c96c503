/// What a structured book's inline boxes change in its lines beyond their faces: text floated
/// to a line's end (CSS `float` on an inline element, as a poem's line numbers are set), text
/// no line may break inside (`white-space: nowrap`), and words in another language than their
/// block's (`xml:lang` on an inline element), hyphenated by that language's patterns.
extension Typesetter {
    /// The bits of `styles` above a `FaceStyle`'s (its ten): the scalar is floated to its
    /// line's left or right end. They reach the segment keys, so a float is a segment of its
    /// own, and a `FaceStyle` made from a key drops them.
    static let floatsLeftBit: UInt16 = 0x400
    static let floatsRightBit: UInt16 = 0x800

    /// The ranges of bytes `range` that `structure` floats, with the bit each sets in `styles`.
    static func floatRanges(of structure: DocumentStructure, meeting range: Range<Int>)
        -> [(bits: UInt16, ranges: ArraySlice<Range<Int>>)] {
        guard !structure.floatedLeft.isEmpty || !structure.floatedRight.isEmpty else { return [] }
        return [(floatsLeftBit, DocumentStructure.ranges(structure.floatedLeft, meeting: range)),
                (floatsRightBit, DocumentStructure.ranges(structure.floatedRight, meeting: range))]
    }

    /// Takes back the break opportunities inside `structure`'s unbreakable text from the
    /// paragraph loaded last (bytes `range`, decoded in `scalars[0..<count]`): a line may end
    /// only where the unbreakable run starts or ends (CSS Text 3 §3: `nowrap` suppresses
    /// soft wrap opportunities inside it). A forced break stays. Sets `unbreakableScalars`,
    /// whose words are not hyphenated either.
    mutating func keepUnbreakableTextTogether(_ structure: DocumentStructure, bytes range: Range<Int>, count: Int) {
        unbreakableScalars = scalarRanges(of: DocumentStructure.ranges(structure.unbreakable, meeting: range), in: range,
                                          count: count).filter { !$0.isEmpty }
        for run in unbreakableScalars {
            for k in run.dropLast() where actions[k] == BreakAction.allowed.rawValue { actions[k] = BreakAction.none.rawValue }
        }
    }

    /// The scalar ranges of the text at bytes `range` (decoded in `count` scalars) that the
    /// byte ranges `spans` (in order) cover, clamped to it: one for each span (empty when the
    /// span covers none of it), found in one walk over the bytes.
    func scalarRanges<Spans: Collection<Range<Int>>>(of spans: Spans, in range: Range<Int>, count: Int) -> [Range<Int>] {
        guard !spans.isEmpty else { return [] }
        var found: [Range<Int>] = []
        found.reserveCapacity(spans.count)
        text.utf8.withUnsafeBufferPointer { bytes in
            // Bytes and scalars walked together: `k` is the scalar that starts at byte `b`.
            var b = range.lowerBound, k = 0
            func advance(to byte: Int) {
                while b < byte {
                    if bytes[b] & 0xC0 != 0x80 { k += 1 }
                    b += 1
                }
            }
            for span in spans {
                advance(to: max(span.lowerBound, range.lowerBound))
                let start = k
                advance(to: min(span.upperBound, range.upperBound))
                found.append(min(start, count)..<min(max(k, start), count))
            }
        }
        return found
    }

    /// Adds a break opportunity between every two letters of `structure`'s break-anywhere
    /// text in the paragraph loaded last (CSS Text 3 §5.2, `word-break: break-all`: any
    /// typographic letter unit may end a line; a combining mark or joiner stays with the
    /// letter before it).
    mutating func letLinesBreakAnywhere(_ structure: DocumentStructure, bytes range: Range<Int>, count: Int) {
        let runs = scalarRanges(of: DocumentStructure.ranges(structure.breaksAnywhere, meeting: range), in: range, count: count)
        for run in runs where run.count > 1 {
            for k in run.dropLast() where actions[k] == BreakAction.none.rawValue {
                let next = scalars[k + 1]
                guard !isCombiningMark(next), next != 0x200D, next != 0x200C, !(0xFE00...0xFE0F).contains(next),
                      Unicode.Scalar(scalars[k]).map({ $0.properties.isAlphabetic }) == true,
                      Unicode.Scalar(next).map({ $0.properties.isAlphabetic }) == true else { continue }
                actions[k] = BreakAction.allowed.rawValue
            }
        }
    }

    /// Whether the scalars `token` of the paragraph loaded last meet its unbreakable text.
    func meetsUnbreakableText(_ token: Range<Int>) -> Bool {
        unbreakableScalars.contains { $0.overlaps(token) }
    }

    /// Takes a line's floated segments out of `segments` (its segments in logical order, the
    /// line decoded in `scalars[0..<count]` with its `styles`): those floated left, their
    /// width, those floated right and theirs. The rest is the line's flow, set in the measure
    /// less both (CSS 2 §9.5: a float shortens the line boxes beside it); the floats are drawn
    /// at the measure's two ends, each side's in logical order.
    func takeFloats(from segments: inout [PlacedSegment], count: Int)
        -> (left: [PlacedSegment], leftWidth: Float, right: [PlacedSegment], rightWidth: Float) {
        let floated = Self.floatsLeftBit | Self.floatsRightBit
        guard hasStyles, styles[0..<count].contains(where: { $0 & floated != 0 }) else { return ([], 0, [], 0) }
        var left: [PlacedSegment] = [], right: [PlacedSegment] = [], flow: [PlacedSegment] = []
        for segment in segments {
            let bits = segment.start < count ? styles[segment.start] : 0
            if bits & Self.floatsLeftBit != 0 {
                left.append(segment)
            } else if bits & Self.floatsRightBit != 0 {
                right.append(segment)
            } else {
                flow.append(segment)
            }
        }
        segments = flow
        return (left, left.reduce(0) { $0 + $1.width }, right, right.reduce(0) { $0 + $1.width })
    }

    /// Sets `inlineLanguages` for the paragraph at bytes `range`: where the structure's
    /// language changes inside it.
    mutating func findInlineLanguages(bytes range: Range<Int>) {
        inlineLanguages.removeAll(keepingCapacity: true)
        guard let runs = structure?.languages, runs.count > 1 else { return }
        let first = runs.partitioningIndex { $0.start > range.lowerBound }
        guard first < runs.count, runs[first].start < range.upperBound else { return }
        let paragraphStart = text.scalarOffset(ofByte: range.lowerBound)
        for run in runs[first...] {
            guard run.start < range.upperBound else { break }
            let language = run.tag.flatMap(blockLanguages.language).flatMap { $0 == settings.language ? nil : $0 }
            inlineLanguages.append((text.scalarOffset(ofByte: run.start) - paragraphStart, language))
        }
    }

    /// The patterns and the word cache for the word that starts at scalar `k` of the
    /// paragraph loaded last: its block's, or those of the inline language it is in.
    func hyphenation(atScalar k: Int) -> (patterns: HyphenationPatterns?, points: HyphenPointCache) {
        guard !inlineLanguages.isEmpty else { return (hyphenator, hyphenPoints) }
        // The last run that starts at or before `k` (a crafted paragraph may hold thousands).
        let after = inlineLanguages.partitioningIndex { $0.start > k }
        let language = after > 0 ? inlineLanguages[after - 1].language : blockLanguage
        return (patterns(for: language), blockLanguages.points(for: language))
    }
}
