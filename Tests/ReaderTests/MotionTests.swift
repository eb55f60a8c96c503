import PageTurner
import Pagination
import Reader
import ReaderTestSupport
import ReaderState
import Testing

/// Reduced motion (`--motion`, the toolbar's Motion button): what a turn looks like changes,
/// what gestures do does not.
@Suite struct MotionTests {
    /// Plays a drag that turns, one that springs back, a fling and a key press, frame by frame
    /// at 60 fps; returns the page after each and the models the turning frames were drawn with.
    func play(_ motion: TurnMotion, curl: CurlModel = .cylinder) throws -> (pages: [Int], drawn: Set<CurlModel>) {
        let session = try Fixture.session(curl: curl) { $0.preferences.motion = motion }
        var pages: [Int] = [], drawn = Set<CurlModel>()
        var now = 0.0
        func frames(until end: Double) {
            while now < end {
                now += 1000 / 60
                session.advance(to: now)
                if case .turning(_, _, _, let renderer) = session.scene.pages { drawn.insert(renderer.model) }
            }
        }
        func drag(from: Point, to: Point, steps: Int, duration: Double) {
            session.handle(.pointerDown(id: 1, at: from), at: now)
            for k in 1...steps {
                let t = Double(k) / Double(steps)
                frames(until: now + duration / Double(steps))
                session.handle(.pointerMove(id: 1, at: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)),
                               at: now)
            }
            session.handle(.pointerUp(id: 1, at: to), at: now)
            frames(until: now + 800)
            pages.append(session.page)
        }
        drag(from: Point(x: 760, y: 500), to: Point(x: 200, y: 520), steps: 20, duration: 400)  // past the fold: turns
        drag(from: Point(x: 760, y: 500), to: Point(x: 700, y: 505), steps: 10, duration: 600)  // short and slow: springs back
        drag(from: Point(x: 700, y: 500), to: Point(x: 600, y: 500), steps: 3, duration: 50)    // a fling: turns
        session.handle(.key(.left, shift: false), at: now)
        frames(until: now + 800)
        pages.append(session.page)
        return (pages, drawn)
    }

    @Test func theSameGesturesTurnTheSamePagesWhateverTheMotion() throws {
        let full = try play(.full)
        #expect(full.pages == [1, 1, 2, 1], "the gestures do what they are meant to")
        #expect(try play(.reduced).pages == full.pages)
        #expect(try play(.none).pages == full.pages)
    }

    @Test func reducedMotionSlidesFlatAndNoneDrawsNoTurn() throws {
        #expect(try play(.full, curl: .cylinder).drawn == [.cylinder])
        #expect(try play(.reduced, curl: .cylinder).drawn == [.slide])
        #expect(try play(.reduced, curl: .classic).drawn == [.slide])
        #expect(try play(.none, curl: .cylinder).drawn.isSubset(of: [.none]))
    }

    @Test func theMotionButtonStepsThroughTheSettingsAndTheBookKeepsIt() throws {
        let session = try Fixture.session()
        #expect(session.preferences.motion == .full)
        session.handle(.key(.character("m"), shift: false), at: 0)  // the toolbars
        session.advance(to: 400)
        let bars = Toolbars(zones: session.preferences.zones)
        let button = try #require(bars.buttons(size: session.pageSize).first { $0.0 == .motion }?.1)
        let centre = Point(x: button.minX + button.width / 2, y: button.minY + button.height / 2)
        var seen: [TurnMotion] = [], labels: [String] = []
        for k in 0..<3 {
            let t = 500 + Double(k) * 300
            session.handle(.pointerDown(id: 0, at: centre), at: t)
            session.handle(.pointerUp(id: 0, at: centre), at: t + 40)
            session.advance(to: t + 100)
            seen.append(session.preferences.motion)
            if let content = session.scene.toolbars?.content { labels.append(Toolbars.label(.motion, content)) }
        }
        #expect(seen == [.reduced, .none, .full])
        #expect(labels == ["Motion: reduced", "Motion: none", "Motion: full"])
        var p = ReaderPreferences()
        p.motion = .reduced
        #expect(ReaderPreferences(saved: p.saved).motion == .reduced, "saved with the book")
    }
}
