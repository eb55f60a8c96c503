import CSDL2
import PageTurner
import Reader

/// The reader's window: resizable, HiDPI-aware (frames are drawn at the drawable's size),
/// with SDL's accelerated renderer and vsync when there is one, the software one otherwise.
public final class Window {
    let window: OpaquePointer
    public let canvas: Canvas
    public private(set) var isFullscreen = false
    /// The renderer's name ("opengl", "software", …).
    public let rendererName: String

    /// `width` × `height` shrunk (keeping its shape) to fit the screen's usable area.
    /// Needs `SDLRuntime.start(headless: false)`.
    public static func fittedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        var w = width, h = height
        var usable = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            let fit = min(1, Double(usable.w) * 0.95 / Double(w), Double(usable.h) * 0.92 / Double(h))
            w = max(200, Int(Double(w) * fit))
            h = max(200, Int(Double(h) * fit))
        }
        return (w, h)
    }

    /// Opens a window of `width` × `height` logical pixels, shrunk (keeping its shape) to fit
    /// the screen's usable area. Needs `SDLRuntime.start(headless: false)`.
    /// `vsync: false` lets frames go as fast as they draw (benchmarks measure the drawing).
    ///
    /// `firstPicture`, when given, is called once the window exists and before its renderer is
    /// made, to show a first picture on the window's own surface (`WindowSurface`).
    /// `place`, when given (where the window was on this display: `frame`), puts it there at
    /// that size instead, as far as it fits the display.
    public init(title: String, width: Int = 900, height: Int = 1200, software: Bool = false, vsync: Bool = true,
                place: Frame? = nil, firstPicture: ((WindowSurface) -> Void)? = nil) throws {
        var (w, h) = Self.fittedSize(width: width, height: height)
        var x = pt_sdl_windowpos_centered(), y = pt_sdl_windowpos_centered()
        if let place = place.flatMap(Self.fitted) {
            (x, y, w, h) = (Int32(clamping: place.x), Int32(clamping: place.y), min(max(place.width, 240), 16_384), min(max(place.height, 240), 16_384))
        }
        // An OpenGL window from the start: SDL's GL renderer would otherwise destroy the window
        // just made and make it again with a GL visual (measured: ~10 ms of a launch).
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | (software ? 0 : SDL_WINDOW_OPENGL.rawValue)
        // Without GL (no GLX visual), a plain window for the software renderer.
        guard let window = SDL_CreateWindow(title, x, y, Int32(w), Int32(h), flags)
            ?? SDL_CreateWindow(title, x, y, Int32(w), Int32(h), flags & ~SDL_WINDOW_OPENGL.rawValue) else {
            throw RenderingError.sdl("cannot open a window")
        }
        SDL_SetWindowMinimumSize(window, 240, 240)
        if let firstPicture {
            // The window's own pixels, not a texture of a renderer SDL would make for them.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            firstPicture(WindowSurface(window: window))
        }
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, vsync ? "1" : "0")
        var renderer: OpaquePointer? = nil
        if !software {
            let flags = SDL_RENDERER_ACCELERATED.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
            renderer = SDL_CreateRenderer(window, -1, flags)
        }
        if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let renderer else {
            SDL_DestroyWindow(window)
            throw RenderingError.sdl("cannot make a renderer for the window")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = info.name.map { String(cString: $0) } ?? "unknown"
        self.window = window
        var lw: Int32 = 0, lh: Int32 = 0
        SDL_GetWindowSize(window, &lw, &lh)
        canvas = Canvas(renderer: renderer, surface: nil, logicalSize: Size(width: Double(lw), height: Double(lh)))
    }

    deinit {
        SDL_DestroyRenderer(canvas.renderer)
        SDL_DestroyWindow(window)
    }

    /// The window's size in logical pixels now.
    public var logicalSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    /// After a resize event: re-reads the sizes; true when they changed.
    public func refreshSize() -> Bool { canvas.refresh(logicalSize: logicalSize) }

    /// F11: full screen (at the desktop's size) and back.
    public func toggleFullscreen() {
        isFullscreen.toggle()
        SDL_SetWindowFullscreen(window, isFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
    }

    public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Asks for a new size in logical pixels and waits (up to a second) until the display has
    /// applied it; its size event is then in SDL's queue. For scripted runs in a window.
    public func resize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(width), Int32(height))
        let deadline = SDL_GetTicks64() + 1000
        while logicalSize != Size(width: Double(width), height: Double(height)), SDL_GetTicks64() < deadline {
            SDL_PumpEvents()
            SDL_Delay(1)
        }
    }
}
