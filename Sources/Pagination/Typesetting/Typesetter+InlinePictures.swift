/// Pictures set among their paragraph's words (`DocumentStructure.Picture.isInline`: a symbol,
/// an icon): each a U+FFFC measured as wide as the picture is drawn, so that lines break and
/// justify around it as around a letter, no glyph drawn for it, and the picture placed on the
/// baseline where its U+FFFC stands (`placePictures`).
extension Typesetter {
    /// A picture among words: where its U+FFFC is (a scalar of the text at the bytes asked
    /// about, counted from their start) and the size it is drawn at, in the block's own pixels
    /// (see `BlockGeometry`).
    struct InlinePicture {
        var scalar: Int
        var picture: DocumentStructure.Picture
        var width: Float
        var height: Float
    }

    /// The pictures among the words of the text at bytes `range` (a paragraph, or a line of it).
    func inlinePictures(bytes range: Range<Int>) -> [InlinePicture] {
        guard let structure, !structure.pictures.isEmpty else { return [] }
        var k = structure.pictures.partitioningIndex { $0.start >= range.lowerBound }
        var found: [InlinePicture] = []
        // (Asked for every paragraph and line of a book with pictures: the block's geometry only
        // once one is found.)
        var block: (scale: Float, measure: Float, first: Int)?
        while k < structure.pictures.count && structure.pictures[k].start < range.upperBound {
            let picture = structure.pictures[k]
            if picture.isInline {
                if block == nil {
                    let geometry = blockGeometry(atByte: range.lowerBound, rightToLeft: false)
                    block = (geometry?.scale ?? 1, geometry.map { $0.width * $0.scale } ?? settings.contentWidth,
                             text.scalarOffset(ofByte: range.lowerBound))
                }
                let (scale, measure, first) = block!
                let size = picture.usedSize(available: measure, pageHeight: settings.contentHeight, em: settings.fontSize)
                found.append(InlinePicture(scalar: text.scalarOffset(ofByte: picture.start) - first, picture: picture,
                                           width: size.width / scale, height: size.height / scale))
            }
            k += 1
        }
        return found
    }

    /// Gives each picture among the words of the paragraph loaded last (bytes `range`, in
    /// `scalars[0..<count]`) its width.
    mutating func measureInlinePictures(bytes range: Range<Int>, count: Int) {
        for inline in inlinePictures(bytes: range) where inline.scalar >= 0 && inline.scalar < count {
            widths[inline.scalar] = inline.width
        }
    }

    /// Makes the glyphs of the pictures among a line's words (`inline`, scalars counted from
    /// the line's start) as wide as the pictures; returns their scalars, whose glyphs are not
    /// drawn (`position` notes where each goes in `inlinePictureSink`).
    func widenInlinePictures(_ inline: [InlinePicture], in segments: inout [PlacedSegment]) -> Set<Int> {
        guard !inline.isEmpty else { return [] }
        var scalars: [Int: Float] = [:]
        for picture in inline { scalars[picture.scalar] = picture.width }
        for s in segments.indices {
            for g in segments[s].glyphs.indices {
                guard let width = scalars[segments[s].start + Int(segments[s].glyphs[g].cluster)] else { continue }
                segments[s].width += width - segments[s].glyphs[g].advance
                segments[s].glyphs[g].advance = width
            }
        }
        return Set(scalars.keys)
    }
}

/// Where `Typesetter.position` put the pictures among the words of the line it placed last:
/// each picture's scalar in the book and its left edge, px from the page's left.
final class InlinePictureSink {
    var placed: [(offset: Int, x: Float)] = []
}
