/// An SVG file's size, from its root element's start tag: `width` and `height` in CSS px (a
/// number, or one in px, pt, pc, in, cm or mm), else the `viewBox`'s width and height, else
/// CSS's default object size, 300 × 150 (CSS Images 3 §4.1); a percentage is taken from the
/// `viewBox` too. Only the start tag is read: the file's body is never parsed here.
enum SVGSize {
    /// How far into the file the root's start tag may begin (after a prolog of comments and a
    /// doctype).
    static let prologLimit = 16 * 1024

    /// Whether `b` is an SVG document: markup whose first element is `svg`.
    static func isSVG(_ b: UnsafeBufferPointer<UInt8>) -> Bool { rootTag(b) != nil }

    /// The size the root element gives, in px.
    static func read(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard let tag = rootTag(b) else { return nil }
        let attributes = self.attributes(of: tag)
        let box = attributes["viewBox"].map { $0.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }) }
            .flatMap { parts -> (Double, Double)? in
                guard parts.count == 4, let w = Double(parts[2]), let h = Double(parts[3]), w > 0, h > 0 else { return nil }
                return (w, h)
            }
        var w = attributes["width"].flatMap(pixels), h = attributes["height"].flatMap(pixels)
        switch (w, h, box) {
        case (nil, nil, let box?): (w, h) = box
        case (let width?, nil, let box?): h = width * box.1 / box.0
        case (nil, let height?, let box?): w = height * box.0 / box.1
        case (nil, _, nil), (_, nil, nil): (w, h) = (w ?? 300, h ?? 150)
        default: break
        }
        guard let w, let h, w.isFinite, h.isFinite, w >= 0.5, h >= 0.5, w < 1e7, h < 1e7 else { return nil }
        return (Int(w.rounded()), Int(h.rounded()))
    }

    /// A length attribute in px; nil for a percentage, `auto` or anything unreadable.
    static func pixels(_ value: String) -> Double? {
        let trimmed = value.trimmingSpaces
        // The longest prefix that reads as a number (`1e2px` is a number with an exponent,
        // `10em` a number and a unit).
        var number = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" }
        while !number.isEmpty && Double(number) == nil { number = number.dropLast() }
        guard let n = Double(number), n > 0 else { return nil }
        switch trimmed.dropFirst(number.count).lowercased() {
        case "", "px": return n
        case "pt": return n * 4 / 3
        case "pc": return n * 16
        case "in": return n * 96
        case "cm": return n * 96 / 2.54
        case "mm": return n * 96 / 25.4
        case "em": return n * 16
        default: return nil
        }
    }

    /// The root element's start tag (without `<svg` and `>`), when the first element of the
    /// markup is `svg` (with or without a prefix); comments, processing instructions and a
    /// doctype before it are passed over.
    static func rootTag(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        var i = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        let limit = min(b.count, prologLimit)
        func at(_ s: String) -> Bool {
            let u = Array(s.utf8)
            return i + u.count <= b.count && u.indices.allSatisfy { b[i + $0] == u[$0] }
        }
        func skip(past end: String) -> Bool {
            let u = Array(end.utf8)
            while i + u.count <= limit {
                if u.indices.allSatisfy({ b[i + $0] == u[$0] }) { i += u.count; return true }
                i += 1
            }
            return false
        }
        while i < limit {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
            guard c == 0x3C else { return nil }  // markup starts with "<"
            if at("<?") { guard skip(past: "?>") else { return nil }; continue }
            if at("<!--") { guard skip(past: "-->") else { return nil }; continue }
            if at("<!") { guard skip(past: ">") else { return nil }; continue }
            // The first element: `svg`, or `prefix:svg`.
            var j = i + 1
            while j < b.count, b[j] != 0x20, b[j] != 0x09, b[j] != 0x0A, b[j] != 0x0D, b[j] != 0x3E, b[j] != 0x2F { j += 1 }
            let name = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]), as: UTF8.self)
            guard name == "svg" || name.hasSuffix(":svg") else { return nil }
            var end = j
            var quote: UInt8 = 0
            while end < b.count {
                let d = b[end]
                if quote != 0 { if d == quote { quote = 0 } } else if d == 0x22 || d == 0x27 { quote = d } else if d == 0x3E { break }
                end += 1
            }
            guard end < b.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: b[j..<end]), as: UTF8.self)
        }
        return nil
    }

    /// The attributes of a start tag's text (`name="value"` or with single quotes).
    static func attributes(of tag: String) -> [String: String] {
        var found: [String: String] = [:]
        var rest = Substring(tag)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0.isWhitespace || $0 == "/" }).last.map(String.init) ?? ""
            var after = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = after.first, quote == "\"" || quote == "'" else { return found }
            after = after.dropFirst()
            guard let close = after.firstIndex(of: quote) else { return found }
            if found[name] == nil { found[name] = String(after[..<close]) }
            rest = after[after.index(after: close)...]
        }
        return found
    }
}

extension String {
    var trimmingSpaces: Substring {
        let start = drop { $0.isWhitespace }
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)].isWhitespace { end = start.index(before: end) }
        return start[..<end]
    }
}
