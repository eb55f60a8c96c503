/// A script played on its own time line: frames tick at a fixed rate, each step is delivered at
/// its time, and after the last step the clock runs on until nothing moves (at most `tail` ms
/// more). The same run every time, whatever the machine's speed. The window's event loop plays
/// scripts with it (delivering steps through SDL's event queue), and so does `ScriptedInput`
/// (delivering them straight to a session, for tests without a window).
public struct ScriptTimeline {
    public var script: ReaderScript
    /// Time between frames, in ms.
    public var interval: Double
    /// How long the clock may run on after the last step, in ms.
    public var tail: Double

    public init(_ script: ReaderScript, fps: Double = 60, tail: Double = 3000) {
        self.script = script
        interval = 1000 / max(fps, 1)
        self.tail = tail
    }

    /// Plays the script on `session`: before each step, the frames due by its time
    /// (`frame(t)`, the session advanced to `t` first); then `deliver(step)`. Stops early when
    /// the session quits or `interrupted()` says so. Returns the number of frames.
    @discardableResult
    public func play(on session: ReaderSession, deliver: (ReaderScript.Step) throws -> Void,
                     frame: (Double) throws -> Void, interrupted: () -> Bool = { false }) rethrows -> Int {
        var tick = 0
        func nextFrame() throws {
            let t = Double(tick) * interval
            session.advance(to: t)
            try frame(t)
            tick += 1
        }
        for step in script.steps {
            while Double(tick) * interval < step.time { try nextFrame() }
            try deliver(step)
            if session.quitRequested || interrupted() { break }
        }
        let end = (script.steps.last?.time ?? 0) + tail
        while !session.quitRequested, !interrupted(), session.isAnimating || session.needsRedraw,
              Double(tick) * interval <= end {
            try nextFrame()
        }
        if tick == 0 || session.needsRedraw { try nextFrame() }
        return tick
    }
}
