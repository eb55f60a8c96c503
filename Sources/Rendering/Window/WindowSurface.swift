@preconcurrency import Glibc
import CSDL2
import Reader

/// A window's own pixels before it has a renderer: SDL's window surface (on X11 an image in
/// memory shared with the server). The reader shows its first picture here, the page composed
/// on the loading thread, while the GL renderer is not made yet: making it and its first
/// present (Mesa compiling its shaders) cost 25–30 ms that a reader would otherwise wait
/// before seeing the page. The renderer's first frame then draws the same picture over it.
public struct WindowSurface {
    let window: OpaquePointer

    /// Fills the window with `color` and shows it (the empty page while the book loads).
    @discardableResult
    public func show(_ color: RGB) -> Bool {
        guard let surface = SDL_GetWindowSurface(window), Self.isXRGB(surface) else { return false }
        Self.prefault(surface)
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            UnsafeMutableRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self).update(repeating: color.argb, count: w)
        }
        return SDL_UpdateWindowSurface(window) == 0
    }

    /// Shows `frame` when it is the window's size in pixels; false (nothing shown) otherwise.
    @discardableResult
    public func show(_ frame: Frame) -> Bool {
        guard let surface = SDL_GetWindowSurface(window), Self.isXRGB(surface),
              Int(surface.pointee.w) == frame.width, Int(surface.pointee.h) == frame.height else { return false }
        Self.prefault(surface)
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        frame.pixels.withUnsafeBufferPointer { source in
            for y in 0..<frame.height {
                UnsafeMutableRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
                    .update(from: source.baseAddress! + y * frame.width, count: frame.width)
            }
        }
        return SDL_UpdateWindowSurface(window) == 0
    }

    /// Makes the surface's pages present in one system call (`MADV_POPULATE_WRITE`, Linux 5.14)
    /// instead of a page fault per 4 KiB at the first write: on X11 they are a fresh shared
    /// memory segment, 4 MB for a 900×1100 window (measured: the first fill 3.7–4.4 ms with its
    /// faults, 2.2–2.7 ms with this call first). Where the kernel lacks the call, nothing changes.
    private static func prefault(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let pixels = surface.pointee.pixels else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = Int(bitPattern: pixels) & ~(page - 1)
        let end = Int(bitPattern: pixels) + Int(surface.pointee.pitch) * Int(surface.pointee.h)
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_POPULATE_WRITE)
    }

    /// Whether the surface's pixels are 32-bit words 0x??RRGGBB, as ours are.
    private static func isXRGB(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard let format = surface.pointee.format?.pointee, format.BytesPerPixel == 4 else { return false }
        return format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00 && format.Bmask == 0x0000_00FF
    }
}
