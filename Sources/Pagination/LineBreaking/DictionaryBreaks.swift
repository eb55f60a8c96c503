// Word boundaries inside Thai, Lao, Khmer and Burmese text (lb=SA), from ICU's dictionaries.
import CICU
import Synchronization

/// Break opportunities inside runs of class SA (Thai, Lao, Khmer, Burmese, Tai Tham…), whose
/// words are not separated by spaces. UAX #14 LB1 leaves them to "a dictionary or other
/// means"; our own rules read SA letters as AL (so without this a Thai paragraph has no break
/// at all). ICU's line break iterator (its dictionary-based engines) is asked about each run
/// of SA scalars alone, and only when a paragraph has one: everything else stays on our own
/// tables. A break ICU finds is added where our rules said none; nothing is taken away.
enum DictionaryBreaks {
    /// ICU's version (`U_ICU_VERSION`, "72.1"): dictionaries change between versions, so it
    /// is part of the page cache's key.
    static let icuVersion = String(cString: pageturn_icu_version())

    /// An ICU line break iterator, owned by one call at a time.
    private struct Iterator: @unchecked Sendable { let raw: OpaquePointer }

    /// Iterators not in use. ICU's iterators are not thread-safe, and opening one costs more
    /// than a short paragraph, so each call borrows one and gives it back.
    private static let idle = Mutex<[Iterator]>([])
    private static let maxIdle = 8

    /// A word in each language whose words ICU's dictionaries find.
    private static let sampleWords: [String: String] = ["th": "ภาษาไทย", "lo": "ພາສາລາວ", "km": "ភាសាខ្មែរ", "my": "မြန်မာဘာသာ"]

    /// Opens an iterator and loads the dictionary of `language` (ICU loads a script's
    /// dictionary the first time it meets that script: a few milliseconds) by breaking one
    /// of its words, then keeps the iterator for the first paragraph.
    static func prepare(for language: String) {
        guard let word = sampleWords[language] else { return }
        let scalars = word.unicodeScalars.map(\.value)
        var actions = [UInt8](repeating: 0, count: scalars.count)
        scalars.withUnsafeBufferPointer { s in actions.withUnsafeMutableBufferPointer { addBreaks(in: s, into: $0.baseAddress!) } }
    }

    /// Adds ICU's boundaries inside every run of two or more SA scalars of `scalars` to
    /// `actions` (where they are `.none`).
    static func addBreaks(in scalars: UnsafeBufferPointer<UInt32>, into actions: UnsafeMutablePointer<UInt8>) {
        let table = PropertyTable.shared
        let n = scalars.count
        var iterator: Iterator?
        defer { if let iterator { giveBack(iterator) } }
        var i = 0
        while i < n {
            guard isSA(table.property(scalars[i])) else { i += 1; continue }
            var end = i + 1
            while end < n && isSA(table.property(scalars[end])) { end += 1 }
            if end - i >= 2 {
                if iterator == nil { iterator = borrow() }
                guard let it = iterator else { return }
                addBreaks(UnsafeBufferPointer(rebasing: scalars[i..<end]), into: actions + i, using: it.raw)
            }
            i = end
        }
    }

    @inline(__always)
    static func isSA(_ property: UInt8) -> Bool {
        let c = property & ScalarProperty.classMask
        return c == LineBreakClass.SA.rawValue || c == RefinedClass.saMark
    }

    /// One run: UTF-16 for ICU, its boundaries mapped back to scalar indexes.
    private static func addBreaks(_ run: UnsafeBufferPointer<UInt32>, into actions: UnsafeMutablePointer<UInt8>,
                                  using it: OpaquePointer) {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: run.count * 2) { utf16 in
            var length = 0
            for c in run {
                if c >= 0x1_0000 {
                    utf16[length] = UInt16(0xD800 + ((c - 0x1_0000) >> 10))
                    utf16[length + 1] = UInt16(0xDC00 + (c & 0x3FF))
                    length += 2
                } else {
                    utf16[length] = UInt16(c)
                    length += 1
                }
            }
            guard pageturn_ubrk_set_text(it, utf16.baseAddress, Int32(length)) == 0 else { return }
            var k = 0, unit = 0  // scalar index and its UTF-16 offset
            var boundary = Int(pageturn_ubrk_first_break(it))
            while boundary > 0 && boundary < length {
                while unit < boundary && k < run.count {
                    unit += run[k] >= 0x1_0000 ? 2 : 1
                    k += 1
                }
                // A boundary before scalar k: the action after scalar k - 1.
                if unit == boundary && k > 0 && actions[k - 1] == BreakAction.none.rawValue {
                    actions[k - 1] = BreakAction.allowed.rawValue
                }
                boundary = Int(pageturn_ubrk_next(it))
            }
        }
    }

    private static func borrow() -> Iterator? {
        if let it = idle.withLock({ $0.popLast() }) { return it }
        return pageturn_ubrk_open_line().map(Iterator.init)
    }

    private static func giveBack(_ it: Iterator) {
        let kept = idle.withLock { list -> Bool in
            guard list.count < maxIdle else { return false }
            list.append(it)
            return true
        }
        if !kept { pageturn_ubrk_close(it.raw) }
    }
}
