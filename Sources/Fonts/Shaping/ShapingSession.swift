internal import CHarfBuzz
internal import Glibc
import Pagination

/// What a `HarfBuzzShaper` readied for one `ShapeCache` (`prepared(for:)`) keeps from call to
/// call: HarfBuzz's language for the cache's language, a buffer of its own, and the face each
/// character comes from. Shaping a word
/// then looks neither up again, and two threads shaping at once share no lock or buffer slot
/// (their caches' sessions are apart). Each word is still shaped with `hb_shape`, which sets
/// HarfBuzz's limits on the work a buffer may cost (`max_ops`) before every call.
///
/// A cache is used by one thread at a time, and so is its session: nothing here is locked.
/// Everything is made on first use, since HarfBuzz is loaded only to shape.
final class ShapingSession: @unchecked Sendable {
    /// The language the session shapes (nil: none given).
    let language: ContentLanguage?
    private var hbLanguage: OpaquePointer?
    private var languageFound = false
    private var buffer: OpaquePointer?

    init(language: ContentLanguage?) {
        self.language = language
    }

    /// For each BMP character, 1 + the first face that maps it (0: not looked up yet), filled
    /// as characters come: a word whose characters all come first from one face is one run
    /// of it (`soleFace`). Zeroed memory from `calloc`, so only the pages of the blocks a
    /// book uses are ever touched.
    private var firstFaces: UnsafeMutablePointer<UInt8>?

    deinit {
        if let buffer { pageturn_hb_buffer_destroy(buffer) }
        free(firstFaces)
    }

    /// The face every character of `segment` comes from first, when it is one face for all of
    /// them and each is a BMP character some face maps; nil otherwise. `faceRuns` gives such a
    /// segment one run of that face (after text in the primary face): each character goes to
    /// the first face that maps it, a space or mark stays in the face before it only when that
    /// face, the same one, maps it, and a joiner or selector after the first character always
    /// stays (so it is not asked about).
    func soleFace(of segment: UnsafeBufferPointer<UInt32>, in fonts: UnsafeBufferPointer<HarfBuzzFonts.Font>) -> Int? {
        guard fonts.count < 255 else { return nil }
        if firstFaces == nil { firstFaces = calloc(0x10000, 1)?.assumingMemoryBound(to: UInt8.self) }
        guard let table = firstFaces else { return nil }
        var sole = -1
        for (k, c) in segment.enumerated() {
            guard c < 0x10000 else { return nil }
            // A joiner or selector stays with the character before it (a Persian ZWNJ in the
            // Naskh face, though the text face maps it too).
            if k > 0 && HarfBuzzShaper.joinsCluster(c) { continue }
            var known = Int(table[Int(c)])
            if known == 0 {
                guard let face = fonts.indices.first(where: { fonts[$0].covers(c) }) else { return nil }
                known = face + 1
                table[Int(c)] = UInt8(known)
            }
            if sole < 0 { sole = known - 1 } else if sole != known - 1 { return nil }
        }
        return sole < 0 ? nil : sole
    }

    /// HarfBuzz's language for `language` (nil for none).
    func languagePointer() -> OpaquePointer? {
        if !languageFound {
            hbLanguage = language.flatMap { pageturn_hb_language($0.tag) }
            languageFound = true
        }
        return hbLanguage
    }

    /// The session's buffer (made on first use), or nil when HarfBuzz cannot make one.
    func shapingBuffer() -> OpaquePointer? {
        if buffer == nil { buffer = pageturn_hb_buffer_create() }
        return buffer
    }
}
