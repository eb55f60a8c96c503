import Foundation
import SDLLoader
import Synchronization

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
        var folders = (ProcessInfo.processInfo.environment["LIBGL_DRIVERS_PATH"] ?? "")
            .split(separator: ":").map(String.init)
        folders += ["/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri", "/usr/lib64/dri", "/usr/lib/dri"]
        return folders.map { "\($0)/swrast_dri.so" }
    }

    /// Starts loading libSDL2, then `libGL` and the driver, in the background (once; call
    /// before `SDLRuntime.start`).
    ///
    /// libSDL2 first: the dynamic loader does one `dlopen` or `dlsym` at a time, so a driver
    /// loading while the main thread asks for SDL would keep it waiting for the whole driver
    /// (measured: SDL's 6 ms load took 30–60). Loaded here first, the main thread's own load
    /// finds it (or waits for just that), then starts SDL while the driver loads.
    public static func start() {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        Thread.detachNewThread {
            _ = pt_sdl_load()
            _ = dlopen("libGL.so.1", RTLD_NOW | RTLD_GLOBAL)
            if let driver = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                _ = dlopen(driver, RTLD_NOW | RTLD_GLOBAL)
            }
        }
    }

    private static let started = Atomic<Bool>(false)
}
