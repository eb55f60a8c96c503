import PageTurner
import GestureScripts
import FileWriting

/// Contacts recorded elsewhere (`Contact`, read by `LibinputRecording`, `GeteventLog` or
/// `ContactCSV`) as a gesture script on a page of `width` × `height`: a header the lab reads
/// (`#@ source`, `#@ width`, `#@ height`), then `down`, `move` and `up` steps in time order,
/// the first contact at 0 ms, each finger a pointer of its own (`id=N`), places held to the
/// page. The times must not go backwards. The gestures are not labelled: add an `expect` line
/// after each to say what was meant.
public enum ImportedGestures {
    /// The most fingers (slots, pointers) a recording may name: 0 to 63.
    public static let maximumFingers = 64

    /// The most contacts a recording may hold: two million, about nine hours of one finger
    /// touching at 60 Hz (the lab's recordings are minutes). Readers stop at the first past
    /// it, so that memory stays bounded (a contact, and the script line it becomes, take some
    /// hundred bytes).
    public static let mostContacts = 2_000_000

    /// A recording past `mostContacts`.
    public static let tooManyContacts = ImportError(
        "more than 2,000,000 contacts (about nine hours of touching): import a shorter recording")

    /// The script, and how many touches (down … up) it holds; `origin` names the recording in
    /// the script's first comment (an error does not name it: the caller does, once).
    public static func script(_ contacts: [Contact], width: Double, height: Double, source: String,
                              from origin: String) throws(ImportError) -> (text: String, touches: Int) {
        for (k, c) in contacts.enumerated() {
            guard c.time.isFinite, c.x.isFinite, c.y.isFinite else { throw ImportError("a contact's time or place is not a number") }
            guard c.finger >= 0, c.finger < maximumFingers else {
                throw ImportError("finger \(c.finger) is out of range (0 to \(maximumFingers - 1))")
            }
            if k > 0, c.time < contacts[k - 1].time {
                throw ImportError("the times go backwards at contact \(k + 1) (\(c.time) ms after \(contacts[k - 1].time) ms)")
            }
        }
        guard let first = contacts.first else { throw ImportError("no touches") }
        guard let final = contacts.last, final.time - first.time <= GestureScript.maximumTime else {
            throw ImportError("the recording spans more than \(Int(GestureScript.maximumTime / 3_600_000)) hours")
        }
        var header = RecordingHeader()
        header.source = source
        header.width = width
        header.height = height
        // Room to turn either way, as the synthesizer's: a person's gestures go both ways.
        header.pages = 100_000
        header.start = 50_000
        var out = ScriptWriter()
        // The name as it prints (escaped): a line feed or carriage return in a file's name would
        // otherwise end the comment and start a line of the script.
        out.comment("Imported by pageturn gestures import from \(PrintableText.escaped(origin)): \(contacts.count) contacts.")
        out.comment("Not labelled: after each gesture, 'expect next|previous|none|toolbars' says what was meant.")
        out.lines += header.lines
        var down: Set<Int> = [], touches = 0
        for c in contacts {
            let at = "@" + ScriptWriter.number(max(c.time - first.time, 0))
            // Held to the page: a touch past the device's edge (or its declared range) is at the edge.
            let place = "\(ScriptWriter.number(min(max(c.x, 0), 1) * width)) \(ScriptWriter.number(min(max(c.y, 0), 1) * height))"
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
        let last = ScriptWriter.number(max((contacts.last?.time ?? first.time) - first.time, 0))
        for finger in down.sorted() { out.step("up @\(last)\(finger == 0 ? "" : " id=\(finger)")") }
        guard touches > 0 else { throw ImportError("no touches: contacts, but none goes down") }
        return (out.text, touches)
    }
}
