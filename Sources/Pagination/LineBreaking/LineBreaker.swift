// STUB: the line-breaking helper replaces this file with the UAX #14 implementation.
// The public API below is the contract the typesetter codes against.

/// How strictly CJK line-start rules (kinsoku) are applied on top of UAX #14,
/// as CSS `line-break` defines them.
public enum Kinsoku: String, Sendable, CaseIterable {
    /// UAX #14's default behaviour, untailored; what the conformance file tests.
    case uax14
    /// Small kana, ー and iteration marks never start a line.
    case strict
    /// The usual rule for books: closing punctuation never starts a line; small kana may.
    case normal
    /// Also allows breaks before iteration marks, hyphens and centered punctuation in CJK text.
    case loose
}

/// What may happen after a scalar: no break, a break opportunity, or a forced break.
public enum BreakAction: UInt8, Sendable {
    case none = 0
    case allowed = 1
    case mandatory = 2
}

/// Finds line-break opportunities in a run of scalars (one paragraph).
public struct LineBreaker: Sendable {
    public var kinsoku: Kinsoku

    public init(kinsoku: Kinsoku = .normal) { self.kinsoku = kinsoku }

    /// Writes into `actions[i]` what may happen *after* `scalars[i]` (`BreakAction.rawValue`).
    /// The last scalar always gets `.mandatory` (UAX #14 LB3).
    /// `actions.count` must be at least `scalars.count`.
    public func findBreaks(in scalars: UnsafeBufferPointer<UInt32>, into actions: UnsafeMutableBufferPointer<UInt8>) {
        let n = scalars.count
        guard n > 0 else { return }
        for i in 0..<n {
            let c = scalars[i]
            let next: UInt32 = i + 1 < n ? scalars[i + 1] : 0
            if c == 0x0A { actions[i] = BreakAction.mandatory.rawValue; continue }
            let wide = c >= 0x2E80 && c < 0xA000
            let nextWide = next >= 0x2E80 && next < 0xA000
            if c == 0x20 && next != 0x20 { actions[i] = 1 }
            else if (wide || nextWide) && next != 0x3002 && next != 0xFF0C && next != 0x3001 { actions[i] = 1 }
            else { actions[i] = 0 }
        }
        actions[n - 1] = BreakAction.mandatory.rawValue
    }

    /// Convenience for tests and the command line: the actions for a string's scalars.
    public func breakActions(_ text: String) -> [BreakAction] {
        let scalars = text.unicodeScalars.map(\.value)
        var raw = [UInt8](repeating: 0, count: scalars.count)
        scalars.withUnsafeBufferPointer { s in
            raw.withUnsafeMutableBufferPointer { findBreaks(in: s, into: $0) }
        }
        return raw.map { BreakAction(rawValue: $0)! }
    }
}

/// The UAX #14 class of a scalar, for the typesetter (spaces, ideographs, closing marks).
/// STUB: replaced by generated tables.
@inline(__always)
public func isSpaceForLineBreaking(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x3000 }
/// STUB
@inline(__always)
public func isEastAsianWide(_ scalar: UInt32) -> Bool { scalar >= 0x2E80 && scalar < 0xA000 || scalar >= 0xFF00 && scalar < 0xFF61 }
