import CSDL2
import FileWriting
import FoundationEssentials
@preconcurrency import Glibc
import SDLLoader
import Synchronization

/// An error from SDL or the renderer, worded for a person: one line.
public struct RenderingError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// `what: SDL's last error`.
    static func sdl(_ what: String) -> RenderingError { RenderingError("\(what): \(String(cString: pt_sdl_error()))") }
}

/// Starting SDL's video subsystem, once per process.
///
/// Headless runs (tests, `pageturn render`, `read --headless`) ask SDL for its `dummy` video
/// driver (a hint that overrides `SDL_VIDEODRIVER`, unless that names `dummy` or
/// `offscreen`): they need SDL's event queue and software renderer, never a display. SDL is
/// then used from one thread at a time (tests that render run serialized).
public enum SDLRuntime {
    private static let started = Mutex<String?>(nil)

    /// Whether the environment names a display ($DISPLAY or $WAYLAND_DISPLAY).
    public static var environmentHasDisplay: Bool {
        let env = ProcessEnvironment.values(["DISPLAY", "WAYLAND_DISPLAY"])
        return !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Starts SDL's video on a real driver (`headless == false`) or the dummy one. Returns the
    /// driver's name. A second call returns the first call's driver. For a real window, a
    /// driver in `noDisplayDrivers` is an error (SDL's video is stopped again, so a later
    /// headless start works).
    @discardableResult
    public static func start(headless: Bool) throws -> String {
        try started.withLock { driver -> String in
            if let driver { return driver }
            let env = ProcessEnvironment.values(["SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"])
            // libSDL2 is loaded here, on the first start (SDLLoader), not when the process starts.
            if let why = pt_sdl_load() { throw RenderingError("cannot load SDL 2: \(String(cString: why))") }
            // The driver as a hint, not in the environment: other threads are running (the
            // book's loader, the GL driver's), and setenv may free the environment under them.
            if headless {
                let current = env["SDL_VIDEODRIVER"] ?? ""
                if current != "dummy" && current != "offscreen" { SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "dummy", SDL_HINT_OVERRIDE) }
            } else if (env["SDL_VIDEODRIVER"] ?? "").isEmpty {
                // Only the display the environment names: SDL would otherwise go on to the
                // others when it cannot reach it (Wayland's library complaining on stderr
                // about XDG_RUNTIME_DIR), and end on one that shows nothing.
                let x11 = !(env["DISPLAY"] ?? "").isEmpty, wayland = !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
                if x11 != wayland { SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, x11 ? "x11" : "wayland", SDL_HINT_OVERRIDE) }
            }
            // Window titles (a book's, with its dash and its own script) reach X as UTF-8 only
            // when the character type is: SDL converts them with Xlib in the process's locale,
            // and in the C locale leaves _NET_WM_NAME as it was. The rest of the locale (numbers,
            // messages) is left as it is.
            if !headless { UTF8Locale.adopt() }
            // Our own SIGINT/SIGTERM handlers (QuitSignal) decide what a signal does.
            SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
            SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
            // Events first: that is where SDL opens (and, with no session bus, closes) D-Bus,
            // its one use of the dynamic loader; the GL driver then loads while video starts
            // (`GLDriverPreload`).
            let eventsStarted = SDL_Init(SDL_INIT_EVENTS) == 0
            GLDriverPreload.sdlPassedTheLoader()
            guard eventsStarted else { throw RenderingError.sdl("SDL cannot start") }
            guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
                let display = headless ? nil : [env["DISPLAY"], env["WAYLAND_DISPLAY"]].compactMap { $0 }.first { !$0.isEmpty }
                throw RenderingError.sdl(display.map { "SDL cannot open the display \($0)" } ?? "SDL cannot start video")
            }
            let name = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
            if !headless && noDisplayDrivers.contains(name) {
                // SDL found no display it can use and fell back to a driver that shows nothing
                // (Debian's SDL2 picks `offscreen` when $DISPLAY names an unreachable server): a
                // window there would run forever invisibly. Stop and let the caller go headless.
                SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
                throw RenderingError("SDL fell back to its \(name) video driver, which shows nothing")
            }
            driver = name
            return name
        }
    }

    /// Video drivers that show nothing on screen: a real window on one of them is no window.
    public static let noDisplayDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// The driver SDL runs on, if started.
    public static var driver: String? { started.withLock { $0 } }
}

/// SIGINT, SIGTERM and SIGHUP set a flag the event loop checks once per iteration (a signal handler
/// may do little else safely); the loop then saves and quits like a closed window.
///
/// Before the loop runs (the book opening, its first page laid out) there is no reading to
/// save, and nothing would look at the flag until the work ends: a signal then ends the process
/// at once by its default action (raised again once the handler returns), as it ends
/// `paginate` and `render`. So does a second signal once the loop runs, if the first one's
/// quit has not ended it.
public enum QuitSignal {
    private static let flag = Atomic<Bool>(false)
    private static let looping = Atomic<Bool>(false)

    /// Installs the handlers (idempotent).
    public static func install() {
        // The globals made now, not first in a handler (making one takes a lock).
        _ = flag.load(ordering: .relaxed)
        _ = looping.load(ordering: .relaxed)
        // SIGHUP: the terminal the reader was started from closing. A signal the reader was
        // started with ignored (`nohup`, a background job) stays ignored.
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(sig) { sig in
                if !QuitSignal.looping.load(ordering: .relaxed) || QuitSignal.flag.load(ordering: .relaxed) {
                    // Blocked while its handler runs: delivered, with its default action, after.
                    signal(sig, SIG_DFL)
                    raise(sig)
                    return
                }
                QuitSignal.flag.store(true, ordering: .relaxed)
            }
            if let previous, unsafeBitCast(previous, to: Int.self) == 1 /* SIG_IGN */ { signal(sig, previous) }
        }
    }

    /// The event loop runs, and checks the flag from now on: a signal asks it to save and quit.
    public static func loopStarted() {
        looping.store(true, ordering: .relaxed)
    }

    /// Whether a signal asked to quit.
    public static var requested: Bool { flag.load(ordering: .relaxed) }
}

/// The character type (LC_CTYPE) of the person's locale, or C.UTF-8 where that is the C
/// locale, for Xlib's text conversions.
enum UTF8Locale {
    static func adopt() {
        guard let chosen = setlocale(LC_CTYPE, ""), String(cString: chosen).uppercased().contains("UTF") == false else { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
}
