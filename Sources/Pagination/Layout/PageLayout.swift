/// A page as it is drawn: every glyph of every line where it goes, and the boxes of the
/// running head and the page number. Made once per page (`Typesetter.position`) and drawn as is,
/// by the window, `render`, the first picture and both pages of a spread alike.
///
/// Lengths are logical pixels from the page's top-left corner; y grows downwards.
public struct PageLayout: Sendable, Equatable {
    /// The page's index in its layout.
    public var page: Int
    /// The scalar offsets the page shows.
    public var range: Range<Int>
    /// The page's size.
    public var width: Float
    public var height: Float
    /// The em size of the text's glyphs, px.
    public var fontSize: Float
    /// The lines, in reading order.
    public var lines: [PositionedLine]
    /// The running head (the chapter's title, or the book's) and where it is centred.
    public var runningHead: PageLabel?
    /// The page number and where it is centred.
    public var pageNumber: PageLabel?
    /// The pictures on the page and where they are drawn.
    public var pictures: [PlacedPicture]
    /// The rules of its tables, drawn in the text's colour.
    public var rules: [PageRule]

    public init(page: Int, range: Range<Int>, width: Float, height: Float, fontSize: Float, lines: [PositionedLine],
                runningHead: PageLabel? = nil, pageNumber: PageLabel? = nil, pictures: [PlacedPicture] = [],
                rules: [PageRule] = []) {
        self.pictures = pictures
        self.rules = rules
        self.page = page
        self.range = range
        self.width = width
        self.height = height
        self.fontSize = fontSize
        self.lines = lines
        self.runningHead = runningHead
        self.pageNumber = pageNumber
    }
}

/// One line of a page: its baseline and its glyphs, in runs of one face, left to right.
public struct PositionedLine: Sendable, Equatable {
    /// The baseline, px from the page's top.
    public var baseline: Float
    /// The scalar offsets of the text the line shows (as its `TypesetLine`).
    public var range: Range<Int>
    public var runs: [GlyphRun]
    /// When the line ends inside a word with a hyphen the layout added, the run that holds
    /// it alone (the last of the line's logical order; its cluster is the word's character
    /// before the break, inside the line).
    public var hyphenRun: Int?
    /// Where the advance of the line's rightmost glyph ends, px from the page's left edge
    /// (0 for a line without glyphs): with the glyphs' origins, the span each glyph covers.
    public var end: Float

    /// The line ends inside a word with a hyphen the layout added.
    public var hyphenated: Bool { hyphenRun != nil }

    public init(baseline: Float, range: Range<Int>, runs: [GlyphRun], hyphenRun: Int? = nil, end: Float = 0) {
        self.baseline = baseline
        self.range = range
        self.runs = runs
        self.hyphenRun = hyphenRun
        self.end = end
    }

    /// Every glyph of the line, left to right.
    public var glyphs: [PositionedGlyph] { runs.flatMap(\.glyphs) }
}

/// Consecutive glyphs of one face, style and size on a line.
public struct GlyphRun: Sendable, Equatable {
    /// The face: an index into the shaper's faces, or `ShapedGlyph.scalarFont` when the
    /// glyph ids are scalars (text measured without fonts).
    public var font: UInt16
    public var glyphs: [PositionedGlyph]
    /// The style the glyphs were shaped in (their face is already the style's, `font`).
    public var style: FaceStyle
    /// The glyphs' size in ems of the page's `fontSize` (a heading's 1.5): they are drawn at
    /// `fontSize × scale` px.
    public var scale: Float

    /// A run of `glyphs` of face `font`, shaped in `style`, drawn `scale` times the page's size.
    public init(font: UInt16, glyphs: [PositionedGlyph], style: FaceStyle = [], scale: Float = 1) {
        self.font = font
        self.glyphs = glyphs
        self.style = style
        self.scale = scale
    }
}

/// A glyph where it is drawn.
public struct PositionedGlyph: Sendable, Equatable {
    /// The glyph's index in its run's face (or a scalar: see `GlyphRun.font`).
    public var id: UInt32
    /// The glyph's origin, px from the page's left edge, after justification.
    public var x: Float
    /// The glyph's baseline, px from the page's top (the line's baseline less any offset
    /// the shaper gave the glyph, a mark's for instance).
    public var y: Float
    /// The scalar offset in the book of the first character the glyph shows.
    public var cluster: Int32

    public init(id: UInt32, x: Float, y: Float, cluster: Int32) {
        self.id = id
        self.x = x
        self.y = y
        self.cluster = cluster
    }
}

/// A short text in the page's margin, the running head or the folio: set as a `TextLine` in
/// the page's faces (`Typesetter.label`), centred in its box and cut with "…" to fit it.
public struct PageLabel: Sendable, Equatable {
    /// The whole text (the glyphs may show a part of it and "…").
    public var text: String
    /// The box, px from the page's top-left corner.
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float
    /// The glyphs as drawn, left to right, px from the page's top-left corner; each glyph's
    /// `cluster` is the scalar of `text` it starts at (in a label cut to fit, the "…" has the
    /// cluster of the first scalar it stands for).
    public var runs: [GlyphRun]

    public init(text: String, x: Float, y: Float, width: Float, height: Float, runs: [GlyphRun] = []) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.runs = runs
    }
}

/// A picture where it is drawn on a page (`Typesetter.placePictures`): its rectangle, px from
/// the page's top-left corner, and the file it shows (an empty `source`, or a picture whose
/// file gave no size, is drawn as a placeholder with its `alternative` text).
public struct PlacedPicture: Sendable, Equatable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float
    /// The file, a path inside the book.
    public var source: String
    /// The picture's own size in pixels (0 × 0 when unknown: a placeholder).
    public var pixelWidth: Int32
    public var pixelHeight: Int32
    /// The book's text in its place (`alt`).
    public var alternative: String
    /// The scalar offset of its U+FFFC in the book.
    public var offset: Int

    public init(x: Float, y: Float, width: Float, height: Float, source: String, pixelWidth: Int32, pixelHeight: Int32,
                alternative: String, offset: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.source = source
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.alternative = alternative
        self.offset = offset
    }

    /// Whether a picture is drawn, rather than a placeholder.
    public var isKnown: Bool { pixelWidth > 0 && pixelHeight > 0 }
}

/// A rectangle on a page, px from its top-left corner: a table's rule, a piece of a selection.
public struct PageRect: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A rule of a table (`Typesetter.placeRules`): a rectangle filled in the text's colour.
public typealias PageRule = PageRect
