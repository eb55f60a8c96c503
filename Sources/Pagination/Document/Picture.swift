extension DocumentStructure {
    /// A picture of the book (an `img`, an SVG image, the cover): a block of its own whose
    /// text is one U+FFFC OBJECT REPLACEMENT CHARACTER at `start`, the file it shows, the size
    /// its file says it has and the size its style asks for.
    ///
    /// Sizes follow CSS: the file's pixels are CSS px (16 to the reader's em, so that the
    /// reader's font size scales a picture as it scales every length the book gives), the
    /// style's lengths are `PictureLength`s; `usedSize` works out the size it is drawn at.
    public struct Picture: Sendable, Hashable {
        /// The byte of its U+FFFC in the text.
        public var start: Int
        /// The file it shows: a path inside the book.
        public var source: String
        /// The picture's own size in pixels, as its file's header says; 0 × 0 when the file is
        /// missing, is not a picture this reader draws, or claims a size past
        /// `largestPixelCount` (a placeholder is drawn).
        public var pixelWidth: Int32
        public var pixelHeight: Int32
        /// The size its style asks for (CSS `width`, `height`, `max-width`, `max-height`).
        public var width: PictureLength?
        public var height: PictureLength?
        public var maxWidth: PictureLength?
        public var maxHeight: PictureLength?
        /// The book's cover, which fills the page (scaled up or down, its shape kept).
        public var fillsPage: Bool
        /// The text the book gives in its place (`alt`), shown on a placeholder.
        public var alternative: String
        /// The side it floats to (CSS `float`), the paragraph after it set beside it when it is
        /// small enough (`Typesetter+Floats`).
        public var floatSide: FloatSide = .none
        /// Set in its line, on the baseline, as a letter is (a small picture among its
        /// paragraph's words: `DocumentBuilder.appendInlinePicture`), not a block of its own.
        public var isInline = false

        /// A side a picture floats to.
        public enum FloatSide: UInt8, Sendable, Hashable { case none, left, right }

        public init(start: Int, source: String, pixelWidth: Int32, pixelHeight: Int32, width: PictureLength? = nil,
                    height: PictureLength? = nil, maxWidth: PictureLength? = nil, maxHeight: PictureLength? = nil,
                    fillsPage: Bool = false, alternative: String = "") {
            self.start = start
            self.source = source
            let known = pixelWidth > 0 && pixelHeight > 0
                && Int64(pixelWidth) * Int64(pixelHeight) <= Self.largestPixelCount
            self.pixelWidth = known ? pixelWidth : 0
            self.pixelHeight = known ? pixelHeight : 0
            self.width = width
            self.height = height
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.fillsPage = fillsPage
            self.alternative = String(alternative.prefix(200))
        }

        /// A picture's file as messages and JSON name it: its path, or for one written into its
        /// document (a `data:` URL) the URL up to its data (`data:image/png;base64`).
        public static func name(ofSource source: String) -> String {
            source.hasPrefix("data:") ? String(source.prefix { $0 != "," }) : source
        }

        /// Whether the picture's file gave a size it can be drawn at (else a placeholder is).
        public var isKnown: Bool { pixelWidth > 0 && pixelHeight > 0 }

        /// The most pixels a picture may claim: 100 megapixels (a 10,000 × 10,000 scan; the
        /// largest pictures of illustrated books are a tenth of that). A larger claim is refused
        /// before anything is decoded, and a placeholder drawn.
        public static let largestPixelCount: Int64 = 100_000_000

        /// The size of a placeholder, in ems: a frame the width of a few words, two lines high.
        static let placeholderSize: (width: Float, height: Float) = (8, 3)

        /// The size the picture is drawn at, px, in a block `available` px wide on a page whose
        /// text area is `pageHeight` px high, for a reader's em of `em` px (CSS 2 §10.3.2 and
        /// §10.6.2 for a replaced element, §10.4 and §10.7 for the maximums):
        /// - a width and a height given are used; one given scales the other by the picture's
        ///   shape; neither gives the file's size (16 CSS px to the em);
        /// - `max-width` and `max-height` then scale it down, its shape kept;
        /// - and it is never wider than the block nor taller than the page (scaled down, its
        ///   shape kept, never cut); a cover is scaled to fill the page either way.
        public func usedSize(available: Float, pageHeight: Float, em: Float) -> (width: Float, height: Float) {
            let available = max(available, 1), pageHeight = max(pageHeight, 1)
            guard isKnown else {
                let w = min(available, Self.placeholderSize.width * em)
                return (w, min(pageHeight, Self.placeholderSize.height * em))
            }
            let ratio = Float(pixelHeight) / Float(pixelWidth)
            if fillsPage {
                let scale = min(available / Float(pixelWidth), pageHeight / Float(pixelHeight))
                return (Float(pixelWidth) * scale, Float(pixelHeight) * scale)
            }
            let cssPixel = em / 16
            let givenWidth = width?.pixels(em: em, of: available)
            let givenHeight = height?.pixels(em: em, of: pageHeight)
            var w: Float, h: Float
            switch (givenWidth, givenHeight) {
            case let (gw?, gh?): (w, h) = (gw, gh)
            case let (gw?, nil): (w, h) = (gw, gw * ratio)
            case let (nil, gh?): (w, h) = (gh / ratio, gh)
            case (nil, nil): (w, h) = (Float(pixelWidth) * cssPixel, Float(pixelHeight) * cssPixel)
            }
            var scale: Float = 1
            if let most = maxWidth?.pixels(em: em, of: available), w > most { scale = min(scale, most / w) }
            if let most = maxHeight?.pixels(em: em, of: pageHeight), h > most { scale = min(scale, most / h) }
            w *= scale
            h *= scale
            let fit = min(1, available / w, pageHeight / h)
            w *= fit
            h *= fit
            guard w.isFinite, h.isFinite, w >= 1, h >= 1 else { return (min(available, em), min(pageHeight, em)) }
            return (w, h)
        }
    }

    /// The picture whose U+FFFC is at byte `byte`, if any.
    public func picture(atByte byte: Int) -> Picture? {
        let at = pictures.partitioningIndex { $0.start >= byte }
        return at < pictures.count && pictures[at].start == byte ? pictures[at] : nil
    }
}

/// A length a book's style gives a picture: ems of the reader's size (the style sheet's em,
/// rem, px and pt alike), or a percentage of the block's width (for a width) or of the page's
/// text height (for a height).
public enum PictureLength: Sendable, Hashable {
    case ems(Float)
    case percent(Float)

    /// The length in px for an em of `em` px, a percentage being of `whole` px.
    public func pixels(em: Float, of whole: Float) -> Float {
        switch self {
        case .ems(let n): max(0, n * em)
        case .percent(let p): max(0, p / 100 * whole)
        }
    }
}
