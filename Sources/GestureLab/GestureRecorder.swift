import PageTurner
import GestureScripts

/// Turns what a turn machine receives into gesture-script lines, with times in ms from the
/// start of the recording: what `pageturn read --record` writes, line by line as it happens,
/// and `pageturn simulate` replays. Numbers are written in full (Swift's shortest form that
/// reads back to the same value), so a replay feeds the machine exactly what it had.
public struct GestureRecorder: Sendable {
    /// The session time (ms) that is time 0 in the recording.
    public let origin: Double

    public init(origin: Double) { self.origin = origin }

    /// A recording's first line (what `read --record` replaces without asking).
    public static let openingLine = "# pageturn read --record: every input the turn machine received, ms from the start"

    /// The header and the first lines of a recording made under `header`.
    public static func opening(_ header: RecordingHeader) -> String {
        ([openingLine] + header.lines)
            .joined(separator: "\n") + "\n"
    }

    /// The header for a machine in its present state, with the curl, zones and settings it was
    /// made with.
    public static func header(machine: TurnMachine, curl: CurlModel, zones: String, settings: TurnSettings) -> RecordingHeader {
        var h = RecordingHeader()
        h.width = machine.pageSize.width
        h.height = machine.pageSize.height
        h.pages = machine.pageCount
        h.start = machine.page
        h.curl = curl
        h.grip = settings.grip
        h.policy = settings.turn.policy.rule == .pageturn ? nil : settings.turn.policy.rule
        h.zones = zones
        h.rightToLeft = machine.config.rightToLeft
        h.spread = machine.isSpread
        h.settings = TurnSetting.all.map { "\($0.name)=\(TurnSettings.formatted(settings.value(of: $0.name)!))" }
        return h
    }

    /// The script line for `input` at session time `time`.
    public func line(for input: TurnInput, at time: Double) -> String {
        let at = "@" + TurnSettings.formatted(max(0, time - origin))
        func id(_ n: Int) -> String { n == 0 ? "" : " id=\(n)" }
        switch input {
        case .pointerDown(let n, let p): return "down \(TurnSettings.formatted(p.x)) \(TurnSettings.formatted(p.y)) \(at)\(id(n))"
        case .pointerMove(let n, let p): return "move \(TurnSettings.formatted(p.x)) \(TurnSettings.formatted(p.y)) \(at)\(id(n))"
        case .pointerUp(let n, let p?): return "up \(TurnSettings.formatted(p.x)) \(TurnSettings.formatted(p.y)) \(at)\(id(n))"
        case .pointerUp(let n, nil): return "up \(at)\(id(n))"
        case .pointerCancel(let n): return "cancel \(at)\(id(n))"
        case .wheel(let steps): return "wheel \(steps > 0 ? "+" : "")\(steps) \(at)"
        case .scroll(let dx, let dy): return "scroll \(TurnSettings.formatted(dx)) \(TurnSettings.formatted(dy)) \(at)"
        case .key(let k):
            let names: [KeyCommand: String] = [.next: "next", .previous: "prev", .first: "first", .last: "last",
                                               .toggleToolbars: "toolbars", .hideToolbars: "hide"]
            return "key \(names[k]!) \(at)"
        }
    }

    /// The script line for a set-up change the reader made at machine time `time`.
    public func line(for change: SetupChange, at time: Double) -> String {
        let at = "@" + TurnSettings.formatted(max(0, time - origin))
        switch change {
        case .resize(let size): return "resize \(TurnSettings.formatted(size.width)) \(TurnSettings.formatted(size.height)) \(at)"
        case .pages(let count, let page): return "pages \(count) \(page) \(at)"
        case .curl(let model): return "curl \(model.rawValue) \(at)"
        case .progression(let rtl): return "progression \(rtl ? "rtl" : "ltr") \(at)"
        case .layout(let spread): return "layout \(spread ? "spread" : "single") \(at)"
        }
    }
}
