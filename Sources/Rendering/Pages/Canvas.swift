import CSDL2
import PageTurner
import Reader

/// Where frames are drawn: an SDL renderer and its output size in physical pixels, with the
/// scale from logical pixels (what layout and gestures use) to physical ones.
///
/// Two kinds: a window's renderer (accelerated when SDL has one, with vsync), and the
/// headless one, SDL's software renderer drawing into an `SDL_Surface` in memory.
public final class Canvas {
    public let renderer: OpaquePointer
    /// The surface the software renderer draws into (headless only).
    let surface: UnsafeMutablePointer<SDL_Surface>?
    /// The window's size in logical pixels.
    public private(set) var logicalSize: Size
    /// The drawable's size in physical pixels.
    public private(set) var pixelWidth: Int
    public private(set) var pixelHeight: Int
    /// Bumped whenever the renderer is replaced: textures made before are gone.
    public private(set) var generation = 0
    /// The most physical pixels a frame may have (width × height × scale²), as
    /// `ReaderScene.maxPixels` says.
    public static let maxPixels = ReaderScene.maxPixels

    /// Whether presenting a frame waits for the screen's refresh (vsync).
    public let presentsInSync: Bool
    /// Whether SDL draws with a GPU (or what stands for one: Mesa's llvmpipe).
    public let isAccelerated: Bool
    /// How curl meshes are shaded here: tinted on a GPU, overlaid on SDL's software renderer.
    /// Tests set it to draw the GPU's way on the software renderer.
    public var meshShading: MeshShading

    /// How to shade a textured mesh on a renderer.
    public enum MeshShading: Sendable {
        /// Per-vertex colours multiply the texture in the same pass (free on a GPU, where
        /// every extra pass over the pixels costs fill rate).
        case tinted
        /// The mesh in one plain colour, its shading as separate blended black triangles
        /// (SDL's software renderer is several times slower for a textured mesh with
        /// per-vertex colours, and its textured triangles are not pixel-exact copies).
        case overlaid
    }

    /// The rows to cut the cylinder's strips into here (`CylinderCurl.rows`): 1 when meshes are
    /// tinted (a GPU). SDL 2.26's software rasterizer computes `texel × 8 × triangle area`
    /// (physical pixels) in 32 bits, so a large textured triangle (a strip the height of a big
    /// page) samples the wrong texels; rows keep every triangle under that limit with a fifth
    /// to spare (a piece of a row is at most the row's height times the page's width).
    public var cylinderRows: Int {
        guard meshShading == .overlaid else { return 1 }
        let w = Double(max(pixelWidth, 1)), h = Double(max(pixelHeight, 1))
        let rowHeight = 0.8 * Double(1 << 28) / (w * max(w, h))
        return max(1, Int((h / rowHeight).rounded(.up)))
    }

    init(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>?, logicalSize: Size) {
        self.renderer = renderer
        self.surface = surface
        self.logicalSize = logicalSize
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        pixelWidth = Int(w)
        pixelHeight = Int(h)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        isAccelerated = info.flags & SDL_RENDERER_ACCELERATED.rawValue != 0
        presentsInSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        meshShading = isAccelerated ? .tinted : .overlaid
    }

    /// A headless canvas: `width` × `height` logical pixels drawn at `scale` physical pixels
    /// each, by SDL's software renderer on a surface. Needs `SDLRuntime.start`.
    public static func offscreen(width: Int, height: Int, scale: Double = 1) throws -> Canvas {
        let pw = Int32((Double(width) * scale).rounded()), ph = Int32((Double(height) * scale).rounded())
        guard pw > 0, ph > 0, pw <= 16384, ph <= 16384 else {
            throw RenderingError("a \(width)×\(height) frame cannot be drawn (1 to 16384 pixels each way)")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, pw, ph, 32, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue)) else {
            throw RenderingError.sdl("cannot make a \(pw)×\(ph) surface")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw RenderingError.sdl("cannot make a software renderer")
        }
        return Canvas(renderer: renderer, surface: surface, logicalSize: Size(width: Double(width), height: Double(height)))
    }

    deinit {
        if surface != nil {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }
    }

    /// Physical pixels per logical pixel.
    public var scale: Double { logicalSize.width > 0 ? Double(pixelWidth) / logicalSize.width : 1 }

    /// Re-reads the output size (a window was resized); true when it changed.
    func refresh(logicalSize: Size) -> Bool {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        let changed = Int(w) != pixelWidth || Int(h) != pixelHeight || logicalSize != self.logicalSize
        pixelWidth = Int(w)
        pixelHeight = Int(h)
        self.logicalSize = logicalSize
        return changed
    }

    /// What has been drawn so far, read back from the renderer.
    public func readPixels() -> Frame {
        var pixels = [UInt32](repeating: 0, count: pixelWidth * pixelHeight)
        if let surface {
            SDL_RenderFlush(renderer)
            let pitch = Int(surface.pointee.pitch) / 4
            let src = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
            for y in 0..<pixelHeight {
                for x in 0..<pixelWidth { pixels[y * pixelWidth + x] = src[y * pitch + x] | 0xFF00_0000 }
            }
        } else {
            pixels.withUnsafeMutableBytes { buffer in
                _ = SDL_RenderReadPixels(renderer, nil, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                         buffer.baseAddress, Int32(pixelWidth * 4))
            }
            for i in pixels.indices { pixels[i] |= 0xFF00_0000 }
        }
        return Frame(width: pixelWidth, height: pixelHeight, pixels: pixels)
    }

    /// Waits until the renderer has done all it was asked (reads one pixel back).
    public func sync() {
        var pixel: UInt32 = 0
        var one = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        SDL_RenderReadPixels(renderer, &one, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue), &pixel, 4)
    }

    /// Shows the frame (a window) or finishes it (headless).
    public func present() {
        if surface != nil { SDL_RenderFlush(renderer) } else { SDL_RenderPresent(renderer) }
    }
}
