import PageTurner
import Pagination
import Reader
import Rendering
import Testing

/// The picture `ClassicCurl`'s layers describe, painted bottom to top, pixel by pixel, from
/// the two pages drawn still: the clipped page before the back page, the back page (the
/// clipped page's strip beyond the edge, mirrored about the edge, washed 60% towards the
/// paper), the other page beyond the edge, and over them the margin and shadow bands (their
/// stops interpolated across each band, times the band opacity). `scale` physical pixels per
/// logical pixel.
///
/// The drawer copies each page only where nothing opaque lands on it later; a frame must still
/// be this picture. Outside the bands and the back, pixels are the still pages' own; on the
/// back and under the bands within a blend's rounding. Where two layers meet (within a pixel
/// of a boundary) either may show, as rounding decides; a gap shows neither.
struct ClassicTurnPicture {
    let frame: Frame
    let clipped: Frame
    let unclipped: Frame
    let geometry: ClassicFrame
    let scale: Double
    let wash: (r: Double, g: Double, b: Double)

    /// Draws page `from` turning towards `to` at `pose`, and both pages still, at `scale`.
    init(_ session: ReaderSession, from: Int, to: Int, pose: TurnPose, scale: Double = 1) throws {
        let size = session.pageSize
        func draw(_ pose: TurnPose?, _ page: Int, _ incoming: Int) throws -> Frame {
            let canvas = try Canvas.offscreen(width: Int(size.width), height: Int(size.height), scale: scale)
            Fixture.draw(session, pose: pose, from: page, to: incoming, on: canvas)
            return canvas.readPixels()
        }
        frame = try draw(pose, from, to)
        let current = try draw(nil, from, -1), incoming = try draw(nil, to, -1)
        geometry = ClassicCurl().frame(page: size, pose: pose)
        (clipped, unclipped) = geometry.clippedPage == .current ? (current, incoming) : (incoming, current)
        self.scale = scale
        let w = session.preferences.theme.wash
        wash = (Double(w.r), Double(w.g), Double(w.b))
    }

    typealias Colour = (r: Double, g: Double, b: Double)

    enum Layer: CustomStringConvertible {
        case clippedPage, backPage, otherPage
        var description: String {
            switch self {
            case .clippedPage: "the clipped page"
            case .backPage: "the back page"
            case .otherPage: "the other page"
            }
        }
    }

    /// The page layers that may show in physical column `x`: the one whose span holds the
    /// column's centre, and its neighbour when a boundary is within a pixel.
    func layers(at x: Int) -> [Layer] {
        let g = geometry, s = scale
        let rightToLeft = g.clip.minX > 0
        // Left to right: clipped page | back page | other page (mirrored for right-to-left).
        let hasBack = g.backPage.width > 0
        let backStart = (rightToLeft ? g.backPage.maxX : g.backPage.minX) * s
        let edge = g.edgeX * s
        func layer(_ px: Double) -> Layer {
            let beforeEdge = rightToLeft ? px > edge : px < edge
            guard beforeEdge else { return .otherPage }
            guard hasBack else { return .clippedPage }
            return (rightToLeft ? px > backStart : px < backStart) ? .clippedPage : .backPage
        }
        var found: [Layer] = []
        for px in [Double(x) + 0.5, Double(x) - 0.5, Double(x) + 1.5] {
            let l = layer(px)
            if !found.contains(l) { found.append(l) }
        }
        return found
    }

    /// What a page layer has at (x, y), or nil where it has nothing (the back's mirror image
    /// would come from off the page).
    func colour(of layer: Layer, _ x: Int, _ y: Int) -> Colour? {
        func rgb(_ f: Frame, _ x: Int) -> Colour {
            let (r, g, b) = f.rgb(x: x, y: y)
            return (Double(r), Double(g), Double(b))
        }
        switch layer {
        case .clippedPage: return rgb(clipped, x)
        case .otherPage: return rgb(unclipped, x)
        case .backPage:
            let source = 2 * Int((geometry.edgeX * scale).rounded()) - 1 - x
            guard source >= 0, source < clipped.width else { return nil }
            let p = rgb(clipped, source)
            return (0.4 * p.r + 0.6 * wash.r, 0.4 * p.g + 0.6 * wash.g, 0.4 * p.b + 0.6 * wash.b)
        }
    }

    /// The band's grey and alpha (0…1) at physical column `x`'s centre, or nil outside it.
    func band(_ band: GradientBand, at x: Double) -> (grey: Double, alpha: Double)? {
        let t = (x / scale - band.rect.minX) / band.rect.width
        guard band.rect.width > 0, t >= 0, t <= 1 else { return nil }
        let stops = band.stops
        guard let i = stops.indices.dropLast().first(where: { t <= stops[$0 + 1].position }) else { return nil }
        let a = stops[i], b = stops[i + 1]
        let k = b.position > a.position ? (t - a.position) / (b.position - a.position) : 0
        let white = a.white + (b.white - a.white) * k, alpha = a.alpha + (b.alpha - a.alpha) * k
        return (white * 255, alpha * geometry.bandOpacity)
    }

    /// What the bands do to column `x`, as the ways it may be shown: a colour c shows as
    /// c·keep + add (margin band then shadow band blended over it), a band's own edge within a
    /// pixel counted either way.
    func blends(at x: Int) -> [(keep: Double, add: Double)] {
        var out = [(keep: 1.0, add: 0.0)]
        for b in [geometry.marginBand, geometry.shadowBand] {
            let options = [band(b, at: Double(x) + 0.5), band(b, at: Double(x) - 0.5), band(b, at: Double(x) + 1.5)]
            guard options.contains(where: { $0 != nil }) else { continue }
            out = out.flatMap { blend in
                options.map { o in
                    guard let o else { return blend }
                    return (blend.keep * (1 - o.alpha), blend.add * (1 - o.alpha) + o.grey * o.alpha)
                }
            }
        }
        return out
    }

    /// Records where the frame is not the picture (the first such pixel, and how many).
    func check(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var wrong = 0
        var first: (x: Int, y: Int, layers: [Layer])?
        for x in 0..<frame.width {
            let layers = layers(at: x), blends = blends(at: x)
            // A page alone, under no band, is copied: exactly its pixels.
            let tolerance = (layers == [.clippedPage] || layers == [.otherPage]) && blends.count == 1 ? 0.0 : 4.0
            for y in 0..<frame.height {
                let (r, g, b) = frame.rgb(x: x, y: y)
                let fits = layers.contains { layer in
                    guard let c = colour(of: layer, x, y) else { return false }
                    return blends.contains { t in
                        abs(c.r * t.keep + t.add - Double(r)) <= tolerance && abs(c.g * t.keep + t.add - Double(g)) <= tolerance
                            && abs(c.b * t.keep + t.add - Double(b)) <= tolerance
                    }
                }
                if !fits {
                    wrong += 1
                    if first == nil { first = (x, y, layers) }
                }
            }
        }
        if let first {
            let should = first.layers.map(\.description).joined(separator: " or ")
            Issue.record("\(label): \(wrong) pixels are not the layers' picture; the first, (\(first.x), \(first.y)), should show \(should)",
                         sourceLocation: sourceLocation)
        }
    }
}

extension Rendering {
    /// A classic turn, drawn without overdraw (each page copied only where nothing opaque lands
    /// on it later), is still the tutorial's layered picture, in both directions.
    @Suite struct ClassicLayersTests {
        static func picture(direction: TurnDirection, progress: Double, rightToLeft: Bool = false,
                            scale: Double = 1) throws -> ClassicTurnPicture {
            let session = try Fixture.session(width: 480, height: 640)
            let pose = TurnPose(page: session.pageSize, direction: direction, progress: progress, rightToLeft: rightToLeft)
            return try ClassicTurnPicture(session, from: 2, to: direction == .next ? 3 : 1, pose: pose, scale: scale)
        }

        @Test(arguments: [TurnDirection.next, .previous], [0.2, 0.5, 0.8])
        func everyPixelIsTheLayeredPicture(direction: TurnDirection, progress: Double) throws {
            try Self.picture(direction: direction, progress: progress).check("\(direction) \(progress)")
        }

        @Test func theChecksSeeTheParts() throws {
            // The model is not vacuous: at 0.2 the current page shows before the back, the
            // back shows washed text, and the incoming page shows beyond the edge.
            let p = try Self.picture(direction: .next, progress: 0.2)
            let g = p.geometry, h = p.frame.height
            let before = 0..<Int(g.marginBand.rect.minX), back = Int(g.marginBand.rect.maxX)..<Int(g.shadowBand.rect.minX)
            let beyond = Int(g.shadowBand.rect.maxX)..<p.frame.width
            #expect(p.frame.inkCount(x: before, y: 0..<h) > 1000)
            #expect(p.frame.inkCount(x: back, y: 0..<h, below: 235) > 200 && p.frame.darkest(x: back, y: 0..<h) > 120)
            #expect(p.frame.inkCount(x: beyond, y: 0..<h) > 300)
            #expect(p.frame.inkCount(x: beyond, y: 0..<h) == p.unclipped.inkCount(x: beyond, y: 0..<h))
        }

        @Test(arguments: [(TurnDirection.next, 0.3), (.previous, 0.7)])
        func aRightToLeftTurnIsTheSamePictureMirrored(direction: TurnDirection, progress: Double) throws {
            let p = try Self.picture(direction: direction, progress: progress, rightToLeft: true)
            #expect(p.geometry.clip.maxX == 480, "the clip is on the right")
            p.check("right-to-left \(direction) \(progress)")
        }

        /// When the edge is nearer the far side than the spine, the back page is wider than the
        /// paper beyond the edge and runs off the page; what shows of it must still be the
        /// paper next to the edge, mirrored (left to right: `everyPixelIsTheLayeredPicture` at
        /// next 0.8 and previous 0.2).
        @Test(arguments: [(TurnDirection.next, 0.7), (.previous, 0.3)])
        func aRightToLeftBackPageThatRunsOffThePageStillMirrorsThePaperNextToTheEdge(direction: TurnDirection,
                                                                                     progress: Double) throws {
            let p = try Self.picture(direction: direction, progress: progress, rightToLeft: true)
            #expect(p.geometry.backPage.maxX > 480, "the back runs off the page")
            p.check("right-to-left \(direction) \(progress)")
        }
    }
}
