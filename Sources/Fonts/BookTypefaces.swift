import Pagination

/// Opens a book's own typefaces (`DocumentStructure.typefaces`, its `@font-face` families)
/// from its files, in memory: each face from the first of its sources that opens as a font
/// (OpenType, TrueType, WOFF or WOFF2; an obfuscated font the book's files give revealed).
/// A source that is missing, encrypted otherwise or not a font is passed over, and said.
public enum BookTypefaces {
    /// The typefaces' faces by number less one (`FontSet.typefaces`), and a line for each
    /// source that could not be used.
    public struct Opened: Sendable {
        public var faces: [TypefaceFaces?] = []
        public var failures: [String] = []
        /// Whether any typeface has a face.
        public var isEmpty: Bool { faces.allSatisfy { $0 == nil } }
    }

    /// The largest font file opened: 32 MiB (a CJK face is about 20).
    public static let largestFont = 32 << 20
    /// The most bytes read from a book for its fonts, all sources tried together: a crafted
    /// book listing hundreds of large sources is not read through.
    public static let bytesRead = 128 << 20

    /// Opens `typefaces` from `files`. With `replacingBody`, the typeface that sets the body
    /// (`Typeface.setsBody`) is left out: the reader chose a face of its own for the body,
    /// while headings and other elements set in typefaces of their own keep them.
    public static func open(_ typefaces: [DocumentStructure.Typeface], files: any BookFiles,
                            replacingBody: Bool = false) -> Opened {
        var opened = Opened()
        var bySource: [String: FontFace] = [:]
        var tried: Set<String> = []
        var left = bytesRead
        let kept = Array(typefaces.prefix(FaceStyle.typefaceLimit))
        opened.faces = Array(repeating: nil, count: kept.count)
        // The body's typeface first: the faces past the budget are the rarer ones'.
        for k in kept.indices.sorted(by: { kept[$0].setsBody && !kept[$1].setsBody }) {
            let typeface = kept[k]
            if replacingBody && typeface.setsBody { continue }
            var faces = TypefaceFaces()
            for face in typeface.faces {
                for source in face.sources {
                    if let known = bySource[source] {
                        faces.add(known, italic: face.italic, bold: face.bold)
                        break
                    }
                    guard tried.insert(source).inserted, bySource.count < TypefaceFaces.faceBudget else { continue }
                    guard left > 0 else {
                        opened.failures.append("\(files.displayName(of: source)): not read, past \(bytesRead >> 20) MiB of the book's fonts")
                        continue
                    }
                    do {
                        let bytes = try files.data(at: source)
                        left -= bytes.count
                        guard bytes.count <= largestFont else {
                            opened.failures.append("\(files.displayName(of: source)): larger than \(largestFont >> 20) MiB")
                            continue
                        }
                        let font = try FontFace(bytes: bytes, name: files.displayName(of: source))
                        // A face HarfBuzz cannot read would stop it shaping the whole set.
                        guard HarfBuzzFonts.canShape(font) else {
                            opened.failures.append("\(files.displayName(of: source)): its tables cannot be shaped with")
                            continue
                        }
                        bySource[source] = font
                        faces.add(font, italic: face.italic, bold: face.bold)
                        break
                    } catch let error as FontError {
                        opened.failures.append(error.description)
                    } catch {
                        opened.failures.append("\(files.displayName(of: source)): \(error)")
                    }
                }
            }
            opened.faces[k] = faces.faces.isEmpty ? nil : faces
        }
        return opened
    }
}
