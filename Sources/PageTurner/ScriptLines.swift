/// The lines of a script or gesture file, whatever ends them: LF, CRLF (a file written on
/// Windows, text pasted from a browser) or a lone CR (old Mac files).
///
/// Subtle: Swift reads "\r\n" as one `Character`, so splitting a `String` on "\n" alone finds
/// no line end at all in a CRLF file, which then reads as one long line 1.
public enum ScriptLines {
    /// The lines of `text`, numbered from 1 by their index + 1; a line end at the very end
    /// leaves an empty last line, as splitting on LF does.
    ///
    /// Found on the UTF-8 bytes (a CR or LF byte is always a whole character there: Unicode's
    /// grapheme rules GB4 and GB5 break around them, CR LF aside), not by comparing
    /// `Character`s, which costs a grapheme break search per character.
    public static func split(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex, i = start
        while i != bytes.endIndex {
            let b = bytes[i]
            guard b == 0x0A || b == 0x0D else {
                i = bytes.index(after: i)
                continue
            }
            lines.append(Substring(bytes[start..<i]))
            var next = bytes.index(after: i)
            if b == 0x0D, next != bytes.endIndex, bytes[next] == 0x0A { next = bytes.index(after: next) }
            start = next
            i = next
        }
        lines.append(Substring(bytes[start..<bytes.endIndex]))
        return lines
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
