import GestureLab
import PageTurner
import Testing

/// `GestureSynthesizer`: labelled gestures from the hand model, the same for the same seed.
@Suite struct SynthesisTests {
    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOthers() {
        let a = GestureSynthesizer(seed: 7, count: 60).script()
        #expect(a == GestureSynthesizer(seed: 7, count: 60).script())
        #expect(a != GestureSynthesizer(seed: 8, count: 60).script())
    }

    @Test func everyGestureEndsWithWhatItMeantAndTheKindsAreAllThere() {
        let text = GestureSynthesizer(seed: 1, count: 400).script()
        let lines = text.split(separator: "\n").map(String.init)
        let expects = lines.filter { $0.hasPrefix("expect ") }
        #expect(expects.count >= 400, "one per gesture (a toolbar tap comes with the tap that hides them again)")
        let labels = Set(expects.map { $0.dropFirst(7) })
        #expect(labels == ["next", "previous", "none", "toolbars", "select"])
        #expect(lines.contains { $0.hasPrefix("scroll ") }, "trackpad swipes")
        #expect(lines.contains { $0.hasSuffix(" id=1") } && lines.contains { $0.hasPrefix("down ") && !$0.contains("id=") },
                "fingers and the mouse")
        // Every expect follows a lift or a scroll.
        for (k, line) in lines.enumerated() where line.hasPrefix("expect ") {
            #expect(lines[k - 1].hasPrefix("up ") || lines[k - 1].hasPrefix("scroll "), "line \(k + 1)")
        }
    }

    /// A large set is written a piece at a time; the pieces are whole lines and make up the
    /// same script, byte for byte.
    @Test func piecesAreWholeLinesAndMakeTheSameScript() {
        let synthesizer = GestureSynthesizer(seed: 7, count: 400)
        var pieces: [String] = []
        var counts: [Int] = []
        synthesizer.writeScript { piece, gestures in
            pieces.append(piece)
            counts.append(gestures)
            return true
        }
        #expect(pieces.count > 1, "more than one piece for 400 gestures")
        #expect(counts == counts.sorted() && counts.last == 400, "\(counts)")
        #expect(pieces.allSatisfy { $0.hasSuffix("\n") })
        #expect(pieces.joined() == synthesizer.script())
    }

    @Test func stepTimesNeverGoBackwards() {
        var last = -1.0
        for line in GestureSynthesizer(seed: 3, count: 200).script().split(separator: "\n") {
            guard let at = line.split(separator: " ").first(where: { $0.hasPrefix("@") }), let t = Double(at.dropFirst()) else { continue }
            #expect(t >= last, "\(line)")
            last = t
        }
    }

    @Test func theHeaderSaysThePageAndTheBook() throws {
        let header = try RecordingHeader.parse(GestureSynthesizer(seed: 1, count: 5).script())
        #expect(header.width == 800 && header.height == 1000)
        #expect(header.pages == 100_000 && header.start == 50_000)
    }

    @Test func minimumJerkStartsAndEndsAtRestAndIsFastestHalfWay() {
        #expect(HandModel.minimumJerk(0) == 0 && HandModel.minimumJerk(1) == 1)
        #expect(abs(HandModel.minimumJerk(0.5) - 0.5) < 1e-12)
        let h = 1e-6
        func speed(_ t: Double) -> Double { (HandModel.minimumJerk(t + h) - HandModel.minimumJerk(t - h)) / (2 * h) }
        #expect(abs(speed(0.5) - 1.875) < 1e-6)
        #expect(speed(0.001) < 0.01 && speed(0.999) < 0.01)
    }
}

/// `RecordingHeader`: the `#@` lines of a gesture file.
@Suite struct RecordingHeaderTests {
    @Test func itReadsBackWhatItWrites() throws {
        var h = RecordingHeader()
        h.width = 1280; h.height = 800; h.pages = 312; h.start = 40; h.curl = .cylinder; h.grip = .fold; h.zones = "koreader"
        h.rightToLeft = true; h.settings = ["commitFraction=0.3", "flingVelocity=450"]
        let text = (h.lines + ["down 10 10 @0", "up @50"]).joined(separator: "\n")
        #expect(try RecordingHeader.parse(text) == h)
    }

    @Test(arguments: [
        ("#@ width -3", "width must be a positive number"),
        ("#@ curl origami", "curl must be classic"),
        ("#@ grip corner", "grip must be edge or fold"),
        ("#@ set comitFraction=0.3", "unknown setting 'comitFraction'"),
        ("#@ set commitFraction=7", "commitFraction must be between 0.01 and 1"),
        ("#@ colour blue", "unknown header key 'colour'"),
        ("#@ width", "expected '#@ KEY VALUE'"),
    ])
    func aBadLineIsNamed(line: String, message: String) {
        do {
            _ = try RecordingHeader.parse("# a comment\n" + line)
            Issue.record("accepted \(line)")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
