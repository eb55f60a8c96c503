import CSS
import Pagination

/// Which of the book's typefaces an element's text is set in.
extension XHTMLTextReader {
    /// The number of the typeface `style`'s `font-family` list names (registered with
    /// `builder` the first time), or 0 for the reader's faces: the list's first family the
    /// book declares with `@font-face`; a generic family (`serif`, `monospace`…) before it
    /// means the reader's faces, and a family neither (one the reader's machine may or may
    /// not have) is passed over, as a browser passes over a family it lacks. Without
    /// `registering`, a typeface not numbered yet is 0.
    mutating func typefaceNumber(of style: ComputedStyle, in builder: inout DocumentBuilder, registering: Bool = true) -> Int {
        guard !typefaces.isEmpty, !style.fontFamilies.isEmpty else { return 0 }
        if let known = typefaceNumbers[style.fontFamilies] { return known }
        guard registering else { return 0 }
        var number = 0
        for family in style.fontFamilies {
            let name = family.lowercased()
            if let typeface = typefaces[name] {
                number = builder.typefaceNumber(typeface)
                break
            }
            if ComputedStyle.isGenericFamily(name) { break }
        }
        typefaceNumbers[style.fontFamilies] = number
        return number
    }
}
