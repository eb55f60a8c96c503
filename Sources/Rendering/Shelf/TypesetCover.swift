import Library
import PageTurner
import Reader

/// A cover set from a book's title and author, for a book without a picture of its own, as
/// plain cloth bindings were lettered: a card in one of a few quiet cloth colours (the same
/// book always gets the same one), a rule, the title centred in the upper part in the book
/// face, the author lower down. The text is shaped and ordered as the interface's is
/// (`TextLine`), so a Hebrew or Arabic title reads right to left and a Chinese one is set in
/// its own face.
enum TypesetCover {
    /// Cloth colours, dark enough for light lettering: oxblood, navy, forest, slate, ochre, plum.
    static let cloths: [RGB] = [RGB(112, 38, 42), RGB(34, 52, 92), RGB(36, 78, 58), RGB(62, 70, 80), RGB(150, 104, 36),
                                RGB(86, 46, 86)]
    static let lettering = RGB(238, 226, 196)

    /// The cloth of the book called `title` (an FNV-1a hash of its UTF-8 picks it).
    static func cloth(for title: String) -> RGB {
        var hash: UInt32 = 2_166_136_261
        for byte in title.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return cloths[Int(hash % UInt32(cloths.count))]
    }

    static func draw(_ book: BookMetadata, in box: Rect, chrome: Chrome) {
        let cloth = cloth(for: book.title)
        chrome.fill(box, cloth)
        let inset = max(6, box.width * 0.08)
        let inner = Rect(x: box.minX + inset, y: box.minY + inset, width: box.width - 2 * inset, height: box.height - 2 * inset)
        chrome.outline(inner, lettering.mixed(with: cloth, 0.45))
        let titleSize = Float(max(11, min(22, box.width / 8)))
        let title = chrome.with(textSize: titleSize)
        let lineHeight = Double(titleSize) * 1.3
        let lines = title.wrapped(book.title, width: inner.width - 12, maxLines: 5)
        var y = inner.minY + inner.height * 0.22
        for line in lines {
            title.centredText(line, in: Rect(x: inner.minX, y: y - lineHeight / 2, width: inner.width, height: lineHeight), color: lettering)
            y += lineHeight
        }
        let ruleY = y + lineHeight * 0.3
        chrome.fill(Rect(x: inner.minX + inner.width * 0.3, y: ruleY, width: inner.width * 0.4, height: 1), lettering)
        if let author = book.author {
            let small = chrome.with(textSize: max(10, titleSize * 0.7))
            let authorLines = small.wrapped(author, width: inner.width - 12, maxLines: 2)
            var ay = inner.maxY - inner.height * 0.12 - Double(authorLines.count - 1) * Double(titleSize)
            for line in authorLines {
                small.centredText(line, in: Rect(x: inner.minX, y: ay - Double(titleSize) / 2, width: inner.width, height: Double(titleSize)),
                                  color: lettering)
                ay += Double(titleSize)
            }
        }
    }
}
