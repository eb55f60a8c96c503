import PageTurner
import GestureScripts

/// `libinput record`'s YAML (libinput's `tools/libinput-record.c` writes it): each device's
/// `absinfo` (per axis code: minimum, maximum, fuzz, flat, resolution) and its `events`, each
/// evdev event one flow sequence on a line of its own, `- [sec, usec, type, code, value]`.
/// Touchscreens and touchpads both: positions are mapped by the device's axis ranges.
///
/// Read line by line, by hand: the file is machine-written with one event a line, and reading
/// it so costs one pass over the bytes, where a YAML library would first build every event's
/// sequence as a tree of values (a minute of touches is tens of thousands of them).
public enum LibinputRecording {
    /// Whether `text` is one, by its structure, wherever its keys fall: a YAML document whose top-level
    /// keys (lines not indented) include `version`, `libinput` and `devices`, before any
    /// top-level line that is not a key (a CSV's first line ends the look at once). Indented
    /// lines, however long, are passed over unread.
    public static func recognizes(_ text: Substring) -> Bool {
        var found: (version: Bool, libinput: Bool, devices: Bool) = (false, false, false)
        var bytes = text.utf8[...]
        while let first = bytes.first {
            let lineEnd = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.endIndex
            let line = bytes[..<lineEnd]
            bytes = bytes[lineEnd...].drop { $0 == 0x0A || $0 == 0x0D }
            // Indented lines, comments, list items and blank lines: not a top-level key.
            if first == 0x20 || first == 0x09 || first == 0x23 || first == 0x2D || line.isEmpty { continue }
            guard let colon = line.firstIndex(of: 0x3A),
                  line[..<colon].allSatisfy({ ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == 0x5F }) else { return false }
            switch String(Substring(line[..<colon])) {
            case "version": found.version = true
            case "libinput": found.libinput = true
            case "devices": found.devices = true
            default: break
            }
            if found == (true, true, true) { return true }
        }
        return false
    }

    /// The contacts of the first device whose events touch anything.
    public static func contacts(_ text: String) throws(ImportError) -> [Contact] {
        var ranges: [Int: AxisRange] = [:]
        var inAbsinfo = false, absIndent = 0
        var frames: EvdevFrames? = nil
        var lineNumber = 0
        var devices = 0
        var found: [Contact] = []
        func finishDevice() {
            if let f = frames, found.isEmpty, !f.contacts.isEmpty { found = f.contacts }
            frames = nil
        }
        for raw in ScriptLines.split(text) {
            lineNumber += 1
            let line = raw.drop { $0 == " " }
            let indent = raw.count - line.count
            if line.hasPrefix("- node:") || line.hasPrefix("node:") {
                finishDevice()
                devices += 1
                ranges = [:]
                continue
            }
            if line.hasPrefix("absinfo:") { inAbsinfo = true; absIndent = indent; continue }
            if inAbsinfo {
                if indent <= absIndent || line.isEmpty { inAbsinfo = false } else {
                    // `53: [0, 4095, 0, 0, 13]`
                    guard let colon = line.firstIndex(of: ":"), let code = Int(line[..<colon].trimmingSpaces),
                          let values = numbers(line[line.index(after: colon)...]), values.count >= 2 else {
                        throw .line(lineNumber, "cannot read the axis range '\(line.prefix(60))'")
                    }
                    ranges[code] = AxisRange(minimum: values[0], maximum: values[1])
                    continue
                }
            }
            // `- [  3, 123456,   3,  53,  1234] # EV_ABS / ABS_MT_POSITION_X  1234`
            guard line.hasPrefix("- ["), let values = numbers(line.dropFirst(2)) else { continue }
            guard values.count == 5 else { throw .line(lineNumber, "an event has five numbers: sec, usec, type, code, value") }
            guard let type = Int(exactly: values[2]), let code = Int(exactly: values[3]), let value = Int32(exactly: values[4]) else {
                throw .line(lineNumber, "an event's type, code and value are whole numbers within 32 bits")
            }
            if frames == nil {
                let x = ranges[EvdevCode.mtPositionX] ?? ranges[EvdevCode.absX]
                let y = ranges[EvdevCode.mtPositionY] ?? ranges[EvdevCode.absY]
                // A device without both axes (a keyboard, a button) touches nothing: its events pass.
                guard let x, let y else { continue }
                guard x.maximum > x.minimum, y.maximum > y.minimum else {
                    throw .line(lineNumber, "the device's x or y axis has no range (absinfo minimum = maximum)")
                }
                frames = EvdevFrames(xRange: x, yRange: y)
            }
            frames!.event(type: type, code: code, value: Int(value), time: values[0] * 1000 + values[1] / 1000)
            guard frames!.contacts.count <= ImportedGestures.mostContacts else { throw ImportedGestures.tooManyContacts }
        }
        finishDevice()
        if devices == 0 { throw ImportError("no device in the recording (a 'devices:' list with a 'node:')") }
        return found
    }

    /// The numbers of a flow sequence `[a, b, …]` (anything after it ignored), or nil.
    static func numbers(_ text: Substring) -> [Double]? {
        guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return nil }
        var out: [Double] = []
        for part in text[text.index(after: open)..<close].split(separator: ",") {
            guard let v = Double(part.trimmingSpaces), v.isFinite else { return nil }
            out.append(v)
        }
        return out
    }
}

extension Substring {
    /// The text without the spaces and tabs around it (and a CR at its end): a field of the
    /// lab's line formats (`--cost` pairs, imported recordings).
    var trimmingSpaces: String { String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()) }
}
