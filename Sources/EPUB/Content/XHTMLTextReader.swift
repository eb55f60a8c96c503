@preconcurrency internal import Glibc
import CSS
import Pagination
import PictureFiles

/// Writes an XHTML content document's body into a `DocumentBuilder`, each element styled by
/// its cascade (`BookStyles`: the user-agent sheet, the book's sheets, its `style` attribute):
/// `display` decides blocks, list items and what is not shown; a block's alignment, indent,
/// side margins and collapsed vertical margins become its `DocumentStructure.Style`;
/// `white-space: pre` keeps its lines; `break-before`/`after: page` start pages and `avoid`
/// (and `break-inside: avoid`) keeps blocks together; italics, `text-transform`, list markers
/// and `::before`/`::after` strings are written into the text; inline `float` and
/// `white-space: nowrap` are marked on theirs.
/// `hr` (or an empty block drawing a border) is a scene break. A picture (`img`, an SVG's
/// `image`) is a block of its own (`XHTMLTextReader+Pictures`); other replaced elements
/// (MathML, media) are passed over.
///
/// The walk keeps its own stack, so a document nested 100,000 deep costs memory in proportion,
/// never the thread's stack.
struct XHTMLTextReader {
    /// Where each element with an `id` starts: a scalar offset of the book, by `path#id`.
    var anchors: [String: Int] = [:]
    /// The picture the book shows for a path (the file itself, or the picture a foreign one
    /// falls back to) and its header (its format and size), when it has one.
    let pictureHeader: (String) -> (path: String, header: PictureHeader)?

    init(pictureHeader: @escaping (String) -> (path: String, header: PictureHeader)? = { _ in nil }) {
        self.pictureHeader = pictureHeader
    }

    private enum Step {
        case enter(XMLNode, parent: Int)
        case exit(Int)
    }

    /// An element being written: its style, and for a block what its inline content after a
    /// child block continues with.
    private struct Frame {
        let style: ComputedStyle
        /// The style's name in the document's `StyleResolver` (-1: none, above the root).
        let styleID: Int
        let isBlock: Bool
        var role: DocumentStructure.Role
        var blockStyle: DocumentStructure.Style?
        var insets: (start: Double, end: Double)
        var listCounter: Int
        let breaksAfter: Bool
        var after: [String]? = nil
        var afterItalic = false
        var afterShift = ComputedStyle.VerticalAlign.baseline
        /// What its text takes from the elements around it.
        var inline = TextContext()
        /// The language the element is in: its own `xml:lang` or `lang`, else its parent's (an
        /// index into `languages`, -1 for none: a frame is copied for every node, a number
        /// costs nothing to copy).
        var language: Int32 = -1
        /// The note the element is, when it is one (`XHTMLTextReader+Notes`).
        var note: OpenNote?
    }

    /// What an element's text takes from the elements around it besides its inherited style:
    /// properties that are not inherited but go on applying to everything inside the box that
    /// set them.
    struct TextContext {
        /// Raised or lowered: its own `vertical-align`, else its inline ancestor's (the text of
        /// an `<a>` inside a `<sup>` goes up with it).
        var shift = ComputedStyle.VerticalAlign.baseline
        /// Floated to a side of its line: its own `float`, else its inline ancestor's.
        var float = ComputedStyle.FloatSide.none
        /// The link it is in (its own `href`, or its ancestor's).
        var link: String? = nil
        /// The font size of the block it is in (its own, for a block), in root ems: inline text
        /// set smaller than it is drawn smaller.
        var blockFontSize = 1.0
        /// The outermost block around it that avoids page breaks inside it
        /// (`DocumentBuilder.keepGroup`), or nil.
        var keepGroup: Int?
    }

    /// Replaced and embedded elements: not text.
    private static let replacedElements: Set<String> = [
        "img", "svg", "math", "video", "audio", "object", "embed", "iframe", "canvas", "input", "button", "select",
        "textarea", "map", "picture",
    ]

    /// The width, in ems, a percentage of the containing block is taken of (about the measure
    /// of a book page: 75 characters of half an em).
    static let percentBase = 33.0

    /// Writes the body of the document `tree` (at `path`) into `builder`, styled by `cascade`.
    /// Notes out of the flow (`aside` footnotes) are written into `notes` instead.
    mutating func read(_ tree: XMLTree, path: String, styles: DocumentStyles, into builder: inout DocumentBuilder,
                       notes noteBuilder: inout DocumentBuilder) {
        let cascade = styles.cascade
        typefaces = styles.typefaces
        typefaceNumbers = [:]
        otherTypefaceNumbers = [:]
        quoteDepth = 0
        let table = ElementTable(root: tree.root, cascade: cascade)
        let elements = table.tree
        var resolver = StyleResolver(cascade: cascade)
        let rootID = table.index(of: tree.root).map { resolver.style(of: $0, in: elements, parent: nil) }
        let rootStyle = rootID.map { resolver[$0] } ?? ComputedStyle()
        let body = tree.root.child("body") ?? tree.root
        var frames: [Frame] = [Frame(style: rootStyle, styleID: rootID ?? -1, isBlock: true, role: .paragraph, blockStyle: nil,
                                     insets: (0, 0), listCounter: 0, breaksAfter: false)]
        frames[0].language = languageIndex(tree.root.language)
        frames[0].inline.blockFontSize = rootStyle.fontSize
        var stack: [Step] = [.enter(body, parent: 0)]
        var pendingMargin = 0.0
        // The most characters `::before` and `::after` may add to one document.
        var generatedBudget = 100_000
        var written = builder.scalarCount
        // Text written since the margins were last collapsed ends them; a block's line feed
        // does not (`endBlock`).
        func noteText() {
            if builder.scalarCount != written {
                written = builder.scalarCount
                pendingMargin = 0
            }
        }
        func endBlock() {
            builder.endBlock()
            written = builder.scalarCount
        }
        while let step = stack.popLast() {
            switch step {
            case .exit(let index):
                let frame = frames[index]
                if let after = frame.after, generatedBudget > 0 {
                    var box = frame.inline
                    box.shift = frame.afterShift
                    setInline(&builder, frame.style, box)
                    for s in QuotationMarks.resolve(after, language: language(frame.language), depth: &quoteDepth) {
                        builder.append(s, italic: frame.afterItalic, generated: true)
                    }
                    generatedBudget -= after.reduce(0) { $0 + $1.count }
                }
                noteText()
                frames.removeLast()
                if !frame.isBlock, let note = frame.note {
                    closeNote(note, &builder, &noteBuilder, &pendingMargin, &written)
                }
                guard frame.isBlock else { continue }
                if frame.style.display == .listItem { builder.clearPrefix() }
                endBlock()
                builder.cancelDropCap()
                if frame.style.tablePart != .none { Self.endTablePart(style: frame.style, builder: &builder) }
                if let note = frame.note { closeNote(note, &builder, &noteBuilder, &pendingMargin, &written) }
                // A note out of the flow leaves no margin, keep or break in it.
                if frame.note?.hidden != true {
                    if frame.style.breakAfter == .avoid { builder.keepLastBlockWithNext() }
                    pendingMargin = max(pendingMargin, Self.ems(frame.style.margin.bottom))
                    if frame.breaksAfter {
                        builder.breakPage()
                        written = builder.scalarCount
                    }
                }
                // The parent's inline content after this block goes on in a block of its own.
                if let parent = frames.last, parent.isBlock, frames.count > 1 {
                    builder.language = language(parent.language)
                    builder.beginBlock(parent.role, unindented: true, style: parent.blockStyle.map { Self.spaced($0, pendingMargin) })
                }
            case .enter(let node, let parentIndex):
                let parent = frames[parentIndex]
                switch node.kind {
                case .text:
                    let bytes = node.textPointer.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
                    let buffer = UnsafeBufferPointer(start: bytes, count: node.textPointer.map { strlen($0) } ?? 0)
                    // White space between elements names no typeface of its own.
                    setInline(&builder, parent.style, parent.inline,
                              withText: typefaces.isEmpty || buffer.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D })
                    builder.language = language(parent.language)
                    if bytes != nil {
                        if parent.style.textTransform == .none {
                            builder.append(utf8: buffer, italic: parent.style.italic)
                        } else {
                            builder.append(Self.transformed(String(decoding: buffer, as: UTF8.self), parent.style.textTransform),
                                           italic: parent.style.italic)
                        }
                        noteText()
                    }
                    continue
                case .entityReference:
                    setInline(&builder, parent.style, parent.inline)
                    builder.language = language(parent.language)
                    if let text = HTMLEntities.text(named: node.name) { builder.append(text, italic: parent.style.italic) }
                    noteText()
                    continue
                case .other:
                    continue
                case .element:
                    break
                }
                guard let element = table.index(of: node) else { continue }
                let name = elements.elements[element].localName
                let styleID = resolver.style(of: element, in: elements, parent: parent.styleID >= 0 ? parent.styleID : nil,
                                             attribute: node.attribute("style"))
                var style = resolver[styleID]
                // Its id, read once: an anchor, and maybe a note's.
                let id = node.attribute("id")
                let noteKey = notes.count < Self.noteLimit ? Self.noteKey(of: node, id: id, path: path) : nil
                // A note the book hides (it counts on a reader's pop-up) is a note out of the flow.
                let hiddenByStyle = style.display == .none
                if hiddenByStyle {
                    guard noteKey != nil else { continue }
                    style.display = .block
                }
                if let source = Self.pictureSource(of: node, named: name) {
                    let shown = picture(node, source: source, style: style, path: path)
                    if Self.isInlinePicture(shown, style: style) {
                        // A small picture among words: set in its line, on the baseline.
                        setInline(&builder, parent.style, parent.inline, withText: false)
                        builder.appendInlinePicture(shown)
                        recordAnchor(id, path: path, at: builder.scalarCount - 1)
                        noteText()
                        continue
                    }
                    let margin = max(pendingMargin, Self.ems(style.margin.top))
                    // In its parent's link and keep group (a figure's picture stays with its caption).
                    setInline(&builder, parent.style, parent.inline, withText: false)
                    builder.appendPicture(shown, style: Self.spaced(pictureStyle(style, insets: parent.insets), margin))
                    // Its anchor is its U+FFFC, before the block's line feed.
                    recordAnchor(id, path: path, at: builder.scalarCount - 2)
                    pendingMargin = Self.ems(style.margin.bottom)
                    written = builder.scalarCount
                    // The text after it goes on in a block like the one it was in.
                    builder.language = language(parent.language)
                    builder.beginBlock(parent.role, unindented: true, style: parent.blockStyle.map { Self.spaced($0, pendingMargin) })
                    continue
                }
                guard !Self.replacedElements.contains(name) else { continue }
                if name == "br" {
                    builder.lineBreak()
                    continue
                }
                let isBlock = style.display == .block || style.display == .listItem
                let isPageRoot = name == "body" || name == "html"
                var note: OpenNote?
                if let noteKey, !(isBlock && Self.isRule(name, node: node, style: style)) {
                    // A block `aside` note leaves the flow; a note inside it is out of the flow too.
                    let leaves = !hidingNote && (hiddenByStyle || (name == "aside" && isBlock))
                    note = OpenNote(key: noteKey, start: 0, hidden: leaves, outOfFlow: leaves || hidingNote)
                    if leaves {
                        // What follows is written into the notes' builder.
                        builder.endBlock()
                        note?.flowMargin = pendingMargin
                        note?.flowWritten = written
                        swapBuilders(&builder, &noteBuilder)
                        pendingMargin = 0
                        written = builder.scalarCount
                    }
                }
                var frame = Frame(style: style, styleID: styleID, isBlock: isBlock, role: parent.role, blockStyle: parent.blockStyle,
                                  insets: parent.insets, listCounter: Self.listStart(node), breaksAfter: style.breakAfter == .page)
                if let tag = node.language { frame.language = languageIndex(tag) } else { frame.language = parent.language }
                // `vertical-align` applies to inline boxes only (CSS 2 §10.8.1); a floated
                // block is laid out as a block in the flow (only a float inside a line moves).
                frame.inline = parent.inline
                frame.inline.shift = isBlock ? .baseline : style.verticalAlign == .baseline ? parent.inline.shift : style.verticalAlign
                frame.inline.float = isBlock ? .none : style.float == .none ? parent.inline.float : style.float
                frame.inline.blockFontSize = isBlock ? style.fontSize : parent.inline.blockFontSize
                if isBlock && style.avoidsBreakInside && parent.inline.keepGroup == nil {
                    keepGroups += 1
                    frame.inline.keepGroup = keepGroups
                }
                if isBlock {
                    if style.breakBefore == .avoid { builder.keepLastBlockWithNext() }
                    if style.breakBefore == .page && builder.scalarCount > 0 {
                        builder.breakPage()
                        written = builder.scalarCount
                    }
                    if !isPageRoot { pendingMargin = max(pendingMargin, Self.ems(style.margin.top)) }
                    // The reader owns the page's margins: the body's and the root's are not the book's to set.
                    let insets = isPageRoot ? parent.insets : (
                        start: parent.insets.start + Self.ems(style.margin.left) + Self.ems(style.padding.left),
                        end: parent.insets.end + Self.ems(style.margin.right) + Self.ems(style.padding.right))
                    let rightToLeft = style.direction == .rtl
                    let blockStyle = DocumentStructure.Style(
                        alignment: Self.alignment(style.textAlign, rightToLeft: rightToLeft),
                        indent: Float(Self.ems(style.textIndent)),
                        startInset: Float(rightToLeft ? insets.end : insets.start),
                        endInset: Float(rightToLeft ? insets.start : insets.end),
                        spaceBefore: false, fontScale: Float(style.fontSize),
                        direction: style.direction.map { $0 == .rtl ? .rightToLeft : .leftToRight },
                        hyphenates: style.hyphens != .none && style.wordBreak == .normal,
                        lastLine: style.textAlignLast.map { Self.lastLine($0, rightToLeft: rightToLeft) })
                    builder.language = language(frame.language)
                    let role = Self.role(of: name, style: style)
                    frame.role = role
                    frame.blockStyle = blockStyle
                    frame.insets = insets
                    if Self.isRule(name, node: node, style: style) {
                        builder.beginBlock(.sceneBreak, style: Self.spaced(Self.centred(blockStyle), pendingMargin))
                        recordAnchor(id, path: path, at: builder.scalarCount)
                        setInline(&builder, ComputedStyle(), TextContext())
                        builder.append("*\u{2003}*\u{2003}*", generated: true)
                        noteText()
                        endBlock()
                        pendingMargin = Self.ems(style.margin.bottom)
                        continue
                    }
                    if style.tablePart != .none { Self.beginTablePart(node, style: style, insets: insets, builder: &builder) }
                    builder.beginBlock(role, unindented: false, style: Self.spaced(blockStyle, pendingMargin))
                    if cascade.pseudoElements.contains(.firstLetter) {
                        let letter = resolver.style(of: element, in: elements, parent: styleID, pseudo: .firstLetter)
                        if let lines = Self.dropCapLines(resolver[letter], block: style) { builder.dropCapNextLetter(lines: lines) }
                    }
                    if style.display == .listItem, parentIndex > 0 {
                        let number = frames[parentIndex].listCounter
                        frames[parentIndex].listCounter += 1
                        if let marker = ListMarker.text(style.listStyle, number: number) { builder.prefixNextBlock(marker) }
                    }
                }
                // After the block began: an anchor is where its element's text starts.
                recordAnchor(id, path: path, at: builder.scalarCount)
                note?.start = builder.scalarCount
                frame.note = note
                if cascade.pseudoElements.contains(.before) {
                    let beforeID = resolver.style(of: element, in: elements, parent: styleID, pseudo: .before)
                    let before = resolver[beforeID]
                    if let content = before.content, generatedBudget > 0 {
                        var box = frame.inline
                        box.shift = before.verticalAlign == .baseline ? frame.inline.shift : before.verticalAlign
                        setInline(&builder, before, box)
                        for s in QuotationMarks.resolve(content, language: language(frame.language), depth: &quoteDepth) {
                            builder.append(s, italic: before.italic, generated: true)
                        }
                        generatedBudget -= content.reduce(0) { $0 + $1.count }
                    }
                }
                if cascade.pseudoElements.contains(.after) {
                    let afterID = resolver.style(of: element, in: elements, parent: styleID, pseudo: .after)
                    let after = resolver[afterID]
                    frame.after = after.content
                    frame.afterItalic = after.italic
                    frame.afterShift = after.verticalAlign == .baseline ? frame.inline.shift : after.verticalAlign
                }
                noteText()
                if name == "a", let href = node.attribute("href") { frame.inline.link = Self.link(href, from: path) }
                frames.append(frame)
                let index = frames.count - 1
                stack.append(.exit(index))
                for child in node.children.reversed() { stack.append(.enter(child, parent: index)) }
            }
        }
        builder.endBlock()
    }

    /// Makes the text appended next bold, in small capitals, monospaced and letter-spaced as
    /// `style` says, unbreakable when it does not wrap (`white-space: nowrap`), raised or
    /// lowered and floated as `box` says, in the book's typeface it names, smaller when its size is under nine tenths of its
    /// block's (a line keeps its block's size and no text in it is set larger), in `box`'s link
    /// and keep group.
    /// Without `withText` (white space alone, a picture), a typeface the book has not set
    /// text in yet is not counted as one it uses.
    mutating func setInline(_ builder: inout DocumentBuilder, _ style: ComputedStyle, _ box: TextContext, withText: Bool = true) {
        builder.typeface = typefaceNumber(of: style, in: &builder, registering: withText)
        builder.bold = style.weight >= 600
        builder.smallCaps = style.smallCaps
        builder.unbreakable = style.whiteSpace == .nowrap
        builder.monospace = style.isMonospace
        builder.breaksAnywhere = style.wordBreak == .breakAll
        builder.letterSpacing = Float(style.letterSpacing)
        builder.raised = box.shift == .superscript
        builder.lowered = box.shift == .subscript
        builder.floatsLeft = box.float == .left
        builder.floatsRight = box.float == .right
        builder.smaller = style.fontSize < box.blockFontSize * 0.9
        builder.link = box.link
        builder.keepGroup = box.keepGroup
    }

    /// The blocks that avoid breaks inside them so far (each names its `keepGroup`).
    private var keepGroups = 0

    /// The languages elements of the document set, each once.
    var languages: [String] = []

    /// The typefaces the document's sheets declare, by family name in lower case, and the
    /// number each `font-family` list met so far is set in (`typefaceNumber(of:in:)`).
    var typefaces: [String: DocumentStructure.Typeface] = [:]
    var typefaceNumbers: [[String]: Int] = [:]
    /// The same for the builder swapped out (the notes' while the flow is written, and back):
    /// each builder numbers its typefaces.
    var otherTypefaceNumbers: [[String]: Int] = [:]
    /// How many quotations are open (`QuotationMarks`).
    var quoteDepth = 0
    /// The document's notes by `path#id` (`XHTMLTextReader+Notes`), and whether the text
    /// written now is a note's out of the flow.
    var notes: [String: NoteText] = [:]
    var hidingNote = false
}
