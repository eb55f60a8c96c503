/// A script played on its own time line: frames tick at a fixed rate, each step is delivered at
/// its time, and after the last step the clock runs on until nothing moves (at most `tail` ms
/// more). While nothing moves the clock skips to the last frame before the next step, as
/// `simulate` skips idle time (unless every frame is written to a file): a `tick @1000000`
/// costs two frames, not sixty thousand. The
/// same run every time, whatever the machine's speed. The window's event loop plays
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
    /// (`frame(t)`, the session advanced to `t` first; while nothing moves, only the last of
    /// them); then `deliver(step)`. Stops early, within a frame, when the session quits or
    /// `interrupted()` says so. Returns the number of frames.
    ///
    /// With `skippingIdle` false every frame is drawn, idle or not: for frames written to
    /// files, whose count is the run's time.
    @discardableResult
    public func play(on session: ReaderSession, skippingIdle: Bool = true, deliver: (ReaderScript.Step) throws -> Void,
                     frame: (Double) throws -> Void, interrupted: () -> Bool = { false }) rethrows -> Int {
        try play(on: { session }, skippingIdle: skippingIdle, deliver: deliver, frame: frame, interrupted: interrupted)
    }

    /// The same on whichever screen `current` gives at each moment: the book, or the shelf a
    /// step led to (and back).
    @discardableResult
    public func play(on current: () -> any ReaderScreen, skippingIdle: Bool = true, deliver: (ReaderScript.Step) throws -> Void,
                     frame: (Double) throws -> Void, interrupted: () -> Bool = { false }) rethrows -> Int {
        var session: any ReaderScreen { current() }
        var tick = 0, drawn = 0
        func nextFrame() throws {
            let t = Double(tick) * interval
            session.advance(to: t)
            try frame(t)
            tick += 1
            drawn += 1
        }
        steps: for step in script.steps {
            while Double(tick) * interval < step.time {
                if session.quitRequested || interrupted() { break steps }
                if skippingIdle && tick > 0 && !session.isAnimating && !session.needsRedraw {
                    // Idle: on to the last frame before the step (the session's deadlines in
                    // between are met by advancing it there).
                    tick = max(tick, Int(min(step.time / interval, 1e15).rounded(.up)) - 1)
                }
                try nextFrame()
            }
            try deliver(step)
            if session.quitRequested || interrupted() { break }
        }
        let end = (script.steps.last?.time ?? 0) + tail
        while !session.quitRequested, !interrupted(), session.isAnimating || session.needsRedraw,
              Double(tick) * interval <= end {
            try nextFrame()
        }
        if tick == 0 || session.needsRedraw { try nextFrame() }
        return drawn
    }
}
