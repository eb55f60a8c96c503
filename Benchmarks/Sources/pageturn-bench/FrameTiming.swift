import Dispatch
import PageTurner
import Reader
import Rendering

/// Frame times while a scripted drag plays.
enum FrameTiming {
    /// Drags the current page from the right edge to the left (mirrored for a right-to-left
    /// book, so the drag always turns forward) over `frames` frames at 60 fps (scripted
    /// times), lets it land, and returns how long each frame took to draw and show, in ms.
    /// Neighbouring pages are prepared first, as the event loop does while idle. The frame is
    /// read back (one pixel) after presenting, so a GPU's queued work is counted.
    static func dragFrameTimes(session: ReaderSession, view: ReaderView, canvas: Canvas, frames: Int = 90) -> [Double] {
        while view.preload(session.scene, on: canvas) != nil {}
        // The page as it stands before the drag (the reader has shown it already).
        view.draw(session.scene, on: canvas)
        canvas.present()
        let w = session.pageSize.width, h = session.pageSize.height
        let rtl = session.preferences.progression.isRightToLeft
        func x(_ fraction: Double) -> Double { w * (rtl ? 1 - fraction : fraction) }
        let interval = 1000.0 / 60
        var t = session.now + 1000
        var times: [Double] = []
        session.handle(.pointerDown(id: 0, at: Point(x: x(0.95), y: h * 0.55)), at: t)
        func frame() {
            session.advance(to: t)
            let start = DispatchTime.now().uptimeNanoseconds
            view.draw(session.scene, on: canvas)
            canvas.present()
            canvas.sync()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        for i in 1...frames {
            t += interval
            let at = Point(x: x(0.95 - 0.85 * Double(i) / Double(frames)), y: h * 0.55 + Double(i) * 0.5)
            session.handle(.pointerMove(id: 0, at: at), at: t)
            frame()
        }
        t += interval
        session.handle(.pointerUp(id: 0, at: nil), at: t)
        var guardFrames = 0
        while !session.machine.isAtRest && guardFrames < 120 {
            t += interval
            frame()
            guardFrames += 1
        }
        return times
    }

    /// "median 5.1 ms, p95 6.0 ms, max 7.2 ms over 110 frames".
    static func summary(_ times: [Double]) -> String {
        guard !times.isEmpty else { return "no frames" }
        let sorted = times.sorted()
        func f(_ v: Double) -> String { String(Double(Int(v * 10)) / 10) }
        let median = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
        return "median \(f(median)) ms, p95 \(f(p95)) ms, max \(f(sorted.last!)) ms over \(times.count) frames"
    }
}
