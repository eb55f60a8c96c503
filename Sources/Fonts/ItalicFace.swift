import FoundationEssentials

extension FontFace {
    /// The italic of this face's family: `Name-Italic.ttf` beside `Name-Regular.ttf` (or
    /// `Name.ttf`, `Name-Roman.ttf`, `Name-Book.ttf`, and SIL's `Name-R.ttf` beside
    /// `Name-I.ttf`), as font packages name them; when no such file is there, fontconfig's
    /// italic of the family (loaded only then). A face is taken only when FreeType says it is
    /// italic and it is of the same family; nil when there is none (the text is then set
    /// upright).
    public func italicFace(locator: () -> FontLocator?) -> FontFace? {
        if isItalic { return nil }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let name = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
        var stems: [String] = []
        for (regular, italic) in [("-Regular", "-Italic"), ("-Roman", "-Italic"), ("-Book", "-BookItalic"), ("-R", "-I")]
        where name.hasSuffix(regular) {
            stems.append(String(name.dropLast(regular.count)) + italic)
        }
        stems.append(name + "-Italic")
        for stem in stems {
            let candidate = folder.appendingPathComponent(stem).appendingPathExtension(ext).path
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            if let face = try? FontFace(path: candidate), isItalicOfFamily(face) { return face }
        }
        guard !familyName.isEmpty, let location = locator()?.italicFace(family: familyName),
              let face = try? FontFace(path: location.path, faceIndex: location.faceIndex), isItalicOfFamily(face) else { return nil }
        return face
    }

    private func isItalicOfFamily(_ face: FontFace) -> Bool {
        face.isItalic && FontLocator.sameFamily(face.familyName, familyName)
    }
}
