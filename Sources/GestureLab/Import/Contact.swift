import PageTurner

/// A finger (or pen, or mouse button) as a recording made elsewhere reports it: when, which
/// one, where as a share of the device's ranges (0…1 across and down), and whether it touched,
/// moved or lifted. What `gestures import` turns into a gesture script (`ImportedGestures`).
public struct Contact: Sendable, Equatable {
    public enum Phase: String, Sendable, Equatable { case down, move, up }

    /// Milliseconds, from any origin (the script starts at the first contact).
    public var time: Double
    /// Which contact: a multitouch slot, a CSV's pointer.
    public var finger: Int
    public var x: Double
    public var y: Double
    public var phase: Phase

    public init(time: Double, finger: Int, x: Double, y: Double, phase: Phase) {
        self.time = time
        self.finger = finger
        self.x = x
        self.y = y
        self.phase = phase
    }
}

/// A recording that cannot be read, naming where: it quotes the recording as written (never
/// more than a line of it), and is escaped where it is printed (`PrintableText`).
public struct ImportError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    static func line(_ n: Int, _ what: String) -> ImportError { ImportError("line \(n): \(what)") }
}

/// A device's axis: its least and greatest raw values, mapped onto 0…1.
struct AxisRange: Sendable, Equatable {
    var minimum: Double
    var maximum: Double

    func share(_ raw: Double) -> Double {
        maximum > minimum ? min(max((raw - minimum) / (maximum - minimum), 0), 1) : 0
    }
}

/// The kernel's event codes the readers use (linux/input-event-codes.h).
enum EvdevCode {
    static let synReport = 0
    static let absX = 0, absY = 1
    static let mtSlot = 47, mtPositionX = 53, mtPositionY = 54, mtTrackingID = 57
    static let btnTouch = 330, btnLeft = 272
    static let evSyn = 0, evKey = 1, evAbs = 3
}

/// The contacts of a stream of evdev events, frame by frame: a multitouch device's slots
/// (`ABS_MT_SLOT`, a tracking id of −1 lifting a slot's finger, `ABS_MT_POSITION_X/Y`), or a
/// single-touch one's `BTN_TOUCH` with `ABS_X/Y`. Each `SYN_REPORT` ends a frame: a finger that
/// appeared goes down, one that moved moves, one that lifted goes up, at the frame's time.
struct EvdevFrames {
    var xRange: AxisRange
    var yRange: AxisRange
    private var slot = 0
    private var tracking: [Int: Int] = [:]          // slot → tracking id while a finger is on it
    private var position: [Int: (x: Double?, y: Double?)] = [:]
    private var changed: Set<Int> = []
    private var began: Set<Int> = [], ended: Set<Int> = []
    private var singleTouch = false, single = (down: false, x: 0.0, y: 0.0), singleChanged = false, singleWas = false
    private(set) var contacts: [Contact] = []

    init(xRange: AxisRange, yRange: AxisRange) {
        self.xRange = xRange
        self.yRange = yRange
    }

    /// One event: `type`, `code`, `value` at `time` (ms).
    mutating func event(type: Int, code: Int, value: Int, time: Double) {
        // A slot beyond the fingers a script may name: its events pass.
        if type == EvdevCode.evAbs, code == EvdevCode.mtTrackingID || code == EvdevCode.mtPositionX || code == EvdevCode.mtPositionY,
           !(0..<ImportedGestures.maximumFingers).contains(slot) { return }
        switch (type, code) {
        case (EvdevCode.evAbs, EvdevCode.mtSlot): slot = min(max(value, -1), ImportedGestures.maximumFingers)
        case (EvdevCode.evAbs, EvdevCode.mtTrackingID):
            if value < 0 { if tracking.removeValue(forKey: slot) != nil { ended.insert(slot) } }
            else { tracking[slot] = value; began.insert(slot); position[slot] = (nil, nil) }
        case (EvdevCode.evAbs, EvdevCode.mtPositionX): position[slot, default: (nil, nil)].x = Double(value); changed.insert(slot)
        case (EvdevCode.evAbs, EvdevCode.mtPositionY): position[slot, default: (nil, nil)].y = Double(value); changed.insert(slot)
        case (EvdevCode.evAbs, EvdevCode.absX): singleTouch = true; single.x = Double(value); singleChanged = true
        case (EvdevCode.evAbs, EvdevCode.absY): singleTouch = true; single.y = Double(value); singleChanged = true
        case (EvdevCode.evKey, EvdevCode.btnTouch), (EvdevCode.evKey, EvdevCode.btnLeft):
            single.down = value != 0
            singleChanged = true
        case (EvdevCode.evSyn, EvdevCode.synReport): endFrame(at: time)
        default: break
        }
    }

    private mutating func endFrame(at time: Double) {
        for s in ended.sorted() {
            let p = position[s]
            contacts.append(Contact(time: time, finger: s, x: xRange.share(p?.x ?? 0), y: yRange.share(p?.y ?? 0), phase: .up))
        }
        for s in began.union(changed).sorted() where tracking[s] != nil {
            guard let p = position[s], let x = p.x, let y = p.y else { continue }   // not placed yet: the next frame
            let phase: Contact.Phase = began.contains(s) ? .down : .move
            contacts.append(Contact(time: time, finger: s, x: xRange.share(x), y: yRange.share(y), phase: phase))
            began.remove(s)
        }
        ended = []
        changed = []
        // A single-touch device, when it has no slots in use.
        if singleTouch, tracking.isEmpty, singleChanged {
            let x = xRange.share(single.x), y = yRange.share(single.y)
            if single.down && !singleWas { contacts.append(Contact(time: time, finger: 0, x: x, y: y, phase: .down)) }
            else if single.down { contacts.append(Contact(time: time, finger: 0, x: x, y: y, phase: .move)) }
            else if singleWas { contacts.append(Contact(time: time, finger: 0, x: x, y: y, phase: .up)) }
            singleWas = single.down
        }
        singleChanged = false
    }
}
