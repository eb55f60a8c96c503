import CSDL2
import Fonts

/// The font panel's rows as textures: each family's name set in its own face (or, for a
/// face without the letters of its name, a few of its own letters, `SampleLine.text`), made
/// the first time a row is seen and kept for the most recently seen families (at least twice
/// as many as the panel shows at once).
/// White with the coverage as alpha, so a row is drawn in any ink by colour modulation.
final class FamilySamples {
    /// A family's row, drawn.
    struct Sample {
        let texture: OpaquePointer
        let width: Int
        let height: Int
        let baseline: Int
        /// Where the pen starts, from the texture's left edge (`SampleLine.origin`).
        let origin: Int
        /// Whether the texture shows the family's name (else some of its letters).
        let isName: Bool
    }

    private struct Key: Hashable {
        var location: FontLocation
        var pixelSize: Float
        var maxWidth: Int
    }

    private var entries: [Key: (sample: Sample?, used: Int)] = [:]
    private var clock = 0
    private weak var owner: Canvas?
    private var ownerGeneration = -1

    deinit { dropAll() }

    private func dropAll() {
        if owner != nil, ownerGeneration == owner?.generation {
            for case let texture? in entries.values.map({ $0.sample?.texture }) { SDL_DestroyTexture(texture) }
        }
        entries.removeAll()
    }

    /// `family`'s row at `pixelSize` physical pixels, at most `maxWidth` wide, for `canvas`;
    /// nil when its face cannot be opened or has nothing to show. `rowsShown` is how many rows
    /// the panel shows at once.
    func sample(of family: FontFamily, pixelSize: Float, maxWidth: Int, rowsShown: Int, on canvas: Canvas) -> Sample? {
        if owner !== canvas || ownerGeneration != canvas.generation {
            // A new renderer took the old one's textures with it.
            if owner !== canvas { dropAll() } else { entries.removeAll() }
            owner = canvas
            ownerGeneration = canvas.generation
        }
        clock += 1
        let key = Key(location: family.regular, pixelSize: pixelSize, maxWidth: maxWidth)
        if let entry = entries[key] {
            entries[key]?.used = clock
            return entry.sample
        }
        let sample = make(family, pixelSize: pixelSize, maxWidth: maxWidth, canvas: canvas)
        if entries.count >= max(64, 2 * rowsShown), let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            if let texture = oldest.value.sample?.texture { SDL_DestroyTexture(texture) }
            entries[oldest.key] = nil
        }
        entries[key] = (sample, clock)
        return sample
    }

    private func make(_ family: FontFamily, pixelSize: Float, maxWidth: Int, canvas: Canvas) -> Sample? {
        guard let face = try? FontFace(path: family.regular.path, faceIndex: family.regular.faceIndex),
              let (text, isName) = SampleLine.text(for: family.name, face: face),
              let line = SampleLine.render(text, face: face, pixelSize: pixelSize, maxWidth: maxWidth) else { return nil }
        let pixels = line.pixels.map { UInt32($0) << 24 | 0x00FF_FFFF }
        guard let texture = SDL_CreateTexture(canvas.renderer, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(line.width), Int32(line.height))
        else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(line.width * 4)) }
        return Sample(texture: texture, width: line.width, height: line.height, baseline: line.baseline, origin: line.origin,
                      isName: isName)
    }
}
