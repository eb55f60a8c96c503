internal import CHarfBuzz
import Pagination

/// What a `HarfBuzzShaper` readied for one `ShapeCache` (`prepared(for:)`) keeps from call to
/// call: HarfBuzz's language for the cache's language and a buffer of its own. Shaping a word
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

    deinit {
        if let buffer { pageturn_hb_buffer_destroy(buffer) }
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
