import Testing
@testable import Pagination

/// A mixed text of English paragraphs (hard-wrapped) and Chinese ones.
func sampleBook(paragraphs: Int = 120) -> String {
    var out = "CHAPTER I\n\n"
    for i in 0..<paragraphs {
        if i % 3 == 0 {
            out += "　　第\(i)段：天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后，楚、汉分争，又并入于汉。\n\n"
        } else {
            out += "Paragraph \(i) begins here and runs on\nfor a while, wrapped as Project Gutenberg\nwraps its lines, until it ends.\n\n"
        }
    }
    return out
}

@Suite("Positions")
struct PositionTests {
    let text = BookText(sampleBook())

    func paginate(size: Float, width: Float = 420, preset: LayoutPreset = .book) -> PageMap {
        let settings = LayoutSettings(pageWidth: width, pageHeight: 600, margin: 30, fontSize: size, preset: preset)
        let table = AdvanceTable.monospaced(pixelSize: size, narrow: size / 2, wide: size)
        return Paginator(text: text, settings: settings, advances: table).paginate()
    }

    @Test("after a font-size change the reader lands on the page holding their first character")
    func fontSizeChangeKeepsPlace() {
        let small = paginate(size: 16)
        let large = paginate(size: 24)
        #expect(large.pageCount > small.pageCount)
        for page in 0..<small.pageCount {
            let first = small.pageStart(page)
            let landed = large.page(containing: first)
            #expect(large.pageRange(landed).contains(first))
        }
    }

    @Test("a pass that is no longer wanted stops within a paragraph; one left alone gives the whole book")
    func cancelledPassStopsEarly() {
        let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 16)
        let paginator = Paginator(text: text, settings: settings,
                                  advances: .monospaced(pixelSize: 16, narrow: 8, wide: 16))
        var asked = 0
        let stopped = paginator.paginate(until: {
            asked += 1
            return asked > 3
        })
        #expect(stopped == nil)
        #expect(asked == 4, "asked once per paragraph, and no further once it says stop")
        let whole = paginator.paginate(until: { false })
        #expect(whole?.lines == paginator.paginate().lines)
        #expect(whole?.pageCount == paginate(size: 16).pageCount)
    }

    @Test("the lazy page at any offset holds it and opens with the line the full pass puts there")
    func lazyPageMatchesFullPass() {
        for preset in LayoutPreset.allCases {
            let settings = LayoutSettings(pageWidth: 420, pageHeight: 600, margin: 30, fontSize: 18, preset: preset)
            let table = AdvanceTable.monospaced(pixelSize: 18, narrow: 9, wide: 18)
            let paginator = Paginator(text: text, settings: settings, advances: table)
            let full = paginator.paginate()
            // Every offset of the first few pages (blank lines included), then a sample.
            let offsets = Array(0..<min(text.scalarCount, 2000)) + Array(stride(from: 2000, to: text.scalarCount, by: 37))
            for offset in offsets {
                let slice = paginator.page(at: offset)
                guard let first = slice.lines.first else {
                    Issue.record("no lines at \(offset)")
                    continue
                }
                #expect(slice.range.contains(offset), "offset \(offset) not in \(slice.range)")
                #expect(full.lines.contains(first), "lazy line \(first) at \(offset) is not a line of the full pass")
                // After the full pass, the reader lands on a page that holds the same text.
                let landed = full.page(containing: slice.range.lowerBound)
                #expect(full.pageRange(landed).contains(slice.range.lowerBound))
            }
        }
    }

    @Test("after a page-size or preset change the reader lands on the page holding their first character")
    func layoutChangesKeepPlace() {
        let before = paginate(size: 18)
        for after in [paginate(size: 18, width: 600), paginate(size: 18, preset: .plain), paginate(size: 30, width: 300)] {
            for page in stride(from: 0, to: before.pageCount, by: 3) {
                let first = before.pageStart(page)
                #expect(after.pageRange(after.page(containing: first)).contains(first))
            }
        }
    }

    @Test("scalar and byte offsets map both ways")
    func offsets() {
        let scalars = Array(String(decoding: text.utf8, as: UTF8.self).unicodeScalars)
        #expect(scalars.count == text.scalarCount)
        var byte = 0
        for (i, scalar) in scalars.enumerated() {
            #expect(text.byteOffset(ofScalar: i) == byte)
            #expect(text.scalarOffset(ofByte: byte) == i)
            byte += String(scalar).utf8.count
        }
        #expect(text.byteOffset(ofScalar: scalars.count) == text.utf8.count)
    }
}
