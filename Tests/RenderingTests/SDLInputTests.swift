import PageTurner
import Reader
@testable import Rendering
import Testing

extension Rendering {
    /// What a scripted run pushes through SDL's queue is read back as the same platform event:
    /// the encoding (`SDLInput.encode`) and the window's decoding (`SDLInput.decode`) agree,
    /// key by key.
    @Suite struct SDLInputTests {
        let size = Size(width: 800, height: 1000)

        func roundTrip(_ event: PlatformEvent) -> [PlatformEvent] {
            SDLInput.encode(event, size: size).compactMap { SDLInput.decode($0, size: size) }
        }

        @Test func everyKeyTheReaderKnowsComesBackAsItself() {
            let keys = SDLInput.keys.map(\.key) + [.character("g"), .character("5"), .character("/")]
            for key in keys {
                let event = PlatformEvent.key(key, printable: key.typedCharacter, shift: true, control: false)
                #expect(roundTrip(event) == [event], "\(key)")
            }
            let equals = PlatformEvent.key(.plus, printable: "=", shift: false, control: false)
            #expect(roundTrip(equals) == [equals], "the = key is the plus key that types =")
            #expect(SDLInput.keyAliases.values.allSatisfy { alias in SDLInput.keys.contains { $0.key == alias } },
                    "an alias is another code for a key of the table")
        }

        @Test func pointersWheelsAndSwipesComeBackAsThemselves() {
            let events: [PlatformEvent] = [
                .mouseDown(Point(x: 12, y: 900)), .mouseMove(Point(x: 300, y: 905)), .mouseUp(Point(x: 310, y: 905)),
                .fingerDown(id: 3, at: Point(x: 100, y: 250)), .fingerMove(id: 3, at: Point(x: 200, y: 500)),
                .fingerUp(id: 3, at: Point(x: 400, y: 500)), .wheel(steps: -2), .scroll(dx: -30, dy: 10), .focusLost, .quit,
            ]
            for event in events { #expect(roundTrip(event) == [event], "\(event)") }
        }

        @Test func longTextGoesInPiecesThatJoinAgain() {
            let text = String(repeating: "Ωμέγα ", count: 9)
            let pieces = roundTrip(.text(text))
            #expect(pieces.count > 1)
            #expect(pieces.map { if case .text(let t) = $0 { t } else { "?" } }.joined() == text)
        }
    }
}
