import CSDL2
import FileWriting
import FoundationEssentials
import PageTurner
import Reader

/// The reader's event loop: SDL events in, `ReaderInput`s to the session, the session's
/// scenes drawn by the `ReaderView`.
///
/// Interactive runs take time from SDL's performance counter, draw at vsync while anything
/// moves and otherwise wait for events, preparing neighbouring pages in the pauses. Scripted
/// runs (`run(script:)`) push the script's steps into SDL's own event queue, each preceded
/// by a clock event carrying its time, and handle them with the same code as real events;
/// frames tick at a fixed rate on the script's time line (`ScriptTimeline`), so a run is the
/// same every time. SIGINT and SIGTERM end either loop like a closed window (see `QuitSignal`).
public final class EventLoop {
    /// What the loop shows now: a book or the shelf (`Screen`); it changes when one asks for
    /// the other and `navigate` gives it (`EventLoop+Screens`).
    public internal(set) var screen: Screen
    public internal(set) var canvas: Canvas
    let window: Window?
    /// Gives the loop what to show next when the screen asks (a book opened from the shelf,
    /// the shelf from a book, a file dropped on the window); nil keeps the screen. Also told of
    /// what needs no new screen (a book removed from the shelf), returning nil.
    public var navigate: ((Navigation) -> Screen?)?
    /// Write every drawn frame as `frame-NNNNN.png` here.
    public var frameDirectory: String?
    public private(set) var framesDrawn = 0
    /// Called once, right after the first frame is presented (`read` traces it).
    public var onFirstFrame: (() -> Void)?
    /// Called right after the first frame of a screen the loop moved to is presented (`read`
    /// traces it: a test under Xvfb waits for it before it looks).
    public var onScreenShown: ((Screen) -> Void)?
    /// A screen was moved to and its first frame not yet presented.
    var screenChanged = false
    /// Called when the screen shown first has nothing left to prepare (its frame drawn, its
    /// neighbouring pages or the covers in view ready) and the loop waits for input, once per
    /// screen shown (`read` traces it: a test under Xvfb looks then).
    public var onSettled: (() -> Void)?
    /// The screen shown has not settled yet.
    var settlePending = true
    /// Called after each script step has been handled (tests watch the session with it).
    public var afterStep: ((ReaderScript.Step) -> Void)?
    /// Hands a link out of the book the reader agreed to open to the desktop (`read` gives it
    /// `xdg-open`); interactive runs only: a script's links are never opened.
    public var openLink: ((String) -> Void)?
    /// Frame times in ms (draw and present), interactive runs only.
    public private(set) var frameTimes: [Double] = []
    let clockEventType: UInt32
    /// A scripted run's steps as platform events (pushed through SDL's queue).
    var scriptInput = ScriptedInput()
    private var scriptTime = 0.0
    private(set) var scripted = false
    /// The pointers, keys and text input: SDL's events become the session's inputs here.
    var input = InputTranslator()
    private let start = SDL_GetPerformanceCounter()
    /// The wall-clock date at time 0 of the loop's clock: what dates the bookmarks of each
    /// book it opens (`ReaderSession.dateOrigin`).
    var dateOrigin = Date(timeIntervalSinceReferenceDate: 0)

    /// A loop on a window, showing `screen`.
    public init(_ screen: Screen, window: Window) {
        self.screen = screen
        self.window = window
        canvas = window.canvas
        clockEventType = SDL_RegisterEvents(1)
        active.handle(.resize(window.logicalSize), at: 0)
    }

    /// A headless loop drawing on `canvas` (SDL's dummy driver, software renderer), showing `screen`.
    public init(_ screen: Screen, canvas: Canvas) {
        self.screen = screen
        self.window = nil
        self.canvas = canvas
        clockEventType = SDL_RegisterEvents(1)
        active.handle(.resize(canvas.logicalSize), at: 0)
    }

    /// A loop on a window, reading a book.
    public convenience init(session: ReaderSession, view: ReaderView, window: Window) {
        self.init(.book(session, view), window: window)
    }

    /// A headless loop reading a book.
    public convenience init(session: ReaderSession, view: ReaderView, canvas: Canvas) {
        self.init(.book(session, view), canvas: canvas)
    }

    /// Milliseconds since the loop was made.
    private var clock: Double {
        Double(SDL_GetPerformanceCounter() - start) * 1000 / Double(SDL_GetPerformanceFrequency())
    }

    var now: Double { scripted ? scriptTime : clock }

    // MARK: - Interactive

    /// Runs until the reader quits (Esc, the close button, the window closed, a signal).
    public func run() {
        QuitSignal.install()
        QuitSignal.loopStarted()
        // Bookmarks made now are dated by the wall clock (time `now` on the loop's clock).
        dateOrigin = Date().addingTimeInterval(-clock / 1000)
        session?.dateOrigin = dateOrigin
        SDL_StopTextInput()
        var event = SDL_Event()
        var lastFrameStart = -1000.0
        var presentWait = 0.0  // ms a present took, averaged: whether it waits for the screen
        while true {
            if QuitSignal.requested { active.handle(.quit, at: now) }
            if active.quitRequested { break }
            if !active.isAnimating && !active.needsRedraw {
                if preload() { continue }
                if settlePending {
                    settlePending = false
                    onSettled?()
                }
                // While the full pass runs, wake every 30 ms so `advance` polls it; the frame is
                // redrawn only when it lands (or something else changes), not on every wake.
                if SDL_WaitEventTimeout(&event, session?.isLayoutExact ?? true ? 500 : 30) == 1 { process(event) }
            }
            while SDL_PollEvent(&event) == 1 { process(event) }
            for link in session?.takeLinksToOpen() ?? [] { openLink?(link) }
            // A copy goes onto the desktop's clipboard (UTF-8; SDL owns the selection for X11).
            if let text = session?.takeClipboardText() { _ = SDL_SetClipboardText(text) }
            applyResize()
            followRequests()
            syncTextInput()
            active.advance(to: now)
            if active.needsRedraw {
                // Presenting waits for the screen with vsync (at its own rate, 60 Hz or 144 Hz);
                // otherwise, or when presenting turns out not to wait (some drivers, a hidden
                // window), keep to about 60 frames a second, from one frame's start to the next.
                if !canvas.presentsInSync || presentWait < 1 {
                    let wait = 1000.0 / 60 - (clock - lastFrameStart)
                    if wait >= 1 { SDL_Delay(UInt32(wait)) }
                }
                let t0 = clock
                lastFrameStart = t0
                drawFrame()
                writeFrameIfAsked()  // before presenting: a window's back buffer is undefined after
                let p0 = clock
                canvas.present()
                if framesDrawn == 0 { firstFramePresented() }
                if screenChanged {
                    screenChanged = false
                    onScreenShown?(screen)
                }
                presentWait = 0.8 * presentWait + 0.2 * (clock - p0)
                if frameTimes.count < 100_000 { frameTimes.append(clock - t0) }
                framesDrawn += 1
            }
        }
    }

    // MARK: - Scripted

    /// Plays `script` through SDL's event queue; frames at `fps` on the script's time line.
    /// After the last step the clock runs on until nothing moves (at most `tail` ms more).
    /// On a window (a real display) a `resize` step resizes the window itself.
    public func run(script: ReaderScript, fps: Double = 60, tail: Double = 3000) throws {
        scripted = true
        QuitSignal.install()
        QuitSignal.loopStarted()
        try ScriptTimeline(script, fps: fps, tail: tail).play(on: { self.active }, skippingIdle: frameDirectory == nil, deliver: { step in
            push(step)
            var event = SDL_Event()
            while SDL_PollEvent(&event) == 1 { process(event) }
            _ = session?.takeLinksToOpen()  // a script's links are never opened
            _ = session?.takeClipboardText()  // nor its copies put on the desktop's clipboard (the summary gives them)
            applyResize()
            followRequests()
            syncTextInput()
            afterStep?(step)
        }, frame: { t in
            scriptTime = t
            while preload() {}
            drawFrame()
            try writeFrame()
            canvas.present()
            if framesDrawn == 0 { firstFramePresented() }
            framesDrawn += 1
        }, interrupted: { QuitSignal.requested })
    }

    /// The first frame is on its way to the screen: the session's held-back pass may start.
    private func firstFramePresented() {
        onFirstFrame?()
        session?.firstFrameShown()
    }

    // MARK: - SDL events

    private func process(_ e: SDL_Event) {
        let t = scripted ? now : Self.time(of: e, now: now)
        if scripted, SDLInput.isRealPointer(e) { return }
        switch e.type {
        case clockEventType:
            scriptTime = Double(Int(bitPattern: e.user.data1)) / 1000
        case SDL_WINDOWEVENT.rawValue where UInt32(e.window.event) != SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
            windowEvent(e.window, at: t)
        case SDL_KEYDOWN.rawValue where UInt32(bitPattern: e.key.keysym.sym) == SDLK_F11.rawValue:
            window?.toggleFullscreen()
        case SDL_DROPTEXT.rawValue:
            if let text = e.drop.file { SDL_free(text) }  // text dragged in: nothing to open
        case SDL_DROPFILE.rawValue:
            // A file or folder dropped on the window (its path is SDL's to free).
            guard let file = e.drop.file else { return }
            let path = SystemPath.string(UnsafeBufferPointer(start: UnsafeRawPointer(file).assumingMemoryBound(to: UInt8.self),
                                                             count: strlen(file)))
            SDL_free(file)
            go(.dropped(path))
        default:
            if let event = SDLInput.decode(e, size: canvas.logicalSize) { input.deliver(event, to: active, at: t) }
        }
    }

    /// When `e` happened on the loop's clock: `now` less how long the event waited in SDL's
    /// queue (its timestamp, ms since SDL started, against SDL's clock now). An input is
    /// judged by when the person did it, not when the loop got to it: a click whose press and
    /// release are read on either side of a slow frame is still a click, not a press held
    /// past the tap time.
    static func time(of e: SDL_Event, now: Double) -> Double {
        time(ofStamp: e.common.timestamp, ticks: SDL_GetTicks64(), now: now)
    }

    /// `now` less the age of an event stamped `stamp` (SDL's 32-bit ms, which wrap after 49
    /// days: compared within the same wrap) when SDL's clock reads `ticks`. An event without a
    /// stamp, or one older than a minute (a clock that jumped), is timed `now`.
    static func time(ofStamp stamp: UInt32, ticks: UInt64, now: Double) -> Double {
        let age = Double((ticks &- UInt64(stamp)) & 0xFFFF_FFFF)
        guard stamp != 0, age < 60_000 else { return now }
        return now - age
    }

    /// Set by a window's size events; `applyResize` acts on the last one.
    private var resizePending = false

    /// Lays out for the window's size now, once for all the size events just read.
    private func applyResize() {
        guard resizePending, let window else { return }
        resizePending = false
        _ = window.refreshSize()
        active.handle(.resize(window.logicalSize), at: now)
    }

    private func windowEvent(_ w: SDL_WindowEvent, at t: Double) {
        switch UInt32(w.event) {
        case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
            if window != nil {
                // A window dragged to a new size queues many of these: only the last counts.
                resizePending = true
            } else if let resized = try? Canvas.offscreen(width: Int(w.data1), height: Int(w.data2), scale: canvas.scale) {
                canvas = resized
                active.handle(.resize(resized.logicalSize), at: t)
            }
        case SDL_WINDOWEVENT_EXPOSED.rawValue:
            active.needsRedraw = true
        default:
            break
        }
    }

    /// Turns SDL's text input on while a field is open (off, keys would also type).
    private func syncTextInput() {
        guard let on = input.syncTextInput(fieldOpen: active.wantsTextInput) else { return }
        if on { SDL_StartTextInput() } else { SDL_StopTextInput() }
    }

    private func writeFrameIfAsked() { try? writeFrame() }

    private func writeFrame() throws {
        guard let dir = frameDirectory else { return }
        try PNGWriter.write(canvas.readPixels(), named: "frame-" + String(repeating: "0", count: max(0, 5 - String(framesDrawn).count)) + String(framesDrawn) + ".png", in: dir)
    }
}
