import Foundation
import Testing
@testable import PageTurner

@Suite("Pure-Swift sine and cosine")
struct TrigTests {
    @Test("agree with the C library to 1e-15 over the range a page turn uses")
    func agreeWithLibm() {
        var x = -50.0
        while x <= 50 {
            #expect(abs(sine(x) - Foundation.sin(x)) < 1e-14, "sin \(x)")
            #expect(abs(cosine(x) - Foundation.cos(x)) < 1e-14, "cos \(x)")
            x += 0.0137
        }
    }

    @Test("hit the textbook values")
    func textbookValues() {
        #expect(abs(sine(Double.pi / 6) - 0.5) < 1e-16)
        #expect(abs(cosine(Double.pi / 3) - 0.5) < 1e-15)
        #expect(abs(tangent(degrees: 60) - 3.0.squareRoot()) < 1e-15)
        #expect(sine(0) == 0)
        #expect(cosine(0) == 1)
    }

    @Test("arguments far beyond Int's range still give a sine and a cosine (no trap in the quadrant)")
    func hugeArguments() {
        for x in [1e19, -1e19, 1e300, -Double.greatestFiniteMagnitude] {
            let (s, c) = sineCosine(x)
            #expect(abs(s) <= 1 + 1e-12 && abs(c) <= 1 + 1e-12, "x = \(x)")
        }
        #expect(tangent(degrees: 1e30).isFinite)
        #expect(sineCosine(.infinity).sin.isNaN)
    }
}

@Suite("Sine and cosine of the cylinder's angles")
struct HalfTurnTrigTests {
    @Test("agree with the C library over 0…π")
    func agree() {
        for k in 0...10_000 {
            let a = Double.pi * Double(k) / 10_000
            let (s, c) = halfTurnSineCosine(a)
            #expect(abs(s - Foundation.sin(a)) < 1e-13 && abs(c - Foundation.cos(a)) < 1e-13, "α = \(a)")
        }
    }
}
