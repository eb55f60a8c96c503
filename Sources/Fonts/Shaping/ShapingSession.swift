internal import CHarfBuzz
import Pagination

/// What a `HarfBuzzShaper` readied for one `ShapeCache` (`prepared(for:)`) keeps from call to
/// call: HarfBuzz's language for the cache's language, a buffer of its own and the shape plans
/// it has used. Shaping a word then finds none of them again, and two threads shaping at once
/// share no counter or slot (their caches' sessions are apart).
///
/// A cache is used by one thread at a time, and so is its session: nothing here is locked.
/// Everything is made on first use, since HarfBuzz is loaded only to shape.
final class ShapingSession: @unchecked Sendable {
    /// The language the session shapes (nil: none given).
    let language: ContentLanguage?
    private var hbLanguage: OpaquePointer?
    private var languageFound = false
    private var buffer: OpaquePointer?
    /// The plans used, by face and the properties HarfBuzz read from the text: a word's script
    /// is guessed from it, so a session holds a plan or two per face.
    private var plans: [(face: Int, properties: hb_segment_properties_t, plan: OpaquePointer)] = []

    init(language: ContentLanguage?) {
        self.language = language
    }

    deinit {
        for entry in plans { pageturn_hb_plan_destroy(entry.plan) }
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

    /// The plan for the text just filled into `buffer`, shaped in `font` (face `face` of the
    /// shaper's fonts).
    func plan(face: Int, font: HarfBuzzFonts.Font, buffer: OpaquePointer) -> OpaquePointer? {
        var properties = pageturn_hb_buffer_properties(buffer)
        for entry in plans where entry.face == face && Self.same(entry.properties, properties) { return entry.plan }
        guard let made = pageturn_hb_plan(font.face, &properties) else { return nil }
        plans.append((face, properties, made))
        return made
    }

    private static func same(_ a: hb_segment_properties_t, _ b: hb_segment_properties_t) -> Bool {
        a.direction == b.direction && a.script == b.script && a.language == b.language
    }
}
