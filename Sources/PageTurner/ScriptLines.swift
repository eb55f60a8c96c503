/// The lines of a script or gesture file, whatever ends them: LF, CRLF (a file written on
/// Windows, text pasted from a browser) or a lone CR (old Mac files).
///
/// Subtle: Swift reads "\r\n" as one `Character`, so splitting a `String` on "\n" alone finds
/// no line end at all in a CRLF file, which then reads as one long line 1.
public enum ScriptLines {
    /// The lines of `text`, numbered from 1 by their index + 1; a line end at the very end
    /// leaves an empty last line, as splitting on LF does.
    public static func split(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }
}
