import Foundation
import Testing
import TextDecoding

/// Trimming white space, held to Foundation's `trimmingCharacters(in:)`.
@Suite("Trimming text")
struct TextTrimmingTests {
    @Test func spacesTabsAndIdeographicSpacesGoFromBothEnds() {
        #expect(" \t第一回　".trimmingSpaces() == "第一回")
        #expect("\u{00A0}12 ".trimmingSpaces() == "12")
        #expect("   ".trimmingSpaces() == "")
        #expect("a b".trimmingSpaces() == "a b", "spaces inside stay")
        #expect("line\n".trimmingSpaces() == "line\n", "a line feed is not horizontal space")
        #expect("cell  \n ".trimmingTrailingSpaces() == "cell")
    }

    @Test func randomTextTrimsAsFoundationDoes() {
        let alphabet: [Character] = [" ", "\t", "\u{3000}", "\u{00A0}", "\u{2003}", "a", "é", "红", "\n", "\u{FEFF}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(text.trimmingTrailingSpaces() == text.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression),
                    "\(Array(text.unicodeScalars))")
        }
    }
}
