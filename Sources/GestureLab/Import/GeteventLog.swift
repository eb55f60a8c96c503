import PageTurner
import GestureScripts

/// Android's `getevent -lt` log: one evdev event a line, with its time and labels,
/// `[   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000001f4`, values in
/// hexadecimal (`ffffffff` is −1) or, for keys, `DOWN` and `UP` (given one device,
/// `getevent` leaves its name out of the lines). The log does not say the
/// axes' ranges: they are the device's size in raw units (`--device-size`, what `getevent -p`
/// lists as each axis's max), from 0. Lines of other devices than the first that touches, and
/// lines that are not events, are passed over.
public enum GeteventLog {
    /// Whether `text` looks like one.
    public static func recognizes(_ text: Substring) -> Bool {
        text.contains("EV_SYN") && text.contains("SYN_REPORT") && text.contains("[")
    }

    static let types = ["EV_SYN": EvdevCode.evSyn, "EV_KEY": EvdevCode.evKey, "EV_ABS": EvdevCode.evAbs]
    static let codes = ["SYN_REPORT": EvdevCode.synReport, "ABS_X": EvdevCode.absX, "ABS_Y": EvdevCode.absY,
                        "ABS_MT_SLOT": EvdevCode.mtSlot, "ABS_MT_POSITION_X": EvdevCode.mtPositionX,
                        "ABS_MT_POSITION_Y": EvdevCode.mtPositionY, "ABS_MT_TRACKING_ID": EvdevCode.mtTrackingID,
                        "BTN_TOUCH": EvdevCode.btnTouch, "BTN_LEFT": EvdevCode.btnLeft]

    /// The contacts of the first device that touches, its axes 0…`deviceSize` raw units.
    public static func contacts(_ text: String, deviceSize: (width: Double, height: Double)) throws(ImportError) -> [Contact] {
        var frames = EvdevFrames(xRange: AxisRange(minimum: 0, maximum: deviceSize.width),
                                 yRange: AxisRange(minimum: 0, maximum: deviceSize.height))
        var device: Substring? = nil
        var lineNumber = 0
        for line in ScriptLines.split(text) {
            lineNumber += 1
            // `[   12345.678901] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001f4`
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            guard let seconds = Double(line[line.index(after: line.startIndex)..<close].trimmingSpaces), seconds.isFinite,
                  abs(seconds) < 1e12 else {
                throw .line(lineNumber, "cannot read the time '\(line[..<close].prefix(30))]'")
            }
            // `getevent -lt` names the device on each line when it watches them all, not when
            // it was given one: `TYPE CODE VALUE` then.
            var rest = line[line.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
            var source: Substring = ""
            if rest.count == 4, rest[0].hasSuffix(":") { source = rest.removeFirst() }
            guard rest.count == 3 else { continue }                              // not an event line
            guard let type = types[String(rest[0])] else { continue }
            guard let code = codes[String(rest[1])] else { continue }            // an axis the lab does not use
            // The device that touches first is the one read.
            if device == nil, type == EvdevCode.evAbs || code == EvdevCode.btnTouch { device = source }
            guard source == device else { continue }
            let value: Int
            switch rest[2] {
            case "DOWN": value = 1
            case "UP": value = 0
            default:
                guard let v = UInt32(rest[2], radix: 16) else { throw .line(lineNumber, "cannot read the value '\(rest[2].prefix(20))'") }
                value = Int(Int32(bitPattern: v))
            }
            frames.event(type: type, code: code, value: value, time: seconds * 1000)
            guard frames.contacts.count <= ImportedGestures.mostContacts else { throw ImportedGestures.tooManyContacts }
        }
        return frames.contacts
    }
}
