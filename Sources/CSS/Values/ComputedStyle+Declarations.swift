extension ComputedStyle {
    /// Applies one declaration, its value computed against `parent` (the parent's computed
    /// style, or the initial one at the root). A value this cascade cannot read leaves the
    /// property as it was, as an invalid declaration is ignored (CSS Syntax 3 §2). `font-size`
    /// goes first (`applyFontSize`): lengths in em are computed from it.
    mutating func apply(_ declaration: CSSDeclaration, parent: ComputedStyle) {
        let values = declaration.value.filter { !$0.isWhitespace }
        let keyword = Self.keyword(values)
        if keyword == "inherit" || keyword == "unset" || keyword == "initial" {
            // CSS Cascade 4 §7.3: `unset` is `inherit` for an inherited property, else `initial`.
            let inherits = keyword == "inherit" || (keyword == "unset" && Self.inheritedProperties.contains(declaration.name))
            inheritOrReset(declaration.name, from: inherits ? parent : ComputedStyle())
            return
        }
        func length(_ v: ComponentValue) -> CSSLength? { CSSLength.parse(v, fontSize: fontSize) }
        func edges(_ values: [ComponentValue]) -> [CSSLength]? {
            let lengths = values.map { v -> CSSLength? in Self.keyword([v]) == "auto" ? .zero : length(v) }
            guard (1...4).contains(lengths.count), lengths.allSatisfy({ $0 != nil }) else { return nil }
            let l = lengths.map { $0! }
            switch l.count {
            case 1: return [l[0], l[0], l[0], l[0]]
            case 2: return [l[0], l[1], l[0], l[1]]
            case 3: return [l[0], l[1], l[2], l[1]]
            default: return l
            }
        }
        switch declaration.name {
        case "display":
            // A table's parts are blocks the EPUB reader sets as a grid (`tablePart`).
            let part: TablePart? = switch keyword {
            case "table", "inline-table": .table
            case "table-row-group", "table-header-group", "table-footer-group": .rowGroup
            case "table-row": .row
            case "table-cell": .cell
            case "table-caption": .caption
            case "none", "inline", "inline-flex", "ruby", "contents", "list-item", "block", "inline-block", "flex", "grid",
                 "flow-root", "table-column", "table-column-group": TablePart.none
            default: nil
            }
            guard let part else { return }
            tablePart = part
            switch keyword {
            case "none", "table-column", "table-column-group": display = .none
            case "inline", "inline-flex", "ruby", "contents": display = .inline
            case "list-item": display = .listItem
            default: display = .block
            }
        case "margin", "padding":
            guard let e = edges(values) else { return }
            let set = Edges(top: e[0], right: e[1], bottom: e[2], left: e[3])
            if declaration.name == "margin" { margin = set } else { padding = set }
        case "margin-top", "margin-right", "margin-bottom", "margin-left",
             "padding-top", "padding-right", "padding-bottom", "padding-left":
            guard values.count == 1, let l = keyword == "auto" ? .zero : length(values[0]) else { return }
            let side = declaration.name.split(separator: "-")[1]
            let isMargin = declaration.name.hasPrefix("margin")
            var e = isMargin ? margin : padding
            switch side {
            case "top": e.top = l
            case "right": e.right = l
            case "bottom": e.bottom = l
            default: e.left = l
            }
            if isMargin { margin = e } else { padding = e }
        case "vertical-align":
            switch keyword {
            // `top`, `bottom` and the rest align a box in its line, no smaller nor off the
            // baseline for a run of text: set as `baseline`.
            case "super": verticalAlign = .superscript
            case "sub": verticalAlign = .subscript
            case "baseline", "middle", "top", "text-top", "bottom", "text-bottom": verticalAlign = .baseline
            default: break
            }
        case "page-break-before", "break-before", "page-break-after", "break-after":
            let value: Break? = switch keyword {
            case "always", "page", "left", "right", "recto", "verso": .page
            case "avoid", "avoid-page": .avoid
            case "auto": .auto
            default: nil
            }
            guard let value else { return }
            if declaration.name.hasSuffix("before") { breakBefore = value } else { breakAfter = value }
        case "page-break-inside", "break-inside":
            if let keyword { avoidsBreakInside = keyword.hasPrefix("avoid") }
        case "border", "border-top", "border-bottom", "border-style", "border-top-style", "border-bottom-style":
            // Drawn: a line style (the initial style is none) and a width other than 0.
            let words = values.compactMap { Self.keyword([$0]) }
            let styled = words.contains { Self.lineStyles.contains($0) }
            let hidden = !styled || words.contains("none") || words.contains("hidden")
                || values.contains { $0 == .token(.number(0, isInteger: true)) } || values.contains { length($0) == .em(0) }
            if declaration.name.contains("top") || !declaration.name.contains("bottom") { borderTop = !hidden }
            if declaration.name.contains("bottom") || !declaration.name.contains("top") { borderBottom = !hidden }
        case "content":
            if keyword == "none" || keyword == "normal" {
                content = nil
            } else {
                // Bounded: a sheet's strings are written into every element they style.
                let strings = values.compactMap { v -> String? in
                    switch v {
                    case .token(.string(let s)): String(s.prefix(200))
                    case .token(.ident(let word)) where word.lowercased() == "open-quote": ComputedStyle.openQuote
                    case .token(.ident(let word)) where word.lowercased() == "close-quote": ComputedStyle.closeQuote
                    default: nil
                    }
                }
                content = strings.isEmpty ? nil : Array(strings.prefix(8))
            }
        case "font-style":
            if let keyword { italic = keyword == "italic" || keyword == "oblique" }
        case "font-weight":
            if let weight = Self.weight(values, parent: parent.weight) { self.weight = weight }
        case "font-variant", "font-variant-caps":
            if let keyword { smallCaps = keyword == "small-caps" || keyword == "all-small-caps" || keyword == "petite-caps" }
        case "font-family":
            fontFamilies = Self.families(values)
        case "font":
            applyFontShorthand(values, parent: parent)
        case "text-align", "text-align-last", "-epub-text-align-last":
            let align: TextAlign? = switch keyword {
            case "left": .left
            case "right": .right
            case "center", "-webkit-center": .center
            case "justify": .justify
            case "start": .start
            case "end": .end
            default: nil
            }
            guard let align else { return }
            if declaration.name == "text-align" { textAlign = align } else { textAlignLast = align }
        case "text-indent":
            if let first = values.first, let l = length(first) { textIndent = l }
        case "text-transform":
            switch keyword {
            case "uppercase": textTransform = .uppercase
            case "lowercase": textTransform = .lowercase
            case "capitalize": textTransform = .capitalize
            case "full-width", "-epub-fullwidth", "fullwidth": textTransform = .fullWidth
            case "none": textTransform = .none
            default: break
            }
        case "letter-spacing":
            if keyword == "normal" {
                letterSpacing = 0
            } else if values.count == 1, case .em(let n)? = CSSLength.parse(values[0], fontSize: fontSize, percentages: false) {
                letterSpacing = min(max(n, Self.letterSpacings.lowerBound), Self.letterSpacings.upperBound)
            }
        case "float":
            switch keyword {
            case "left": float = .left
            case "right": float = .right
            case "none": float = .none
            default: break
            }
        case "initial-letter", "-webkit-initial-letter":
            // CSS Inline 3 §6.1: `normal`, or a size in lines (a number) and an optional sink.
            if keyword == "normal" {
                initialLetter = nil
            } else if case .token(.number(let size, _))? = values.first, size >= 1, size.isFinite {
                initialLetter = Int(min(size, 10).rounded())
            }
        case "white-space":
            switch keyword {
            case "normal": whiteSpace = .normal
            case "pre": whiteSpace = .pre
            case "pre-wrap", "break-spaces": whiteSpace = .preWrap
            case "pre-line": whiteSpace = .preLine
            case "nowrap": whiteSpace = .nowrap
            default: break
            }
        case "word-break", "-epub-word-break":
            switch keyword {
            case "normal", "break-word": wordBreak = .normal
            case "keep-all": wordBreak = .keepAll
            case "break-all": wordBreak = .breakAll
            default: break
            }
        case "hyphens", "-epub-hyphens", "-webkit-hyphens", "adobe-hyphenate":
            switch keyword {
            case "auto": hyphens = .auto
            case "manual", "explicit": hyphens = .manual
            case "none": hyphens = .none
            default: break
            }
        case "list-style", "list-style-type":
            for word in values.compactMap({ Self.keyword([$0]) }) {
                if let style = Self.listStyle(word) { listStyle = style }
            }
        case "direction":
            if keyword == "rtl" { direction = .rtl } else if keyword == "ltr" { direction = .ltr }
        case "text-decoration", "text-decoration-line":
            if let keyword { emphasized = keyword == "underline" || values.contains { Self.keyword([$0]) == "underline" } }
        case _ where Self.boxSizeProperties.contains(declaration.name):
            applyBoxSize(declaration.name, values)
        default:
            break
        }
    }

    /// `font-size` (CSS Fonts 4 §2.5): keywords, `smaller`/`larger`, lengths and percentages
    /// of the parent's size, held between a quarter and eight root ems.
    mutating func applyFontSize(_ value: [ComponentValue], parent: ComputedStyle) {
        let values = value.filter { !$0.isWhitespace }
        guard values.count == 1 else { return }
        let size: Double?
        switch Self.keyword(values) {
        case "inherit", "unset": size = parent.fontSize
        case "initial", "medium": size = 1
        case "xx-small": size = 0.6
        case "x-small": size = 0.75
        case "small": size = 0.889
        case "large": size = 1.2
        case "x-large": size = 1.5
        case "xx-large": size = 2
        case "xxx-large": size = 3
        case "smaller": size = parent.fontSize / 1.2
        case "larger": size = parent.fontSize * 1.2
        default:
            switch CSSLength.parse(values[0], fontSize: parent.fontSize) {
            case .em(let em)?: size = em
            case .percent(let p)?: size = parent.fontSize * p / 100
            case nil: size = nil
            }
        }
        if let size, size.isFinite { fontSize = max(0.25, min(8, size)) }
    }

    /// `font` (CSS Fonts 4 §3.7): the style, small capitals and weight given before the size
    /// (each one left out is reset to its initial value), and the families after it; the size
    /// itself went first (`Cascade.computed`). A value without a size and a family (a system
    /// font, or one this cascade cannot read) is ignored whole.
    private mutating func applyFontShorthand(_ values: [ComponentValue], parent: ComputedStyle) {
        guard let parts = Self.fontShorthand(values) else { return }
        italic = false
        smallCaps = false
        weight = 400
        for value in parts.before {
            switch Self.keyword([value]) {
            case "italic", "oblique": italic = true
            case "small-caps": smallCaps = true
            case "normal": break
            case _ where Self.weight([value], parent: parent.weight) != nil:
                weight = Self.weight([value], parent: parent.weight)!
            default: break
            }
        }
        fontFamilies = Self.families(Array(parts.families))
    }

    /// The size keywords a `font` shorthand may give.
    static let sizeKeywords: Set<String> = [
        "xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large", "smaller", "larger",
    ]

    /// A `font` shorthand's parts (white space left out): what comes before the size, the size,
    /// and the family list (a `/ line-height` after the size is passed over); nil without a
    /// size followed by a family.
    static func fontShorthand(_ values: [ComponentValue])
        -> (before: ArraySlice<ComponentValue>, size: ComponentValue, families: ArraySlice<ComponentValue>)? {
        for (k, value) in values.enumerated() {
            switch value {
            case .token(.dimension), .token(.percentage): break
            case .token(.ident(let word)) where sizeKeywords.contains(word.lowercased()): break
            default: continue
            }
            var rest = values[(k + 1)...]
            if rest.first == .token(.delim("/")) { rest = rest.dropFirst(2) }
            return rest.isEmpty ? nil : (values[..<k], value, rest)
        }
        return nil
    }

    /// The inherited properties among those this cascade computes (`unset` inherits them).
    static let inheritedProperties: Set<String> = [
        "font-style", "font-weight", "font-variant", "font-variant-caps", "font-size", "font-family", "font",
        "text-align", "text-align-last", "-epub-text-align-last", "text-indent", "text-transform", "white-space", "hyphens", "-epub-hyphens",
        "-webkit-hyphens", "adobe-hyphenate", "list-style", "list-style-type", "direction", "color", "letter-spacing",
        "word-break", "-epub-word-break",
    ]

    /// Sets property `name` (a longhand or a shorthand) to `source`'s value.
    private mutating func inheritOrReset(_ name: String, from source: ComputedStyle) {
        switch name {
        case "font-style": italic = source.italic
        case "font-weight": weight = source.weight
        case "font-variant", "font-variant-caps": smallCaps = source.smallCaps
        case "font-family": fontFamilies = source.fontFamilies
        case "font":
            (italic, weight, smallCaps, fontFamilies) = (source.italic, source.weight, source.smallCaps, source.fontFamilies)
        case "text-align": textAlign = source.textAlign
        case "text-align-last", "-epub-text-align-last": textAlignLast = source.textAlignLast
        case "text-indent": textIndent = source.textIndent
        case "text-transform": textTransform = source.textTransform
        case "letter-spacing": letterSpacing = source.letterSpacing
        case "white-space": whiteSpace = source.whiteSpace
        case "hyphens", "-epub-hyphens", "-webkit-hyphens", "adobe-hyphenate": hyphens = source.hyphens
        case "word-break", "-epub-word-break": wordBreak = source.wordBreak
        case "list-style", "list-style-type": listStyle = source.listStyle
        case "direction": direction = source.direction
        case "display": (display, tablePart) = (source.display, source.tablePart)
        case "margin": margin = source.margin
        case "margin-top": margin.top = source.margin.top
        case "margin-right": margin.right = source.margin.right
        case "margin-bottom": margin.bottom = source.margin.bottom
        case "margin-left": margin.left = source.margin.left
        case "padding": padding = source.padding
        case "padding-top": padding.top = source.padding.top
        case "padding-right": padding.right = source.padding.right
        case "padding-bottom": padding.bottom = source.padding.bottom
        case "padding-left": padding.left = source.padding.left
        case "vertical-align": verticalAlign = source.verticalAlign
        case "float": float = source.float
        case "initial-letter", "-webkit-initial-letter": initialLetter = source.initialLetter
        case "page-break-before", "break-before": breakBefore = source.breakBefore
        case "page-break-after", "break-after": breakAfter = source.breakAfter
        case "page-break-inside", "break-inside": avoidsBreakInside = source.avoidsBreakInside
        case "border": (borderTop, borderBottom) = (source.borderTop, source.borderBottom)
        case "border-top", "border-top-style", "border-top-width": borderTop = source.borderTop
        case "border-bottom", "border-bottom-style", "border-bottom-width": borderBottom = source.borderBottom
        case "content": content = source.content
        case "text-decoration", "text-decoration-line", "color": emphasized = source.emphasized
        default: inheritOrResetBoxSize(name, from: source)
        }
    }

    /// The border styles that draw a line (CSS Backgrounds 3 §3.2).
    static let lineStyles: Set<String> = ["solid", "dotted", "dashed", "double", "groove", "ridge", "inset", "outset"]

    static func keyword(_ values: [ComponentValue]) -> String? {
        guard values.count == 1, case .token(.ident(let word)) = values[0] else { return nil }
        return word.lowercased()
    }

    static func weight(_ values: [ComponentValue], parent: Int) -> Int? {
        switch keyword(values) {
        case "normal": return 400
        case "bold": return 700
        case "bolder": return parent < 350 ? 400 : parent < 550 ? 700 : 900
        case "lighter": return parent < 550 ? 100 : parent < 750 ? 400 : 700
        default:
            guard values.count == 1, case .token(.number(let n, _)) = values[0], n >= 1, n <= 1000 else { return nil }
            return Int(n)
        }
    }

    static func families(_ values: [ComponentValue]) -> [String] {
        var families: [String] = [], current: [String] = []
        for value in values + [.token(.comma)] {
            switch value {
            case .token(.ident(let word)): current.append(word)
            case .token(.string(let name)): current.append(name)
            case .token(.comma):
                if !current.isEmpty { families.append(current.joined(separator: " ")) }
                current = []
            default: break
            }
        }
        return families
    }

    static func listStyle(_ word: String) -> ListStyle? {
        switch word {
        case "disc": .disc
        case "circle": .circle
        case "square": .square
        case "decimal", "decimal-leading-zero": .decimal
        case "lower-alpha", "lower-latin": .lowerAlpha
        case "upper-alpha", "upper-latin": .upperAlpha
        case "lower-roman": .lowerRoman
        case "upper-roman": .upperRoman
        case "none": ListStyle.none
        default: nil
        }
    }
}
