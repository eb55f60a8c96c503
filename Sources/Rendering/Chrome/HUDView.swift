import PageTurner
import Reader

/// Draws the turn gauges (`TurnHUD`) over the page: during a drag, a dashed line where the
/// pointer must reach to commit and a box with the travel against the commit distance and the
/// velocity against `flingVelocity` (another commit rule, `--policy`: what it would decide were
/// the pointer let go now); after a release, what the rule decided and why; after a gesture
/// that turned nothing, why not.
enum HUDView {
    static func draw(_ hud: TurnHUD, chrome: Chrome, size: Size) {
        var lines: [(String, RGB)] = []
        let ink = RGB(255, 255, 255), good = RGB(120, 220, 120), bad = RGB(255, 140, 120)
        if let g = hud.gauge {
            chrome.fill(Rect(x: g.press.x - 5, y: g.press.y - 1, width: 10, height: 2), RGB(40, 96, 170))
            chrome.fill(Rect(x: g.press.x - 1, y: g.press.y - 5, width: 2, height: 10), RGB(40, 96, 170))
            if g.ifLetGo.rule == .pageturn {
                let x = min(max(g.commitLineX, 0), size.width - 2)
                for y in stride(from: 0.0, to: size.height, by: 14) {
                    chrome.fill(Rect(x: x - 1, y: y, width: 2, height: 8), RGB(200, 30, 30), alpha: 0.9)
                }
                let past = g.travel >= g.commitDistance, fast = abs(g.velocity) > g.flingVelocity
                lines.append(("\(g.direction.rawValue): travel \(Int(g.travel.rounded())) / \(Int(g.commitDistance.rounded())) px",
                              past ? good : ink))
                lines.append(("velocity \(Int(g.velocity.rounded())) / ±\(Int(g.flingVelocity.rounded())) px/s",
                              fast ? (g.velocity > 0 ? good : bad) : ink))
            } else {
                // Another rule: what it would decide were the pointer let go now, in its words.
                lines.append(("\(g.direction.rawValue), if let go now: " + g.ifLetGo.explanation, g.ifLetGo.commit ? good : ink))
            }
        }
        if let r = hud.release {
            lines.append(((r.commit ? "turned: " : "stayed: ") + r.summary, r.commit ? good : bad))
        }
        if let i = hud.ignored {
            lines.append(("ignored: " + i.summary, bad))
        }
        guard !lines.isEmpty else { return }
        let w = min(size.width - 16, (lines.map { chrome.width($0.0) }.max() ?? 0) + 24)
        let box = Rect(x: 8, y: 8, width: w, height: 10 + 22 * Double(lines.count))
        chrome.fill(box, RGB(0, 0, 0), alpha: 0.72)
        for (k, (text, colour)) in lines.enumerated() {
            chrome.text(chrome.fitted(text, w - 24), x: box.minX + 12, midY: box.minY + 16 + 22 * Double(k), color: colour)
        }
    }
}
