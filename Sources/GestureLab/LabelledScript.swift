import PageTurner
import GestureScripts

/// What a gesture was meant to do, as an `expect` line says.
public enum Intent: String, Sendable, Hashable, CaseIterable {
    case next, previous, none, toolbars
    /// A long press meant to select text (and any drag after it, to extend the selection).
    case select
}

/// A gesture file: its `#@` header, its steps, and the `expect` lines that label gestures.
///
/// `expect next|previous|none|toolbars|select [kind=NAME]` states what the gesture just before it was meant to
/// do: the steps since the previous `down`, `wheel`, `scroll` or `key` began it (an `expect`
/// before the first step is refused: it labels nothing). The steps are
/// read by `GestureScript.parse` with the `expect` and header lines blanked out, so errors
/// name the same lines as in the file.
public struct LabelledScript: Sendable {
    public var header: RecordingHeader
    public var script: GestureScript
    /// For each `expect` line: how many steps came before it, what it says, and the kind of
    /// gesture it names, if any (`expect next kind=flick+wobble`).
    public var expectations: [(afterSteps: Int, line: Int, intent: Intent, kind: String?)]

    /// Parses a gesture file; throws an error naming the first bad line.
    public static func parse(_ text: String) throws(GestureScriptError) -> LabelledScript {
        let header = try RecordingHeader.parse(text)
        var kept: [Substring] = []
        var expects: [(line: Int, intent: Intent, kind: String?)] = []
        for (k, raw) in ScriptLines.split(text).enumerated() {
            let words = ScriptLines.words(raw)
            if words.first?.lowercased() == "expect" {
                guard words.count == 2 || (words.count == 3 && words[2].hasPrefix("kind=") && words[2].count > 5),
                      let intent = Intent(rawValue: words[1].lowercased()) else {
                    throw GestureScriptError(line: k + 1, message: "expected 'expect next|previous|none|toolbars|select [kind=NAME]'")
                }
                expects.append((k + 1, intent, words.count == 3 ? String(words[2].dropFirst(5)) : nil))
                kept.append("")
            } else {
                kept.append(raw)
            }
        }
        let script = try GestureScript.parse(kept.joined(separator: "\n"))
        // Both are in line order: one walk counts the steps before each expect line.
        var before = 0
        let labelled = expects.map { e in
            while before < script.steps.count, script.steps[before].line < e.line { before += 1 }
            return (afterSteps: before, line: e.line, intent: e.intent, kind: e.kind)
        }
        if let orphan = labelled.first(where: { $0.afterSteps == 0 }) {
            throw GestureScriptError(line: orphan.line, message: "'expect' labels the gesture before it, and no step comes before it")
        }
        return LabelledScript(header: header, script: script, expectations: labelled)
    }
}
