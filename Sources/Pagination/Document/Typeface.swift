extension DocumentStructure {
    /// One of the book's own typefaces (CSS `@font-face`): a family the book's style sheets
    /// name, with its faces and the font files inside the book that hold them. The reader's
    /// fonts open them (`Fonts`' `BookTypefaces`); text in it is marked by a `TypefaceRange`
    /// and set in the face of its style, its characters the face lacks in the reader's faces.
    public struct Typeface: Sendable, Hashable {
        /// The family's name as the book's `font-family` gives it.
        public var family: String
        /// Its faces (one per `@font-face` rule of the family), in the order the rules come.
        public var faces: [Face]
        /// Whether a document's `body` is set in it: the body text's typeface, which a face
        /// the reader chose replaces while headings and other elements keep theirs.
        public var setsBody: Bool

        /// One face of a typeface: the files that may hold it, in the order `src` lists them
        /// (paths inside the book; the first that opens is used), and its style.
        public struct Face: Sendable, Hashable {
            public var sources: [String]
            public var italic: Bool
            public var bold: Bool

            public init(sources: [String], italic: Bool, bold: Bool) {
                self.sources = sources
                self.italic = italic
                self.bold = bold
            }
        }

        public init(family: String, faces: [Face], setsBody: Bool = false) {
            self.family = family
            self.faces = faces
            self.setsBody = setsBody
        }

        /// The most faces kept of one typeface, and the most sources of one face (a crafted
        /// sheet's thousands of rules cost nothing).
        public static let faceLimit = 8
        public static let sourceLimit = 4
    }

    /// Text set in a typeface of the book's: its bytes and the typeface's number (its index
    /// in `typefaces` plus one, at most `FaceStyle.typefaceLimit`).
    public struct TypefaceRange: Sendable, Hashable {
        public var range: Range<Int>
        public var number: Int
    }

    /// For each typeface text is set in, the ranges of it that meet the bytes `range`, each
    /// with the style that names the typeface.
    func typefaceRanges(meeting range: Range<Int>) -> [(style: FaceStyle, ranges: ArraySlice<Range<Int>>)] {
        let all = spans.typefaces
        guard !all.isEmpty else { return [] }
        let lo = all.partitioningIndex { $0.range.upperBound > range.lowerBound }
        var byNumber: [[Range<Int>]] = Array(repeating: [], count: FaceStyle.typefaceLimit + 1)
        var k = lo
        while k < all.count && all[k].range.lowerBound < range.upperBound {
            byNumber[all[k].number].append(all[k].range)
            k += 1
        }
        return byNumber.indices.dropFirst().compactMap { n in
            byNumber[n].isEmpty ? nil : (FaceStyle.typeface(n), byNumber[n][...])
        }
    }
}

extension DocumentStructure {
    /// The structure with its typefaces numbered as `typefaces` number them (those of
    /// another text whose fonts set this one: a book's, for its notes); text in a typeface
    /// `typefaces` lacks is set in the reader's faces.
    public func numberingTypefaces(as typefaces: [Typeface]) -> DocumentStructure {
        let numbers = self.typefaces.map { own in
            typefaces.firstIndex { $0.family == own.family && $0.faces == own.faces }.map { $0 + 1 } ?? 0
        }
        var renumbered = self
        renumbered.typefaces = typefaces
        renumbered.spans.typefaces = spans.typefaces.compactMap { run in
            let number = run.number <= numbers.count ? numbers[run.number - 1] : 0
            return number == 0 ? nil : TypefaceRange(range: run.range, number: number)
        }
        return renumbered
    }
}

extension DocumentStructure {
    /// Writes the typefaces and the text set in them (`archive(into:)`).
    func archiveTypefaces(into out: inout BinaryWriter) {
        out.u32(UInt32(typefaces.count))
        for typeface in typefaces {
            out.string(typeface.family)
            out.u32(UInt32(typeface.faces.count) | (typeface.setsBody ? 0x100 : 0))
            for face in typeface.faces {
                out.u32(UInt32(face.sources.count) | (face.italic ? 0x100 : 0) | (face.bold ? 0x200 : 0))
                for source in face.sources { out.string(source) }
            }
        }
        out.u32(UInt32(typefaceRanges.count))
        for run in typefaceRanges {
            out.u32(UInt32(run.range.lowerBound))
            out.u32(UInt32(run.range.upperBound))
            out.u32(UInt32(run.number))
        }
    }

    /// Reads what `archiveTypefaces` wrote, for a text of `limit` bytes: false when it does
    /// not hold (more typefaces, faces or sources than are kept, ranges out of order or past
    /// the text, a number naming no typeface).
    mutating func unarchiveTypefaces(from input: inout BinaryReader, limit: Int) -> Bool {
        guard let count = input.count(atMost: FaceStyle.typefaceLimit) else { return false }
        for _ in 0..<count {
            guard let family = input.string(atMost: 1024), let flags = input.u32(), flags & ~0x1FF == 0,
                  Int(flags & 0xFF) <= Typeface.faceLimit else { return false }
            var faces: [Typeface.Face] = []
            for _ in 0..<Int(flags & 0xFF) {
                guard let faceFlags = input.u32(), faceFlags & ~0x3FF == 0, Int(faceFlags & 0xFF) <= Typeface.sourceLimit
                else { return false }
                var sources: [String] = []
                for _ in 0..<Int(faceFlags & 0xFF) {
                    guard let source = input.string() else { return false }
                    sources.append(source)
                }
                faces.append(Typeface.Face(sources: sources, italic: faceFlags & 0x100 != 0, bold: faceFlags & 0x200 != 0))
            }
            typefaces.append(Typeface(family: family, faces: faces, setsBody: flags & 0x100 != 0))
        }
        guard let rangeCount = input.count(atMost: limit) else { return false }
        var end = 0
        for _ in 0..<rangeCount {
            guard let lower = input.u32().map(Int.init), let upper = input.u32().map(Int.init),
                  let number = input.u32().map(Int.init), lower >= end, lower < upper, upper <= limit,
                  number >= 1, number <= typefaces.count else { return false }
            spans.typefaces.append(TypefaceRange(range: lower..<upper, number: number))
            end = upper
        }
        return true
    }
}
