import PageTurner
import GestureScripts

/// Contacts as comma-separated values, one a line: `time_ms,x,y,phase`, the phase `down`,
/// `move` or `up` (an optional fifth column names the pointer, for several fingers). A first
/// line of names is passed over. Positions are in the device's pixels (`--device-size`, when
/// given), or already the page's.
public enum ContactCSV {
    /// The contacts; x and y are shares of `deviceSize` (nil: of the page, `pageSize`). More
    /// than `limit` are refused.
    public static func contacts(_ text: String, deviceSize: (width: Double, height: Double)?,
                                pageSize: (width: Double, height: Double),
                                limit: Int = ImportedGestures.mostContacts) throws(ImportError) -> [Contact] {
        let size = deviceSize ?? pageSize
        var out: [Contact] = []
        var lineNumber = 0
        for line in ScriptLines.split(text) {
            lineNumber += 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
            if fields.count == 1 && fields[0].isEmpty { continue }
            if lineNumber == 1, Double(fields[0]) == nil { continue }          // the names
            guard fields.count == 4 || fields.count == 5 else {
                throw .line(lineNumber, "expected time_ms,x,y,phase (and a pointer), not \(fields.count) fields")
            }
            guard let t = Double(fields[0]), let x = Double(fields[1]), let y = Double(fields[2]),
                  t.isFinite, x.isFinite, y.isFinite else {
                throw .line(lineNumber, "time, x and y must be numbers")
            }
            guard let phase = Contact.Phase(rawValue: fields[3].lowercased()) else {
                throw .line(lineNumber, "the phase is down, move or up, not '\(fields[3].prefix(20))'")
            }
            var finger = 0
            if fields.count == 5 {
                guard let f = Int(fields[4]), f >= 0, f < 1000 else { throw .line(lineNumber, "the pointer is a whole number from 0") }
                finger = f
            }
            guard out.count < limit else { throw ImportedGestures.tooManyContacts }
            out.append(Contact(time: t, finger: finger, x: size.width > 0 ? x / size.width : 0,
                               y: size.height > 0 ? y / size.height : 0, phase: phase))
        }
        return out
    }
}
