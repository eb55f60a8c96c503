import PageTurner

/// The lines of a script or gesture file, whatever ends them: LF, CRLF (a file written on
/// Windows, text pasted from a browser) or a lone CR (old Mac files).
///
/// Subtle: Swift reads "\r\n" as one `Character`, so splitting a `String` on "\n" alone finds
/// no line end at all in a CRLF file, which then reads as one long line 1.
public enum ScriptLines {
    /// The lines of `text`, numbered from 1 by their place; a line end at the very end leaves
    /// an empty last line, as splitting on LF does. Found as they are read, one at a time: a
    /// file of ten million lines is never held as ten million substrings.
    ///
    /// Found on the UTF-8 bytes (a CR or LF byte is always a whole character there: Unicode's
    /// grapheme rules GB4 and GB5 break around them, CR LF aside), not by comparing
    /// `Character`s, which costs a grapheme break search per character.
    public static func split(_ text: String) -> Lines { Lines(rest: text[...].utf8) }

    /// The lines of a text, in order (see `split`).
    public struct Lines: Sequence, IteratorProtocol {
        var rest: Substring.UTF8View
        var done = false

        public mutating func next() -> Substring? {
            guard !done else { return nil }
            var i = rest.startIndex
            while i != rest.endIndex {
                let b = rest[i]
                if b == 0x0A || b == 0x0D {
                    let line = Substring(rest[rest.startIndex..<i])
                    var next = rest.index(after: i)
                    if b == 0x0D, next != rest.endIndex, rest[next] == 0x0A { next = rest.index(after: next) }
                    rest = rest[next...]
                    return line
                }
                i = rest.index(after: i)
            }
            done = true
            return Substring(rest)
        }
    }

    /// The words of a script line before any `#` comment, split at spaces, tabs and CRs: found
    /// on the UTF-8 bytes, as the lines are.
    public static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        let bytes = line.utf8
        var start: Substring.UTF8View.Index? = nil
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let b = bytes[i]
            if b == 0x23 { break }                                  // '#': a comment to the end
            if b == 0x20 || b == 0x09 || b == 0x0D {
                if let s = start { words.append(String(decoding: bytes[s..<i], as: UTF8.self)) }
                start = nil
            } else if start == nil {
                start = i
            }
            i = bytes.index(after: i)
        }
        if let s = start { words.append(String(decoding: bytes[s..<i], as: UTF8.self)) }
        return words
    }
}
