import Pagination

/// A software glyph atlas: one 8-bit coverage bitmap holding the glyphs of a `FontSet` at
/// one pixel size, rasterized with FreeType on first use, for a renderer to upload as a
/// single-channel texture.
///
/// Use, once per frame (on one thread; the atlas is not `Sendable`):
///
///     atlas.beginFrame()
///     let moves = atlas.relocationCount
///     for each character: let g = atlas.glyph(for: scalar)   // a quad unless g.isBlank
///     if atlas.relocationCount != moves { build the quads again (all cached now) }  // rare
///     if atlas.generation != uploadedGeneration {
///         upload atlas.dirtyRect (all of `pixels` if width/height changed); atlas.clearDirty()
///         uploadedGeneration = atlas.generation
///     }
///
/// Coordinates are in atlas pixels; divide by the *current* `width`/`height` for texture
/// coordinates (the atlas may grow while a frame is built, and glyphs keep their pixel
/// positions when it does).
///
/// Room: glyphs are packed on shelves (`ShelfPacker`) with a 1-pixel empty border around
/// each (so bilinear sampling never bleeds a neighbour in). When the bitmap is full it
/// doubles its width or height, up to `maximumSize`; when it is at its maximum it evicts
/// the least recently used glyphs that were not used in the current frame, in batches of
/// about a quarter of its area, without moving the others. Only when the current frame's
/// glyphs alone fill the atlas are they repacked (moved: `relocationCount` goes up) or, as
/// a last resort, dropped.
///
/// Which glyph: the primary face's if it maps the character, else the first fallback's that
/// does (the CJK face, then the other scripts' faces: `FontSet.fallbacks`), else a visible
/// hollow box (`MissingGlyphBox`). The advance is always the `AdvanceTable`'s for
/// the same set and size, so drawing matches the layout.
public final class GlyphAtlas {
    /// The faces glyphs come from.
    public let fonts: FontSet
    /// Pixels per em the glyphs are rasterized at.
    public let pixelSize: Float
    /// The largest width and height the bitmap may grow to.
    public let maximumSize: Int
    /// How outlines are fitted to the pixel grid.
    public let hinting: GlyphHinting
    /// The advances glyphs report: the characters' advances for these fonts at this size (the
    /// layout's own table, when the caller gives it).
    public let advances: AdvanceTable

    /// Width of the bitmap in pixels.
    public private(set) var width: Int
    /// Height of the bitmap in pixels.
    public private(set) var height: Int
    /// 8-bit coverage, row-major, `width * height` bytes, 0 outside glyphs.
    ///
    /// Read it to upload and let go of it: a copy kept alive while the atlas adds a glyph
    /// makes the atlas copy the whole bitmap (copy-on-write). `withUnsafePixels` avoids that.
    public private(set) var pixels: [UInt8]
    /// Goes up whenever `pixels` change: a glyph added, the bitmap grown, glyphs evicted.
    /// A renderer re-uploads when it differs from the generation it uploaded last.
    public internal(set) var generation = 0
    /// The region whose pixels changed since the last `clearDirty()` (the whole bitmap after
    /// it grew or was repacked), or nil when nothing changed.
    public internal(set) var dirtyRect: (x: Int, y: Int, width: Int, height: Int)?
    /// How many times the atlas had to evict glyphs to make room.
    public internal(set) var evictionCount = 0
    /// How many times glyphs used in the current frame had to move or be dropped (the
    /// frame's glyphs alone filled the atlas). When it changes while a frame is built,
    /// rectangles returned earlier in that frame are stale: ask for them again.
    public internal(set) var relocationCount = 0
    /// How many glyphs were rasterized (a cached lookup does not count); for tests and
    /// statistics.
    public internal(set) var rasterizationCount = 0
    /// How many glyphs currently have pixels in the atlas.
    public internal(set) var residentGlyphCount = 0

    // The three properties a cached lookup touches skip the runtime exclusivity checks,
    // which otherwise cost more than the lookup itself (two `swift_beginAccess` calls); no
    // code path here accesses one of them while another access to it is in progress.

    /// Scalar → slot, for every character asked for and not evicted since.
    @exclusivity(unchecked) var table = ScalarSlotTable()
    /// What is known of each character asked for; evicted slots are reused.
    @exclusivity(unchecked) var slots: [GlyphSlot] = []
    /// Slots no character uses.
    var freeSlots: [Int32] = []
    /// Placement inside the 1-pixel border: the packer's (0, 0) is the atlas's (1, 1).
    var packer: ShelfPacker
    /// The current frame number; a slot whose `lastUsed` equals it is in use.
    @exclusivity(unchecked) var frame = 1
    /// The frame in which the current frame's glyphs were last repacked (moved).
    var lastRepackFrame = 0
    /// The bitmap FreeType's output is copied into before it is placed.
    private var scratch = GlyphBitmap()
    private var primaryScale = FaceScale()
    /// The set's faces after the primary (`fonts.fallbacks`, then the italic), and one scale
    /// each: glyph runs name them by index.
    private let fallbackFaces: [FontFace]
    private var fallbackScales: [FaceScale]

    /// An empty atlas for `fonts` at `pixelSize` pixels per em.
    ///
    /// - Parameters:
    ///   - initialSize: the bitmap's starting width and height (clamped to 1…`maximumSize`).
    ///   - maximumSize: the largest width and height it may grow to (clamped to 1…16384);
    ///     a glyph larger than that has an empty rectangle.
    ///   - hinting: `.none` (default) or `.light`.
    ///   - advances: the advance table for `fonts` at `pixelSize`, if the caller already has
    ///     it; otherwise the characters' advances are read here (`characterAdvanceTable`: the
    ///     atlas needs none of the shortcuts for shaped text).
    /// - Precondition: `pixelSize` is positive and finite; `advances`, when given, is for it.
    public init(
        fonts: FontSet, pixelSize: Float, initialSize: Int = 512, maximumSize: Int = 4096,
        hinting: GlyphHinting = .none, advances: AdvanceTable? = nil
    ) {
        precondition(pixelSize > 0 && pixelSize.isFinite, "pixel size must be positive: \(pixelSize)")
        precondition(advances == nil || advances?.pixelSize == pixelSize, "advance table is for another size")
        self.fonts = fonts
        self.fallbackFaces = Array(fonts.faces.dropFirst())
        self.fallbackScales = fonts.faces.dropFirst().map { _ in FaceScale() }
        self.pixelSize = pixelSize
        self.hinting = hinting
        self.advances = advances ?? fonts.characterAdvanceTable(pixelSize: pixelSize)
        let maximum = min(max(maximumSize, 1), 16384)
        let initial = min(max(initialSize, 1), maximum)
        self.maximumSize = maximum
        self.width = initial
        self.height = initial
        self.pixels = [UInt8](repeating: 0, count: initial * initial)
        self.packer = ShelfPacker(width: initial - 1, height: initial - 1)
    }

    // MARK: Glyphs

    /// The glyph of `scalar`: looked up (a few nanoseconds) or, on first use, rasterized and
    /// placed. Marks it used in the current frame. Never fails: a character no face has gets
    /// a box, one too large for the atlas an empty rectangle, any `UInt32` is accepted.
    @inline(__always)
    public func glyph(for scalar: UInt32) -> AtlasGlyph {
        let slot = table.slot(for: scalar)
        if slot >= 0 {
            slots[Int(slot)].lastUsed = frame
            return slots[Int(slot)].glyph
        }
        return insertGlyph(for: scalar)
    }

    /// Glyph `id` of face `face` of the set (0 the primary face, then `FontSet.fallbacks`, then
    /// the italic, as `GlyphRun.font` names them), as a shaper gave it: looked up or, on first use,
    /// rasterized and placed. Its advance is 0 (the layout has placed it). A face the set
    /// does not have, or past `ScalarSlotTable.faceLimit`, gives a blank glyph.
    @inline(__always)
    public func glyph(face: Int, id: UInt32) -> AtlasGlyph {
        guard face >= 0 && face < min(fallbackFaces.count + 1, ScalarSlotTable.faceLimit) && id < 0x10000 else {
            return .blank(advance: 0)
        }
        let key = ScalarSlotTable.glyphKey(face: face, glyph: id)
        let slot = table.slot(forKey: key)
        if slot >= 0 {
            slots[Int(slot)].lastUsed = frame
            return slots[Int(slot)].glyph
        }
        let maximumSide = maximumSize - 2
        var outcome: RasterOutcome
        if face == 0 {
            outcome = fonts.primary.rasterize(glyph: id, pixelSize: pixelSize, hinting: hinting, maximumSide: maximumSide,
                                              scale: &primaryScale, into: &scratch)
        } else {
            outcome = fallbackFaces[face - 1].rasterize(
                glyph: id, pixelSize: pixelSize, hinting: hinting, maximumSide: maximumSide,
                scale: &fallbackScales[face - 1], into: &scratch)
        }
        return record(outcome, key: key, advance: 0)
    }

    /// Starts a new frame: from now on only glyphs asked for after this call count as in use
    /// (never evicted to make room for others while the frame is drawn).
    public func beginFrame() {
        frame += 1
    }

    /// Forgets the changed region (after the renderer uploaded it).
    public func clearDirty() {
        dirtyRect = nil
    }

    /// Runs `body` with the coverage bytes (`width * height`, row-major) without copying.
    public func withUnsafePixels<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeBufferPointer(body)
    }

    /// Rasterizes `scalar`, places it and records it.
    private func insertGlyph(for scalar: UInt32) -> AtlasGlyph {
        let advance = advances.advance(of: scalar)
        let maximumSide = maximumSize - 2  // a 1-pixel border on each side
        var outcome = fonts.primary.rasterize(
            scalar: scalar, pixelSize: pixelSize, hinting: hinting, maximumSide: maximumSide,
            scale: &primaryScale, into: &scratch)
        for (k, face) in fallbackFaces.prefix(fonts.fallbacks.count).enumerated() where outcome == .missing {
            outcome = face.rasterize(
                scalar: scalar, pixelSize: pixelSize, hinting: hinting, maximumSide: maximumSide,
                scale: &fallbackScales[k], into: &scratch)
        }
        if outcome == .missing || outcome == .failed {
            let drawn = MissingGlyphBox.draw(
                advance: advance, pixelSize: pixelSize, maximumSide: maximumSide, into: &scratch)
            outcome = drawn ? .rendered : .tooLarge
        }
        return record(outcome, key: ScalarSlotTable.key(scalar), advance: advance)
    }

    /// Places what was rasterized into `scratch` (when `outcome` is `.rendered`) and records
    /// it under `key`.
    private func record(_ outcome: RasterOutcome, key: UInt32, advance: Float) -> AtlasGlyph {
        rasterizationCount += 1
        var glyph = AtlasGlyph.blank(advance: advance)
        var resident = false
        if outcome == .rendered, scratch.hasInk, let spot = place(width: scratch.width, height: scratch.height) {
            copyScratch(toX: spot.x, y: spot.y)
            glyph = AtlasGlyph(
                x: Int32(spot.x), y: Int32(spot.y), width: Int32(scratch.width), height: Int32(scratch.height),
                bearingX: Float(scratch.left), bearingY: Float(scratch.top), advance: advance)
            resident = true
            residentGlyphCount += 1
        }
        let slot = GlyphSlot(glyph: glyph, scalar: key, lastUsed: frame, resident: resident)
        let index: Int32
        if let reused = freeSlots.popLast() {
            index = reused
            slots[Int(reused)] = slot
        } else {
            index = Int32(slots.count)
            slots.append(slot)
        }
        table.set(index, forKey: key)
        return glyph
    }

    /// Copies the scratch bitmap into the atlas with its top-left at (`x`, `y`).
    private func copyScratch(toX x: Int, y: Int) {
        let rowLength = scratch.width, rows = scratch.height, stride = width
        pixels.withUnsafeMutableBufferPointer { out in
            scratch.pixels.withUnsafeBufferPointer { source in
                for row in 0..<rows {
                    (out.baseAddress! + (y + row) * stride + x)
                        .update(from: source.baseAddress! + row * rowLength, count: rowLength)
                }
            }
        }
        markDirty(x: x, y: y, width: rowLength, height: rows)
        generation += 1
    }

    /// Adds a region to `dirtyRect`.
    func markDirty(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        guard let old = dirtyRect else {
            dirtyRect = (x, y, width, height)
            return
        }
        let left = min(old.x, x), top = min(old.y, y)
        let right = max(old.x + old.width, x + width), bottom = max(old.y + old.height, y + height)
        dirtyRect = (left, top, right - left, bottom - top)
    }

    /// Marks the whole bitmap changed.
    func markAllDirty() {
        dirtyRect = (0, 0, width, height)
    }

    /// Replaces the bitmap (after growing or repacking) and marks it all changed.
    func replacePixels(_ newPixels: [UInt8], width newWidth: Int, height newHeight: Int) {
        pixels = newPixels
        width = newWidth
        height = newHeight
        markAllDirty()
        generation += 1
    }

    /// Sets the coverage of a rectangle to 0.
    func clearPixels(x: Int, y: Int, width rowLength: Int, height rows: Int) {
        let stride = width
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<rows {
                (out.baseAddress! + (y + row) * stride + x).update(repeating: 0, count: rowLength)
            }
        }
        markDirty(x: x, y: y, width: rowLength, height: rows)
    }
}

/// What the atlas knows of one character asked for.
struct GlyphSlot {
    var glyph: AtlasGlyph
    /// The table key (the scalar, `ScalarSlotTable.beyondUnicode`, or a glyph key).
    var scalar: UInt32
    /// The frame it was last asked for in.
    var lastUsed: Int
    /// True when it has pixels in the atlas (false for blank and too-large glyphs, which
    /// are never evicted since they take no room).
    var resident: Bool
}
