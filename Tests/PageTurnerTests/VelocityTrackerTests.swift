import Testing
@testable import PageTurner

/// The release velocity: least squares over the last 100 ms, as Android's VelocityTracker.
@Suite("Velocity tracker")
struct VelocityTrackerTests {
    @Test("steady motion gives its speed in px/s")
    func steady() {
        var v = VelocityTracker()
        for k in 0...10 { v.add(Point(x: 500 - 20 * Double(k), y: 100 + 5 * Double(k)), at: Double(k) * 10) }
        let result = v.velocity(at: 100)
        #expect(abs(result.x + 2000) < 1e-6)
        #expect(abs(result.y - 500) < 1e-6)
    }

    @Test("accelerating motion gives the speed at the last sample")
    func accelerating() {
        var v = VelocityTracker()
        // x(t) = 3·t² with t in seconds: speed 6·t, 0.6 px/s·1000 at t = 0.1 s.
        for k in 0...10 {
            let t = Double(k) / 100
            v.add(Point(x: 3000 * t * t, y: 0), at: t * 1000)
        }
        #expect(abs(v.velocity(at: 100).x - 600) < 1e-6)
    }

    @Test("only the last 100 ms count")
    func horizon() {
        var v = VelocityTracker()
        for k in 0...20 { v.add(Point(x: Double(k) * 50, y: 0), at: Double(k) * 10) }  // fast to the right
        for k in 1...12 { v.add(Point(x: 1000 - Double(k) * 2, y: 0), at: 200 + Double(k) * 10) }  // slow back
        #expect(abs(v.velocity(at: 320).x + 200) < 1e-6)
    }

    @Test("a pointer that stopped before letting go has no velocity")
    func stopped() {
        var v = VelocityTracker()
        for k in 0...5 { v.add(Point(x: Double(k) * 30, y: 0), at: Double(k) * 10) }
        #expect(v.velocity(at: 50 + 41) == .zero)
        #expect(v.velocity(at: 50 + 40).x > 0)
    }

    @Test("one sample, or none, gives no velocity")
    func tooFew() {
        var v = VelocityTracker()
        #expect(v.velocity(at: 0) == .zero)
        v.add(Point(x: 10, y: 10), at: 0)
        #expect(v.velocity(at: 5) == .zero)
    }
}
