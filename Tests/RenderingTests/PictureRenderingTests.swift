import PageTurner
import Pagination
import ReaderTestSupport
import Reader
import Rendering
import Synchronization
import Testing

/// A book's files held in memory, counting what is read.
final class MemoryFiles: BookFiles {
    let files: [String: [UInt8]]
    private let reads = Mutex(0)
    init(_ files: [String: [UInt8]]) { self.files = files }
    var readCount: Int { reads.withLock { $0 } }

    func data(at path: String) throws -> [UInt8] {
        reads.withLock { $0 += 1 }
        guard let bytes = files[path] else { throw Missing(path: path) }
        return bytes
    }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "the book has no \(path)" }
    }
}

extension Rendering {
    /// Pictures are drawn where the layout placed them, in their own colours, at the screen's
    /// pixel density; one that cannot be drawn is a frame.
    @Suite struct PictureRenderingTests {
        /// A 60 × 30 PNG: its left half red, its right half blue.
        static let png: [UInt8] = {
            let pixels = (0..<30).flatMap { _ in (0..<60).map { x -> UInt32 in x < 30 ? 0xFFFF_0000 : 0xFF00_00FF } }
            return PNGWriter.encode(argb: pixels, width: 60, height: 30)
        }()

        /// A session on a book of a paragraph, a picture of `source` and a paragraph.
        static func session(source: String, files: MemoryFiles, theme: Theme = .paper) throws -> ReaderSession {
            try SDLRuntime.start(headless: true)
            var builder = DocumentBuilder()
            builder.beginBlock(.paragraph)
            builder.append("A paragraph before the picture.")
            builder.appendPicture(DocumentStructure.Picture(start: 0, source: source, pixelWidth: 60, pixelHeight: 30), style: nil)
            builder.beginBlock(.paragraph)
            builder.append("A paragraph after it.")
            let (text, structure) = builder.finish()
            var book = Book(text: text, title: "Pictures", structure: structure)
            book.files = files
            var start = ReaderStart()
            start.backgroundLayout = false
            start.pageCache = nil
            start.preferences.theme = theme
            return ReaderSession(book: book, fonts: try ReaderFixture.fonts(), pageSize: Size(width: 600, height: 800), start: start)
        }

        @Test func aPictureIsDrawnInItsRectangleInItsOwnColours() throws {
            let files = MemoryFiles(["red-blue.png": Self.png])
            for theme in [Theme.paper, .night] {
                let session = try Self.session(source: "red-blue.png", files: files, theme: theme)
                let placed = try #require(session.layout.pageLayout(0).pictures.first)
                let frame = try Fixture.render(session, page: 0)
                let midY = Int(placed.y + placed.height / 2)
                let left = frame.rgb(x: Int(placed.x + placed.width / 4), y: midY)
                let right = frame.rgb(x: Int(placed.x + placed.width * 3 / 4), y: midY)
                #expect(left.0 > 240 && left.1 < 15 && left.2 < 15, "red on the left in \(theme), not inverted: \(left)")
                #expect(right.2 > 240 && right.0 < 15 && right.1 < 15, "blue on the right in \(theme): \(right)")
                let outside = frame.rgb(x: Int(placed.x) - 3, y: midY)
                #expect(outside == (Int(theme.background.r), Int(theme.background.g), Int(theme.background.b)), "paper around it")
            }
        }

        @Test func onATwiceDenseScreenAPictureHasTwiceThePixelsAndStaysSharp() throws {
            let session = try Self.session(source: "red-blue.png", files: MemoryFiles(["red-blue.png": Self.png]))
            let placed = try #require(session.layout.pageLayout(0).pictures.first)
            let size = session.pageSize
            let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height), scale: 2)
            Fixture.draw(session, pose: nil, from: 0, to: -1, on: canvas)
            let frame = canvas.readPixels()
            #expect(frame.width == 2 * Int(size.width))
            let midY = Int(2 * (placed.y + placed.height / 2)), edge = Int(2 * (placed.x + placed.width / 2))
            // The red half meets the blue half within a pixel or two: scaled once to the screen's
            // pixels, not drawn at the page's size and stretched.
            let red = frame.rgb(x: edge - 3, y: midY), blue = frame.rgb(x: edge + 3, y: midY)
            #expect(red.r > 230 && red.b < 25, "\(red)")
            #expect(blue.b > 230 && blue.r < 25, "\(blue)")
            let left = frame.rgb(x: Int(2 * placed.x) + 2, y: midY)
            #expect(left.r > 230, "the picture starts at twice its x: \(left)")
        }

        @Test func aPictureThatCannotBeDrawnIsAFrameAndTheRestOfThePageIsDrawn() throws {
            let files = MemoryFiles(["broken.png": Array(Self.png.prefix(40))])
            for source in ["broken.png", "missing.png"] {
                let session = try Self.session(source: source, files: files)
                let placed = try #require(session.layout.pageLayout(0).pictures.first)
                let frame = try Fixture.render(session, page: 0)
                let midY = Int(placed.y + placed.height / 2)
                #expect(frame.isInk(Int(placed.x), midY, below: 235), "the frame's left side (\(source))")
                #expect(!frame.isInk(Int(placed.x + placed.width / 2), midY, below: 235), "nothing inside it")
                let m = Int(session.layout.settings.margin)
                #expect(frame.inkCount(x: m..<(frame.width - m), y: m..<(Int(placed.y) - 2)) > 100, "the text above is drawn")
            }
        }
    }
}
