import CSS
import Pagination
import PictureFiles
import CXML

/// A content document's pictures: an `img`, or an inline `svg` showing an `image` (as EPUB 2
/// covers and title pages are made), written as a picture block with the size its file's
/// header gives and the size its style asks for.
extension XHTMLTextReader {
    /// The file a picture element shows, as written (`src`, or an SVG `image`'s `href` or
    /// `xlink:href`); nil for an element that is no picture or shows nothing.
    static func pictureSource(of node: XMLNode, named name: String) -> String? {
        switch name {
        case "img": return node.attribute("src").flatMap { $0.isEmpty ? nil : $0 }
        case "svg": return node.firstDescendant { $0.isElement("image") }.flatMap(imageHref) ?? serializedSVG(node)
        default: return nil
        }
    }

    /// An SVG `image` element's reference (SVG 2's `href`, or SVG 1.1's `xlink:href`).
    static func imageHref(_ node: XMLNode) -> String? {
        (node.attribute("href") ?? node.attribute("href", namespace: XMLNamespace.xlink)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The picture `node` shows (`source` as written there, in the document at `path`), sized
    /// by its header and its `style`.
    func picture(_ node: XMLNode, source: String, style: ComputedStyle, path: String) -> DocumentStructure.Picture {
        let target: String?, header: PictureHeader?
        if DataURL.isDataURL(source) {
            // Written into the document: its bytes are the URL's (a placeholder past `DataURL.longest`).
            let bytes = DataURL.bytes(of: source)
            target = bytes == nil ? nil : source
            header = bytes.flatMap(PictureHeader.read)?.sizedForLayout(within: DocumentStructure.Picture.largestPixelCount)
        } else {
            let named = EPUBPath.isExternal(source) ? nil : EPUBPath.resolve(source, from: path)?.path
            let shown = named.flatMap(pictureHeader)
            target = shown?.path ?? named
            header = shown?.header
        }
        func length(_ css: CSSLength?) -> PictureLength? {
            switch css {
            case .em(let n)?: .ems(Float(n))
            case .percent(let p)?: .percent(Float(p))
            case nil: nil
            }
        }
        var size = style.size
        // Its own `width` and `height` attributes size it when no style does. An SVG wrapper's
        // `width="100%" height="100%"` is a box its picture is fitted into, its shape kept
        // (`preserveAspectRatio`'s default): the width is kept, the height follows the shape
        // and the page holds it.
        if size.width == nil, let w = node.attribute("width").flatMap(Self.attributeLength) { size.width = w }
        if size.height == nil, let h = node.attribute("height").flatMap(Self.attributeLength) { size.height = h }
        if node.isElement("svg"), case .percent? = size.width, case .percent? = size.height { size.height = nil }
        var picture = DocumentStructure.Picture(
            start: 0, source: target ?? "", pixelWidth: Int32(clamping: header?.width ?? 0),
            pixelHeight: Int32(clamping: header?.height ?? 0), width: length(size.width), height: length(size.height),
            maxWidth: length(size.maxWidth), maxHeight: length(size.maxHeight),
            alternative: node.attribute("alt") ?? "")
        picture.floatSide = switch style.float {
        case .left: .left
        case .right: .right
        case .none: .none
        }
        return picture
    }

    /// An HTML `width` or `height` attribute's length: a number of CSS px, or a percentage
    /// (an SVG's `100%` fills the page).
    static func attributeLength(_ value: String) -> CSSLength? {
        let trimmed = value.trimmingCharacters(in: " \t\r\n")
        if trimmed.hasSuffix("%"), let p = Double(trimmed.dropLast()), p > 0, p <= 1000 { return .percent(p) }
        let number = trimmed.hasSuffix("px") ? String(trimmed.dropLast(2)) : trimmed
        guard let px = Double(number), px > 0, px < 1e6 else { return nil }
        return .em(px / 16)
    }

    /// The block style of a picture: its containing block's alignment (centred unless it says
    /// otherwise), inside the insets of the blocks around it and its own margins.
    func pictureStyle(_ style: ComputedStyle, insets: (start: Double, end: Double)) -> DocumentStructure.Style {
        let rightToLeft = style.direction == .rtl
        let start = insets.start + Self.ems(style.margin.left), end = insets.end + Self.ems(style.margin.right)
        let alignment: DocumentStructure.Style.Alignment = switch style.textAlign {
        case .end: .end
        case .right: rightToLeft ? .centered : .end
        case .left: rightToLeft ? .end : .centered
        default: .centered
        }
        return DocumentStructure.Style(alignment: alignment, startInset: Float(rightToLeft ? end : start),
                                       endInset: Float(rightToLeft ? start : end),
                                       direction: rightToLeft ? .rightToLeft : nil, hyphenates: false)
    }

    /// An inline `svg` element that shows no `image`, written out as an SVG file of its own (a
    /// `data:` URL): its markup as libxml2 writes it, with the SVG and XLink namespaces declared
    /// on its root when the document declared them above it. Nil past `DataURL.longest`.
    static func serializedSVG(_ svg: XMLNode) -> String? {
        var length = 0
        guard let bytes = pt_xml_serialize(svg.pointer, DataURL.longest / 2, &length) else { return nil }
        defer { pt_xml_free_serialized(bytes) }
        var markup = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        // The root's start tag: `<svg` (or `<prefix:svg`), up to its `>`.
        guard markup.first == "<", let nameEnd = markup.firstIndex(where: { $0 == " " || $0 == ">" || $0 == "/" || $0 == "\n" }),
              markup[..<nameEnd].hasSuffix("svg") else { return nil }
        let open = nameEnd..<nameEnd
        // The tag ends at the first `>` outside a quoted attribute value.
        var tagEnd = markup.endIndex, quote: Character?
        for index in markup[nameEnd...].indices {
            let c = markup[index]
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == ">" { tagEnd = index; break }
        }
        let tag = markup[nameEnd..<tagEnd]
        // `<svg:svg>` needs its prefix bound, `<svg>` the default namespace. (A prefix declared
        // on an ancestor other than these stays unbound: librsvg then refuses the picture, a
        // placeholder is drawn.)
        let name = markup[markup.index(after: markup.startIndex)..<nameEnd]
        let prefix = name.contains(":") ? String(name.prefix { $0 != ":" }) : nil
        var declarations = ""
        if let prefix {
            if !tag.contains("xmlns:\(prefix)=") { declarations += " xmlns:\(prefix)=\"http://www.w3.org/2000/svg\"" }
        } else if !tag.contains("xmlns=") {
            declarations += " xmlns=\"http://www.w3.org/2000/svg\""
        }
        if markup.contains("xlink:") && !tag.contains("xmlns:xlink") { declarations += " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" }
        markup.insert(contentsOf: declarations, at: open.upperBound)
        return DataURL.make(Array(markup.utf8), mediaType: "image/svg+xml")
    }

    /// Whether `picture` (styled `style`) is set among its paragraph's words rather than as a
    /// block: an inline box (CSS `display: inline`, an `img`'s own), not floated, whose size is
    /// known and at most `inlineHeight` ems high (a symbol, an icon, a letter drawn as a picture).
    static func isInlinePicture(_ picture: DocumentStructure.Picture, style: ComputedStyle) -> Bool {
        guard style.display == .inline, style.float == .none, picture.isKnown else { return false }
        let aspect = Float(picture.pixelHeight) / Float(picture.pixelWidth)
        let height: Float? = switch (picture.height, picture.width) {
        case (.ems(let h)?, _): h
        case (nil, .ems(let w)?): w * aspect
        case (nil, nil): Float(picture.pixelHeight) / 16
        default: nil
        }
        return height.map { $0 > 0 && $0 <= inlineHeight } ?? false
    }

    /// The tallest picture set among words, in ems (19 CSS px at 16 to the em: about a capital
    /// and its descender; a 20 px one is a block).
    static let inlineHeight: Float = 1.2
}
