import CSDL2
import SDLLoader

extension Window {
    /// A window's place on a display: its top-left corner and its size, in the display's
    /// logical pixels, and the display's name as SDL gives it with its size (`Built-in 1920×1080`).
    public struct Frame: Sendable, Equatable {
        public var display: String
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(display: String, x: Int, y: Int, width: Int, height: Int) {
            self.display = display
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The name of the display a new window opens on (SDL's first) with its size; nil when
    /// SDL cannot say. Needs `SDLRuntime.start(headless: false)`.
    public static var firstDisplay: String? { displayName(0) }

    static func displayName(_ index: Int32) -> String? {
        var bounds = SDL_Rect()
        guard index >= 0, SDL_GetDisplayBounds(index, &bounds) == 0 else { return nil }
        let name = SDL_GetDisplayName(index).map { String(cString: $0) } ?? "display \(index)"
        return "\(name) \(bounds.w)×\(bounds.h)"
    }

    /// Where the window is now; nil in full screen (a full-screen window is not a place to
    /// come back to) or when SDL cannot say.
    public var frame: Frame? {
        guard !isFullscreen, let display = Self.displayName(SDL_GetWindowDisplayIndex(window)) else { return nil }
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GetWindowSize(window, &w, &h)
        return Frame(display: display, x: Int(x), y: Int(y), width: Int(w), height: Int(h))
    }

    /// `place` kept within the first display's usable area (a window remembered on a larger
    /// screen, or partly off it, comes back whole); nil when it is for another display.
    public static func fitted(_ place: Frame) -> Frame? {
        guard place.display == firstDisplay else { return nil }
        var usable = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 else { return place }
        var p = place
        p.width = max(240, min(p.width, Int(usable.w)))
        p.height = max(240, min(p.height, Int(usable.h)))
        p.x = min(max(p.x, Int(usable.x)), Int(usable.x + usable.w) - p.width)
        p.y = min(max(p.y, Int(usable.y)), Int(usable.y + usable.h) - p.height)
        return p
    }
}
