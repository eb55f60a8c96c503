import CICU

/// Folds a book's characters for search as readers search: case aside (each scalar's lowercase
/// mapping, where it is one scalar), accents aside (a precomposed letter becomes the first
/// scalar of its full canonical decomposition, by ICU's NFD normalizer, when the rest are
/// combining marks: é → e, ё → е, ά → α), and nonspacing marks dropped (general category Mn:
/// a decomposed accent, Hebrew points and cantillation, Arabic vowel signs). What ICU's
/// collators compare at primary strength, for the letters books are written in, one scalar
/// at a time so that a match maps back to the text exactly.
///
/// Each scalar's folding is worked out once per folder and kept (a flat table for the Basic
/// Multilingual Plane, filled as characters are met): a book has a few hundred distinct ones.
public struct TextFolding {
    /// BMP scalars' foldings, `unknown` until met; 0 is a scalar dropped.
    private var bmp = [UInt32](repeating: TextFolding.unknown, count: 0x10000)
    private var astral: [UInt32: UInt32] = [:]
    private static let unknown = UInt32.max
    private let nfd = pageturn_unorm2_nfd()

    public init() {}

    /// `scalar` folded, or 0 when it is dropped (a nonspacing mark).
    @inline(__always)
    public mutating func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return scalar &- 0x41 < 26 ? scalar | 0x20 : scalar }
        if scalar < 0x10000 {
            let kept = bmp[Int(scalar)]
            if kept != Self.unknown { return kept }
            let folded = Self.folding(scalar, nfd: nfd)
            bmp[Int(scalar)] = folded
            return folded
        }
        if let kept = astral[scalar] { return kept }
        let folded = Self.folding(scalar, nfd: nfd)
        astral[scalar] = folded
        return folded
    }

    /// Works out one scalar's folding.
    static func folding(_ value: UInt32, nfd: OpaquePointer?) -> UInt32 {
        guard let scalar = Unicode.Scalar(value) else { return value }
        if scalar.properties.generalCategory == .nonspacingMark { return 0 }
        var base = scalar
        if let nfd {
            var units = [UInt16](repeating: 0, count: 16)
            let length = units.withUnsafeMutableBufferPointer {
                pageturn_unorm2_decomposition(nfd, Int32(bitPattern: value), $0.baseAddress, 16)
            }
            if length > 0 {
                let decomposed = Array(String(decoding: units[..<Int(length)], as: UTF16.self).unicodeScalars)
                if let first = decomposed.first,
                   decomposed.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) {
                    base = first
                }
            }
        }
        let lower = base.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : base.value
    }
}
