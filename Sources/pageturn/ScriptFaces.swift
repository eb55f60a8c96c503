import Pagination

/// The scripts beyond Latin and CJK that get a fallback face of their own when a book uses
/// them: those UAX #14 leaves to a dictionary (lb=SA), which DejaVu Sans and the CJK faces
/// do not cover.
enum ScriptFaces {
    /// (fontconfig language, the scripts' UTF-8 lead byte and the second bytes of its block).
    static let scripts: [(language: String, lead: UInt8, second: ClosedRange<UInt8>)] = [
        ("th", 0xE0, 0xB8...0xB9),  // Thai U+0E00–0E7F
        ("lo", 0xE0, 0xBA...0xBB),  // Lao U+0E80–0EFF
        ("my", 0xE1, 0x80...0x82),  // Myanmar U+1000–109F
        ("km", 0xE1, 0x9E...0x9F),  // Khmer U+1780–17FF
    ]

    /// The fontconfig languages of the scripts `text` uses, from one pass over its bytes.
    static func languages(in text: BookText) -> [String] {
        var seen = [Bool](repeating: false, count: scripts.count)
        text.utf8.withUnsafeBufferPointer { bytes in
            var i = 0
            let n = bytes.count - 1
            while i < n {
                let lead = bytes[i]
                if lead == 0xE0 || lead == 0xE1 {
                    let second = bytes[i + 1]
                    for (k, script) in scripts.enumerated() where script.lead == lead && script.second.contains(second) {
                        seen[k] = true
                    }
                }
                i += 1
            }
        }
        return zip(scripts, seen).filter(\.1).map(\.0.language)
    }
}
