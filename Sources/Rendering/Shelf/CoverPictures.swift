import CSDL2
import Library
import PageTurner
import Pagination
import PictureFiles

/// The shelf's cover pictures: each book's own cover (an EPUB's `cover-image`), decoded once
/// at the size the shelf draws it (`PictureDecoder`: its header checked first, SDL_image or
/// librsvg, scaled down) and kept as a texture, at most `capacity` of them (240, or twice the
/// covers in view where more are in view; the least recently drawn go first), so that a shelf
/// of ten thousand books holds only the covers in view and about. A cover that cannot be decoded is
/// remembered and drawn as a typeset one. The textures belong to one canvas's renderer: a new
/// renderer (a headless canvas made again at a new size) has none of them, and they are
/// forgotten, never destroyed twice.
final class CoverPictures {
    /// A cover ready to draw: its texture and its size in pixels.
    struct Cover {
        let texture: OpaquePointer
        let width: Int
        let height: Int
    }

    private var covers: [Key: (cover: Cover, used: Int)] = [:]
    private var failed: Set<Key> = []
    private var clock = 0
    private(set) var capacity: Int
    /// The canvas (and its renderer's generation) the textures were made on.
    private weak var owner: Canvas?
    private var ownerGeneration = -1
    /// The files of a book, to read its cover from (nil: the book has none to read).
    let files: (ShelfBook) -> (any BookFiles)?
    /// Covers decoded before, on disk; nil: none kept.
    let disk: CoverCache?
    /// Covers written to disk since the folder was last pruned.
    private var stored = 0

    /// A book's cover at one size.
    struct Key: Hashable {
        let path: String
        let width: Int
        let height: Int
    }

    init(capacity: Int = 240, disk: CoverCache? = nil, files: @escaping (ShelfBook) -> (any BookFiles)?) {
        self.capacity = capacity
        self.disk = disk
        self.files = files
    }

    deinit { dropAll() }

    /// Destroys the textures, if their renderer is still the one they were made on.
    private func dropAll() {
        if owner != nil, ownerGeneration == owner?.generation {
            for entry in covers.values { SDL_DestroyTexture(entry.cover.texture) }
        }
        covers.removeAll()
    }

    /// Starts drawing on `canvas`: textures of another renderer are forgotten, and room is made
    /// for twice the `inView` covers (so decoding one never pushes out another in view).
    func use(_ canvas: Canvas, inView: Int) {
        if owner !== canvas || ownerGeneration != canvas.generation {
            dropAll()
            owner = canvas
            ownerGeneration = canvas.generation
        }
        capacity = max(capacity, 2 * inView)
    }

    /// The key of `book`'s cover fitted in `box` (logical) at `scale`; nil for a book with no
    /// cover picture to show.
    func key(_ book: ShelfBook, box: Rect, scale: Double) -> Key? {
        guard book.canOpen, book.metadata.coverPath != nil else { return nil }
        return Key(path: book.path, width: Int((box.width * scale).rounded()), height: Int((box.height * scale).rounded()))
    }

    /// The cover decoded for `key`, if it has been (and marks it used).
    func cover(_ key: Key) -> Cover? {
        guard let entry = covers[key] else { return nil }
        clock += 1
        covers[key] = (entry.cover, clock)
        return entry.cover
    }

    /// Whether `key` still waits to be decoded.
    func isWaiting(_ key: Key) -> Bool { covers[key] == nil && !failed.contains(key) }

    /// Decodes `book`'s cover for `key` into a texture on `canvas` (or takes it from the disk,
    /// where it is then kept); false when it cannot be.
    @discardableResult
    func decode(_ book: ShelfBook, key: Key, on canvas: Canvas) -> Bool {
        let file = disk?.file(book: book.path, width: key.width, height: key.height)
        let cover: (pixels: [UInt32], width: Int, height: Int)
        if let file, let kept = disk?.load(file, fitting: key.width, key.height) {
            cover = kept
        } else if let decoded = Self.decode(book, files: files(book), fitting: key.width, key.height) {
            cover = decoded
            if let file, let disk {
                disk.store(decoded.pixels, width: decoded.width, height: decoded.height, in: file)
                stored += 1
                if stored % 200 == 1 { disk.prune() }
            }
        } else {
            failed.insert(key)
            return false
        }
        guard let texture = SDL_CreateTexture(canvas.renderer, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(cover.width), Int32(cover.height)) else {
            failed.insert(key)
            return false
        }
        cover.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(cover.width * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        while covers.count >= capacity, let oldest = covers.min(by: { $0.value.used < $1.value.used }) {
            SDL_DestroyTexture(oldest.value.cover.texture)
            covers[oldest.key] = nil
        }
        clock += 1
        covers[key] = (Cover(texture: texture, width: cover.width, height: cover.height), clock)
        return true
    }

    /// `book`'s cover picture read through `files`, fitted inside `width` × `height` pixels with
    /// its proportions kept (a cover a little wider or narrower than 2 : 3 is letterboxed on the
    /// card); nil when it cannot be read or decoded.
    static func decode(_ book: ShelfBook, files: (any BookFiles)?, fitting width: Int, _ height: Int)
        -> (pixels: [UInt32], width: Int, height: Int)? {
        guard let source = book.metadata.coverPath, let files, let data = try? files.data(at: source),
              let header = PictureHeader.read(Array(data.prefix(PictureHeader.bytesNeeded))),
              header.width > 0, header.height > 0 else { return nil }
        let scale = min(Double(width) / Double(header.width), Double(height) / Double(header.height))
        let w = max(1, Int((Double(header.width) * scale).rounded())), h = max(1, Int((Double(header.height) * scale).rounded()))
        guard case .success(let pixels) = PictureDecoder.decode(source, files: ByteFiles(data: data, source: source), width: w, height: h)
        else { return nil }
        return (pixels, w, h)
    }
}

/// One file's bytes already read, as a `BookFiles` (so a cover is read from its book once).
private final class ByteFiles: BookFiles, @unchecked Sendable {
    let data: [UInt8]
    let source: String

    init(data: [UInt8], source: String) {
        self.data = data
        self.source = source
    }

    func data(at path: String) throws -> [UInt8] { data }
    func displayName(of path: String) -> String { path }
}
