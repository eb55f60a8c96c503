import PageTurner

/// Contacts recorded elsewhere (`Contact`, read by `LibinputRecording`, `GeteventLog` or
/// `ContactCSV`) as a gesture script on a page of `width` × `height`: a header the lab reads
/// (`#@ source`, `#@ width`, `#@ height`), then `down`, `move` and `up` steps in time order,
/// the first contact at 0 ms, each finger a pointer of its own (`id=N`). The gestures are not
/// labelled: add an `expect` line after each to say what was meant.
public enum ImportedGestures {
    /// The script, and how many touches (down … up) it holds.
    public static func script(_ contacts: [Contact], width: Double, height: Double, source: String,
                              from origin: String) throws(ImportError) -> (text: String, touches: Int) {
        let sorted = contacts.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        guard let first = sorted.first else { throw ImportError("no touches in \(origin)") }
        var header = RecordingHeader()
        header.source = source
        header.width = width
        header.height = height
        var out = ScriptWriter()
        out.comment("Imported by pageturn gestures import from \(origin): \(sorted.count) contacts.")
        out.comment("Not labelled: after each gesture, 'expect next|previous|none|toolbars' says what was meant.")
        out.lines += header.lines
        var down: Set<Int> = [], touches = 0
        for c in sorted {
            let at = "@" + ScriptWriter.number(max(c.time - first.time, 0))
            let place = "\(ScriptWriter.number(c.x * width)) \(ScriptWriter.number(c.y * height))"
            let id = c.finger == 0 ? "" : " id=\(c.finger)"
            switch c.phase {
            case .down:
                if down.contains(c.finger) { out.step("up \(at)\(id)") }          // a lost lift
                down.insert(c.finger)
                touches += 1
                out.step("down \(place) \(at)\(id)")
            case .move:
                guard down.contains(c.finger) else { continue }                    // moved without touching: hovering
                out.step("move \(place) \(at)\(id)")
            case .up:
                guard down.remove(c.finger) != nil else { continue }
                out.step("up \(place) \(at)\(id)")
            }
        }
        let last = ScriptWriter.number(max((sorted.last?.time ?? first.time) - first.time, 0))
        for finger in down.sorted() { out.step("up @\(last)\(finger == 0 ? "" : " id=\(finger)")") }
        guard touches > 0 else { throw ImportError("no touches in \(origin): contacts, but none goes down") }
        return (out.text, touches)
    }
}
