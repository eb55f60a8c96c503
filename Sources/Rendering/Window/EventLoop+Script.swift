import CSDL2
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PageTurner
import Reader

extension EventLoop {
    /// Pushes a script step into SDL's event queue as the events a person would cause
    /// (`ScriptedInput.events(for:pageSize:)`, encoded by `SDLInput`), after a clock event
    /// with the step's time. On a real window a `resize` step resizes the window itself (the
    /// display then reports the new size).
    func push(_ step: ReaderScript.Step) {
        var clock = SDL_Event()
        clock.type = clockEventType
        clock.user.data1 = UnsafeMutableRawPointer(bitPattern: Int((step.time * 1000).rounded()))
        SDL_PushEvent(&clock)
        if case .drop(let path) = step.action {
            // As SDL reports a drop: the path in memory SDL frees.
            var drop = SDL_Event()
            drop.type = SDL_DROPFILE.rawValue
            drop.drop.file = strdup(path)
            SDL_PushEvent(&drop)
        }
        let size = canvas.logicalSize
        for event in scriptInput.events(for: step, pageSize: size) {
            if case .resize(let to) = event, let window {
                window.resize(width: Int(to.width), height: Int(to.height))
                continue
            }
            for var e in SDLInput.encode(event, size: size) { SDL_PushEvent(&e) }
        }
    }
}
