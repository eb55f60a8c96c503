import Testing
@testable import Pagination

@Suite("Laying a book out on two threads")
struct ThreadedPaginationTests {
    /// Chapters of English and Chinese paragraphs, with runs of blank lines of every length so
    /// that the middle of the book falls among them for some sizes.
    static func book(paragraphs: Int, blankRun: Int) -> String {
        var out = ""
        for i in 0..<paragraphs {
            if i % 40 == 0 { out += "CHAPTER \(i / 40 + 1)\n" + String(repeating: "\n", count: blankRun) }
            out += i % 3 == 0
                ? "　　第\(i)段：天下大势，分久必合，合久必分。周末七国分争，并入于秦。\n\n"
                : "Paragraph \(i) begins here and runs on\nfor a while, wrapped as Project Gutenberg\nwraps its lines, until it ends.\n"
                    + String(repeating: "\n", count: 1 + i % blankRun)
        }
        return out
    }

    @Test("two threads give exactly the lines and pages of one, in both presets, wherever the middle falls",
          arguments: [LayoutPreset.book, .plain], [1, 2, 3, 5])
    func sameAsOneThread(preset: LayoutPreset, blankRun: Int) {
        let text = BookText(Self.book(paragraphs: 1_500 + blankRun * 7, blankRun: blankRun))
        #expect(text.utf8.count >= Paginator.smallestSplitBook, "large enough to be split")
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16, preset: preset)
        let paginator = Paginator(text: text, settings: settings, advances: .monospaced(pixelSize: 16, narrow: 8, wide: 16))
        let one = paginator.paginate()
        let two = paginator.paginate(threads: 2)
        #expect(two == one)
        #expect(one.pageCount > 100)
    }

    /// A stretch that begins inside a paragraph (which `paginate(threads:)` never cuts, but a
    /// paragraph that runs on past where the next stretch was taken to begin looks the same)
    /// is laid out again from where the paragraph before it ended.
    @Test("stretches that begin inside paragraphs still give exactly the lines of one thread",
          arguments: [LayoutPreset.book, .plain])
    func stretchesInsideParagraphs(preset: LayoutPreset) {
        let text = BookText(Self.book(paragraphs: 600, blankRun: 3))
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16, preset: preset)
        let paginator = Paginator(text: text, settings: settings, advances: .monospaced(pixelSize: 16, narrow: 8, wide: 16))
        // Every 997th byte that starts a scalar: mostly inside paragraphs, now and then a start.
        var starts = [TextPosition(byte: 0, scalar: 0)]
        for byte in stride(from: 997, to: text.utf8.count, by: 997) where text.utf8[byte] & 0xC0 != 0x80 {
            starts.append(TextPosition(byte: byte, scalar: text.scalarOffset(ofByte: byte)))
        }
        #expect(starts.count > 20)
        #expect(paginator.paginate(stretchStarts: starts) == paginator.paginate())
    }

    @Test("a small book is laid out on one thread and comes out the same")
    func smallBook() {
        let text = BookText(Self.book(paragraphs: 30, blankRun: 2))
        #expect(text.utf8.count < Paginator.smallestSplitBook)
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
        let paginator = Paginator(text: text, settings: settings, advances: .monospaced(pixelSize: 16, narrow: 8, wide: 16))
        #expect(paginator.paginate(threads: 2) == paginator.paginate())
    }
}
