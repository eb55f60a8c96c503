/// Why a font could not be opened. Every case names the file, and `description` is one
/// line meant for a person (for example `not a font file: /tmp/notes.txt`).
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case missingFile(path: String)
    /// The path exists but cannot be read (permissions, a directory, an I/O error).
    case unreadableFile(path: String)
    /// The file exists and is readable, but FreeType does not recognise it as a font
    /// (this includes empty and truncated files).
    case notAFont(path: String)
    /// The file is a font collection (or font) without a face at this index.
    case noSuchFace(path: String, index: Int, faceCount: Int)
    /// The face has no outlines (a bitmap-only font), so it has no units per em and no
    /// size-independent advances.
    case notScalable(path: String)
    /// The face has no Unicode character map, so characters cannot be mapped to glyphs.
    case noUnicodeCharmap(path: String)
    /// FreeType itself could not start (out of memory); `code` is FreeType's error code.
    case freeTypeUnavailable(code: Int32)
    /// No face was named and fontconfig found no book face (`BookFaces`) installed.
    case noTextFace
    /// No installed family is called `name`; `close` names a few that are (`FontLocator.familiesClose`).
    case noSuchFamily(name: String, close: [String])
    /// Its outlines cannot be read (a file cut short, a table running past its end).
    case damaged(path: String)
    /// A family was named, but fontconfig, which finds families, cannot be loaded.
    case fontconfigUnavailable

    /// A sentence for a person, naming the file. A path is quoted as it is: whoever prints it
    /// escapes what a terminal must not see (FileWriting's `PrintableText`, the one escaper
    /// for what errors quote).
    public var description: String {
        switch self {
        case .missingFile(let path): "no such font file: \(path)"
        case .unreadableFile(let path): "cannot read font file: \(path)"
        case .notAFont(let path): "not a font file: \(path)"
        case .noSuchFace(let path, let index, let count):
            "no face \(index) in font file (it has \(count)): \(path)"
        case .notScalable(let path): "not a scalable (outline) font: \(path)"
        case .noUnicodeCharmap(let path): "font has no Unicode character map: \(path)"
        case .freeTypeUnavailable(let code): "FreeType could not be initialised (error \(code))"
        case .noTextFace: "no text font found: install fonts-noto-core or pass --font PATH"
        case .noSuchFamily(let name, let close):
            "no installed font family is called \(Self.quoted(name))"
                + (name.count > BookFonts.longestFamilyName ? "; family names are at most \(BookFonts.longestFamilyName) characters" : "")
                + (close.isEmpty ? "" : "; close: " + close.joined(separator: ", "))
        case .fontconfigUnavailable: "cannot look up font families: fontconfig cannot load"
        case .damaged(let path): "font file is damaged (its glyphs cannot be read): \(path)"
        }
    }

    /// A name as a one-line message quotes it: whole up to 80 characters, else its start and
    /// its length; control characters written as escapes.
    static func quoted(_ name: String) -> String {
        let shown = name.count <= 80 ? Substring(name) : name.prefix(60)
        var text = ""
        for scalar in shown.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator {
                text += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return name.count <= 80 ? "\"\(text)\"" : "\"\(text)…\" (\(name.count) characters)"
    }
}
