import Dispatch
import FileWriting
import FoundationEssentials

/// With `PAGETURN_TRACE` set, prints on standard error how long each step of opening the
/// reader took, in ms since `main` started (a process's start-up before `main` is not seen).
enum LaunchTrace {
    static let enabled = ProcessEnvironment.value("PAGETURN_TRACE") != nil
    nonisolated(unsafe) static var origin = DispatchTime.now().uptimeNanoseconds

    /// Starts the clock (call first thing in `main`).
    static func begin() {
        if enabled { origin = DispatchTime.now().uptimeNanoseconds }
    }

    static func mark(_ step: @autoclosure () -> String) {
        guard enabled else { return }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e6
        StandardError.write(cFormat("trace %7.1f ms  ", ms) + step() + "\n")
    }
}
