import FileWriting
import Dispatch
import FoundationEssentials
@preconcurrency import Glibc
import SDLLoader
import Synchronization
import WorkerThreads

/// Loads the system's OpenGL driver on a helper thread while SDL connects to the display.
///
/// Mesa ships its drivers as one large library (`*_dri.so`, 25 MB in Debian bookworm, every
/// name a hard link to the same file; newer Mesa links them all to one `libgallium`). Loading
/// it costs about 17 ms of relocations, on the main thread, in the middle of
/// `SDL_CreateRenderer`. Loaded here first, SDL's (Mesa's) own `dlopen` later finds it loaded.
/// Nothing depends on this: when no driver is found, or it is another one, nothing changes.
public enum GLDriverPreload {
    /// Where Debian, Fedora and Arch keep the drivers (LIBGL_DRIVERS_PATH first).
    static var candidates: [String] {
        var folders = (ProcessEnvironment.value("LIBGL_DRIVERS_PATH") ?? "")
            .split(separator: ":").map(String.init)
        folders += ["/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri", "/usr/lib64/dri", "/usr/lib/dri"]
        return folders.map { "\($0)/swrast_dri.so" }
    }

    /// Starts loading libSDL2, then `libGL` and the driver, in the background (once; call
    /// before `SDLRuntime.start`).
    ///
    /// The dynamic loader does one `dlopen`, `dlsym` or `dlclose` at a time, and the driver
    /// holds it for the whole of its 25–30 ms load. So the order matters:
    /// - libSDL2 first: loaded while the driver loads, the main thread's own load of SDL would
    ///   wait for the whole driver (measured: SDL's 6 ms load took 30–60).
    /// - Then the driver waits for `SDLRuntime.start` to have passed SDL's one use of the
    ///   loader: `SDL_Init` opens libdbus, looks up 40 symbols and (with no session bus)
    ///   closes it again, each a wait for the lock (measured: `SDL_Init` 60 ms instead of 20).
    ///   SDL's video start after it (the X connection, the input method) needs no loader, so
    ///   it runs while the driver loads. If the signal never comes (no window after all),
    ///   the driver loads after `driverWaitLimit` anyway.
    public static func start() {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        WorkerThread.start {
            _ = pt_sdl_load()
            _ = loaderFree.wait(timeout: .now() + driverWaitLimit)
            _ = dlopen("libGL.so.1", RTLD_NOW | RTLD_GLOBAL)
            if let driver = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                _ = dlopen(driver, RTLD_NOW | RTLD_GLOBAL)
                // Mesa's GLX side, which libGL (GLVND) opens at the first GLX call on the display.
                _ = dlopen("libGLX_mesa.so.0", RTLD_NOW | RTLD_GLOBAL)
            }
        }
    }

    /// Called by `SDLRuntime.start` once SDL no longer needs the dynamic loader: the driver
    /// may load now.
    static func sdlPassedTheLoader() { loaderFree.signal() }

    /// How long the driver waits for `sdlPassedTheLoader` at most.
    static let driverWaitLimit = DispatchTimeInterval.milliseconds(250)

    private static let started = Atomic<Bool>(false)
    private static let loaderFree = DispatchSemaphore(value: 0)
}
