extension DocumentBuilder {
    /// The number text set in `typeface` is marked with (`typeface`, the property): the
    /// number it already has when the book named it before (the same family and faces), else
    /// the next; 0 (the reader's faces) once `FaceStyle.typefaceLimit` typefaces are named.
    /// (Which one sets the body is decided when the text is finished: `markBodyTypeface`.)
    public mutating func typefaceNumber(_ typeface: DocumentStructure.Typeface) -> Int {
        if let known = structure.typefaces.firstIndex(where: { $0.family == typeface.family && $0.faces == typeface.faces }) {
            return known + 1
        }
        guard structure.typefaces.count < FaceStyle.typefaceLimit else { return 0 }
        structure.typefaces.append(typeface)
        return structure.typefaces.count
    }

    /// Adds the typefaces of `piece` (another builder's structure, appended to this one):
    /// for each of its numbers, the number it has here (index 0 stands for none).
    mutating func addTypefaces(of piece: DocumentStructure) -> [Int] {
        [0] + piece.typefaces.map { typefaceNumber($0) }
    }

    /// Marks the body's typeface (`Typeface.setsBody`): the one that sets the most of the
    /// text, when it sets two fifths of it or more (however the book's sheets name it, on
    /// `body` or on every `p`).
    mutating func markBodyTypeface() {
        guard !structure.typefaces.isEmpty, !utf8.isEmpty else { return }
        var bytes = [Int](repeating: 0, count: structure.typefaces.count + 1)
        for run in structure.typefaceRanges where run.number < bytes.count { bytes[run.number] += run.range.count }
        for k in structure.typefaces.indices { structure.typefaces[k].setsBody = false }
        guard let most = bytes.indices.dropFirst().max(by: { bytes[$0] < bytes[$1] }), bytes[most] * 5 >= utf8.count * 2 else { return }
        structure.typefaces[most - 1].setsBody = true
    }
}
