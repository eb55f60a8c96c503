import FoundationEssentials
import Pagination

extension FontFace {
    /// The face of this face's family in `style`'s face style (italic, bold, bold italic):
    /// `Name-Italic.ttf`, `Name-Bold.ttf` or `Name-BoldItalic.ttf` beside `Name-Regular.ttf`
    /// (or `Name.ttf`, `Name-Roman.ttf`, `Name-Book.ttf`, and SIL's `Name-R.ttf` beside
    /// `Name-I.ttf`, `Name-B.ttf`, `Name-BI.ttf`), as font packages name them; when no such file
    /// is there, fontconfig's face of the family in that style (loaded only then). A face is
    /// taken only when FreeType says it has the style and it is of the same family; nil when
    /// there is none (the text is then set in this face).
    public func styledFace(_ style: FaceStyle, locator: () -> FontLocator?) -> FontFace? {
        let style = style.face.subtracting(.monospace)
        guard !style.isEmpty, !isItalic, !isBold else { return nil }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let name = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
        let suffix = style == .italic ? "Italic" : style == .bold ? "Bold" : "BoldItalic"
        let silSuffix = style == .italic ? "I" : style == .bold ? "B" : "BI"
        var stems: [String] = []
        for (regular, styled) in [("-Regular", "-" + suffix), ("-Roman", "-" + suffix), ("-Book", "-Book" + suffix),
                                  ("-R", "-" + silSuffix)]
        where name.hasSuffix(regular) {
            stems.append(String(name.dropLast(regular.count)) + styled)
        }
        stems.append(name + "-" + suffix)
        for stem in stems {
            let candidate = folder.appendingPathComponent(stem).appendingPathExtension(ext).path
            guard FileManager.default.fileExists(atPath: candidate) else { continue }
            if let face = try? FontFace(path: candidate), isFace(face, of: style) { return face }
        }
        guard !familyName.isEmpty, let location = locator()?.styledFace(family: familyName, style: style),
              let face = try? FontFace(path: location.path, faceIndex: location.faceIndex), isFace(face, of: style) else { return nil }
        return face
    }

    /// The styled faces of this face's family a text in `styles` may need: the italic with
    /// `.italic`, the bold with `.bold`, the bold italic with both (small capitals are no face);
    /// and with `.monospace`, fontconfig's monospaced face (fontconfig is asked only then).
    public func styledFaces(for styles: FaceStyle, locator: () -> FontLocator?) -> FontSet.StyledFaces {
        func face(_ style: FaceStyle) -> FontFace? { styles.isSuperset(of: style) ? styledFace(style, locator: locator) : nil }
        let monospace = styles.contains(.monospace)
            ? locator()?.monospaceFace().flatMap { try? FontFace(path: $0.path, faceIndex: $0.faceIndex) } : nil
        return FontSet.StyledFaces(italic: face(.italic), bold: face(.bold), boldItalic: face([.bold, .italic]),
                                   monospace: monospace)
    }

    private func isFace(_ face: FontFace, of style: FaceStyle) -> Bool {
        face.isItalic == style.contains(.italic) && face.isBold == style.contains(.bold)
            && FontLocator.sameFamily(face.familyName, familyName)
    }
}
