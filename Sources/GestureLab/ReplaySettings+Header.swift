import PageTurner
import GestureScripts

/// A gesture file's header (`RecordingHeader`, the `#@` lines) over a set-up: the one place
/// the file format's fields become a replay's.
extension ReplaySettings {
    /// This set-up with what `header` says (a gesture file's own set-up).
    public func applying(_ header: RecordingHeader) -> ReplaySettings {
        var s = self
        if let w = header.width, let h = header.height { s.pageSize = Size(width: w, height: h) }
        else if let w = header.width { s.pageSize.width = w }
        else if let h = header.height { s.pageSize.height = h }
        if let p = header.pages { s.pageCount = p }
        if let k = header.start { s.startPage = min(k, max(s.pageCount - 1, 0)) }
        if let c = header.curl { s.curl = c }
        if let g = header.grip { s.settings.grip = g }
        if let rule = header.policy { s.settings.turn.policy.rule = rule }
        if let z = header.zones.flatMap(TapZoneLayout.named) { s.zones = z }
        if let r = header.rightToLeft { s.rightToLeft = r }
        if let spread = header.spread { s.spread = spread }
        for a in header.settings { try? s.settings.apply(assignment: a) }  // checked when the header was read
        return s
    }
}
