import CSDL2
import Library
import PageTurner
import Pagination
import PictureFiles

/// The shelf's cover pictures: each book's own cover (an EPUB's `cover-image`), decoded once
/// at the size the shelf draws it (`PictureDecoder`: its header checked first, SDL_image or
/// librsvg, scaled down) and kept as a texture, at most `capacity` of them (the least recently
/// drawn go first), so that a shelf of ten thousand books holds only the covers in view and
/// about. A cover that cannot be decoded is remembered and drawn as a typeset one.
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
    let capacity: Int
    /// The files of a book, to read its cover from (nil: the book has none to read).
    let files: (ShelfBook) -> (any BookFiles)?

    /// A book's cover at one size.
    struct Key: Hashable {
        let path: String
        let width: Int
        let height: Int
    }

    init(capacity: Int = 240, files: @escaping (ShelfBook) -> (any BookFiles)?) {
        self.capacity = capacity
        self.files = files
    }

    deinit {
        for entry in covers.values { SDL_DestroyTexture(entry.cover.texture) }
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

    /// Decodes `book`'s cover for `key` into a texture on `canvas`; false when it cannot be.
    @discardableResult
    func decode(_ book: ShelfBook, key: Key, on canvas: Canvas) -> Bool {
        guard let source = book.metadata.coverPath, let files = files(book),
              let data = try? files.data(at: source),
              let header = PictureHeader.read(Array(data.prefix(PictureHeader.bytesNeeded))),
              header.width > 0, header.height > 0 else {
            failed.insert(key)
            return false
        }
        // Fitted inside the box, its proportions kept (a cover a little wider or narrower than
        // 2 : 3 is letterboxed on the card).
        let scale = min(Double(key.width) / Double(header.width), Double(key.height) / Double(header.height))
        let w = max(1, Int((Double(header.width) * scale).rounded())), h = max(1, Int((Double(header.height) * scale).rounded()))
        guard case .success(let pixels) = PictureDecoder.decode(source, files: ByteFiles(data: data, source: source), width: w, height: h),
              let texture = SDL_CreateTexture(canvas.renderer, Uint32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(w), Int32(h)) else {
            failed.insert(key)
            return false
        }
        pixels.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(w * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        while covers.count >= capacity, let oldest = covers.min(by: { $0.value.used < $1.value.used }) {
            SDL_DestroyTexture(oldest.value.cover.texture)
            covers[oldest.key] = nil
        }
        clock += 1
        covers[key] = (Cover(texture: texture, width: w, height: h), clock)
        return true
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
