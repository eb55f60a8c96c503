import FileWriting
import FoundationEssentials
import Rendering

/// Starts loading SDL and the GL driver (`GLDriverPreload`) before the command line is
/// parsed, when it asks for a reader window: parsing takes 3–7 ms of a launch, and SDL and
/// the driver, 35 ms of loading, are what the window waits for. A guess from the raw
/// arguments: when it is wrong (the command then fails or needs no window), the loading
/// thread has only cost some background work. Before that thread starts, it points Xlib's
/// compose-table cache at PageTurn's cache folder (`ComposeCache`, an environment variable).
enum EarlyPreload {
    /// Whether `arguments` (without the program's name) look like `read` in a window, with a
    /// display named in `environment`.
    static func wantsWindow(_ arguments: [String], environment: [String: String]) -> Bool {
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard hasDisplay, let command = arguments.first else { return false }
        let options = arguments.dropFirst()
        if options.contains(where: { ["--help", "-h", "--software", "--headless"].contains($0) }) { return false }
        guard command == "read" else { return false }
        let scripted = options.contains { $0 == "--script" || $0.hasPrefix("--script=") }
        return !scripted || options.contains("--window")
    }

    /// Prepares the compose cache and starts the preload when `wantsWindow` says so.
    static func startIfWindowLikely() {
        if wantsWindow(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.values(["DISPLAY", "WAYLAND_DISPLAY"])) {
            ComposeCache.prepare()
            GLDriverPreload.start()
        }
    }
}
