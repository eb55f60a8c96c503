/// Adjacent fullwidth punctuation collapsed, as JLREQ (3.1.4) and CSS Text 4's
/// `text-spacing-trim` (`trim-adjacent`, §"Fullwidth Punctuation Collapsing") set it: a
/// fullwidth glyph of punctuation is half ink and half space, and two side by side would
/// leave a full em of space between their inks ("：“" would take two ems; it takes 1.5).
///
/// - An opening mark (「『（“‘…) after an opening mark, a middle mark (・：；) or a closing mark
///   loses the half em on its start side: its glyph moves left by half an em.
/// - A closing mark (」』）”’、。，…) before a closing mark or a middle mark loses the half em
///   on its end side.
///
/// Only where both glyphs are fullwidth (an em wide), so Japanese quotes, which Noto Serif CJK
/// JP sets proportionally, are left alone; only in left-to-right paragraphs. Traditional
/// Chinese fonts centre the stops and commas (、。，．): there they are middle marks, which are
/// never trimmed themselves. Unlike CSS's `normal`, an opening mark that starts a line is
/// trimmed too when the line before ended in a mark (a line is placed as it was measured in
/// its paragraph).
enum PunctuationTrim {
    /// Which side of a mark loses its half em.
    enum Side: UInt8 { case none, start, end }

    enum Kind { case opening, closing, middle, other }

    static func kind(of c: UInt32, centredStops: Bool = false) -> Kind {
        if centredStops, c == 0x3001 || c == 0x3002 || c == 0xFF0C || c == 0xFF0E { return .middle }
        switch c {
        case 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            return .opening
        case 0x2019, 0x201D, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
             0x301B, 0x301E, 0x301F, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0xFF60:
            return .closing
        case 0x30FB, 0xFF1A, 0xFF1B, 0x00B7:
            return .middle
        default:
            return .other
        }
    }

    /// The side `c` loses next to `before` and `after` (nil: none), each given with whether its
    /// glyph is fullwidth; `c` itself must be fullwidth.
    @inline(__always)
    static func side(of c: UInt32, before: (UInt32, Bool)?, after: (UInt32, Bool)?, centredStops: Bool) -> Side {
        guard c >= 0xB7 else { return .none }
        switch kind(of: c, centredStops: centredStops) {
        case .opening:
            if let (b, wide) = before, wide, kind(of: b, centredStops: centredStops) != .other { return .start }
        case .closing:
            if let (a, wide) = after, wide, case let k = kind(of: a, centredStops: centredStops), k == .closing || k == .middle {
                return .end
            }
        default:
            break
        }
        return .none
    }

    /// Whether `width` is an em at `em` px.
    @inline(__always)
    static func isFullWidth(_ width: Float, em: Float) -> Bool { abs(width - em) < em * 0.02 }

    /// Takes half an em off the width of every mark of `s[0..<count]` that collapses, its
    /// widths in `w` (a cluster's width on its first scalar).
    static func apply(_ s: UnsafeBufferPointer<UInt32>, count: Int, widths w: UnsafeMutableBufferPointer<Float>, em: Float,
                      centredStops: Bool) {
        guard count > 1 else { return }
        // Whether the previous scalar was fullwidth before any trimming (a run of three marks
        // trims the middle one's neighbours by their own widths).
        var previousWide = false
        for k in 0..<count {
            let wide = isFullWidth(w[k], em: em)
            defer { previousWide = wide }
            guard s[k] >= 0xB7 && wide else { continue }
            let before = k > 0 ? (s[k - 1], previousWide) : nil
            let after = k + 1 < count ? (s[k + 1], isFullWidth(w[k + 1], em: em)) : nil
            if side(of: s[k], before: before, after: after, centredStops: centredStops) != .none { w[k] -= em / 2 }
        }
    }
}
