import RealModule

/// Labelled gestures from a model of how hands move (`HandModel`), for testing and tuning
/// thresholds: `pageturn gestures synth`. Each gesture is a few script steps followed by an
/// `expect` line saying what the person meant. The same seed gives the same bytes.
///
/// The kinds, in a left-to-right book on a page of W × H (default 800 × 1000), one to two
/// seconds apart so every page has landed before the next gesture:
/// - **turn drags** (25%): towards the next page (7 in 10) or the previous one, 0.12–0.7·W in
///   180–700 ms, let go at rest after a pause of up to 60 ms: meant to turn, though the short
///   ones fall below the iOS tutorial's commit distance (W/5);
/// - **flicks** (15%): 40–160 px movements of 90–220 ms let go at 45–70% of the way, still fast:
///   meant to turn;
/// - **peeks** (15%): slow drags of 0.04–0.22·W held still 150–400 ms before letting go: a look
///   at the next page, not a turn;
/// - **reversals** (10%): out 0.15–0.45·W, then back to the start: changed their mind;
/// - **near-vertical drags** (10%): 0.15–0.4·H at 70°–85° from the horizontal: not a turn;
/// - **taps** (15%): within 3 px, 50–180 ms: the right quarter turns on, the left quarter back,
///   the middle toggles the toolbars (then a second tap there hides them again);
/// - **selections** (5%): a press held 300–900 ms nearly still (2 in 5 drifting 2–10 px as
///   they are held), then in 3 of 5 a drag of 40–300 px along the line, perhaps onto the next
///   lines, that extends the selection: meant to select. Held shorter than the long-press
///   time, or drifting out of the touch slop, the machine takes it for a drag or a slow tap;
///   a slow-starting turn drag, conversely, can be taken for a long press;
/// - **trackpad swipes** (5%): two-finger horizontal scrolls, precise deltas every 8–16 ms along
///   a minimum-jerk profile over 0.05–0.9·W: meant to turn beyond 0.25·W, else nothing.
/// Half of the pointer gestures are sampled as a mouse (125 Hz), half as a finger (60 Hz).
///
/// With `wobble`, a finger's contact point also drifts as it lands (the pad flattening and
/// rolling): in the first 30–70 ms of every finger drag, flick, peek, reversal and vertical
/// drag it moves 0.3–1 × `wobble` px, up or down within about 30° of the vertical, before the movement the
/// person meant takes over: the start that made a real drag go unrecognized when its
/// direction was judged on the one sample that left the slop.
public struct GestureSynthesizer {
    public var width = 800.0
    public var height = 1000.0
    public var seed: UInt64
    public var count: Int
    /// The largest landing wobble of a finger, px (0: none, and the same bytes as before;
    /// with `realistic`, 0 means the default 15).
    public var wobble = 0.0
    /// Real hands (`RealHands`): device rates, landing wobble, overshoot, hesitation, dropped
    /// and repeated reports, coasting swipes; each gesture's `expect` line names its kind and
    /// what was added. Off: the clean model, the same bytes as before it existed.
    public var realistic = false

    /// The most gestures one file holds: they take about 1.9 s each on the time line (a
    /// gesture, then a pause of 1 to 1.8 s), and a script's times end at
    /// `GestureScript.maximumTime` (about 11.6 days), so 400,000 fit with a quarter to spare.
    public static let maximumCount = 400_000

    public init(seed: UInt64, count: Int) {
        self.seed = seed
        self.count = count
    }

    /// The whole script: a header naming the set-up, then `count` labelled gestures.
    public func script() -> String {
        var text = ""
        writeScript { piece, _ in
            text += piece
            return true
        }
        return text
    }

    /// `script()` a piece at a time, each a few thousand whole lines, so that 400,000
    /// gestures (1.4 GB) are never held at once: `emit` gets the pieces in order, each with
    /// how many gestures the script holds so far, and answers whether to go on (false: the
    /// output failed, the rest is not made).
    public func writeScript(_ emit: (_ piece: String, _ gestures: Int) -> Bool) {
        var random = SeededRandom(seed: seed)
        var out = ScriptWriter()
        out.comment("Synthetic labelled gestures: pageturn gestures synth --seed \(seed) --count \(count)")
        out.comment(realistic ? "Model: minimum-jerk movements with real hands (see RealHands): \(ScriptWriter.number(wobble > 0 ? wobble : 15)) px wobble at most."
                    : "Model: minimum-jerk movements sampled at mouse (125 Hz) or touch (60 Hz) rates with small noise.")
        var header = RecordingHeader()
        header.width = width
        header.height = height
        header.pages = 100_000
        header.start = 50_000
        out.lines += header.lines
        if realistic { out.comment("Real hands: device rates, landing wobble, overshoot, hesitation, dropped reports, coasting swipes.") }
        var t = 1000.0
        var made = 0
        // Real hands draw from a random stream of their own (derived from `seed`), so the
        // clean model's draws stay in their order.
        var hands = realistic ? RealHands(random: SeededRandom(seed: seed ^ 0x5EED_0F_4A4D5), wobble: wobble > 0 ? wobble : 15) : nil
        while made < count {
            let kind = random.uniform(0...1)
            var sampling = random.chance(0.5) ? HandModel.Sampling.mouse : .touch
            if hands != nil { sampling = hands!.sampling(sampling) }
            switch kind {
            case ..<0.25: t = turnDrag(at: t, sampling, &random, &hands, &out)
            case ..<0.40: t = flick(at: t, sampling, &random, &hands, &out)
            case ..<0.55: t = peek(at: t, sampling, &random, &hands, &out)
            case ..<0.65: t = reversal(at: t, sampling, &random, &hands, &out)
            case ..<0.75: t = verticalDrag(at: t, sampling, &random, &hands, &out)
            case ..<0.90:
                // The toolbar tap comes with the tap that hides them again: two gestures, made
                // only when there is room for both, so that the file holds `count` exactly.
                let made2: Int
                (t, made2) = tap(at: t, sampling, pairAllowed: made + 2 <= count, &random, hands != nil, &out)
                made += made2 - 1
            case ..<0.95: t = selection(at: t, sampling, &random, hands != nil, &out)
            default: t = swipe(at: t, &random, &hands, &out)
            }
            made += 1
            t += random.uniform(1000...1800)
            if out.lines.count >= 4096 {
                guard emit(out.text, made) else { return }
                out.lines.removeAll(keepingCapacity: true)
            }
        }
        if !out.lines.isEmpty { _ = emit(out.text, made) }
    }

    // MARK: - The kinds

    private func turnDrag(at t: Double, _ s: HandModel.Sampling, _ r: inout SeededRandom, _ hands: inout RealHands?,
                          _ out: inout ScriptWriter) -> Double {
        let forward = r.chance(0.7)
        let distance = r.uniform(0.12...0.7) * width
        let y = r.uniform(0.2...0.8) * height
        let x0 = forward ? r.uniform(max(0.55 * width, distance + 20)...0.97 * width) : r.uniform(0.03 * width...min(0.45 * width, width - distance - 20))
        let x1 = forward ? x0 - distance : x0 + distance
        let (moves, tags) = landing(HandModel.movement(from: (x0, y), to: (x1, y + r.uniform(-0.05...0.05) * height), start: t,
                                                       duration: r.uniform(180...700), sampling: s, random: &r), s, &r, &hands, turn: true)
        return out.pointerGesture(moves, pointer: s.pointer, holdBeforeUp: r.uniform(0...60),
                                  expect: label(forward ? "next" : "previous", "drag", tags, hands))
    }

    private func flick(at t: Double, _ s: HandModel.Sampling, _ r: inout SeededRandom, _ hands: inout RealHands?,
                          _ out: inout ScriptWriter) -> Double {
        let forward = r.chance(0.7)
        let distance = r.uniform(40...160)
        let y = r.uniform(0.2...0.8) * height
        let x0 = forward ? r.uniform(0.5...0.9) * width : r.uniform(0.1...0.5) * width
        let (moves, tags) = landing(HandModel.movement(from: (x0, y), to: (forward ? x0 - distance : x0 + distance, y + r.uniform(-8...8)),
                                                       start: t, duration: r.uniform(90...220), share: r.uniform(0.45...0.7), sampling: s,
                                                       random: &r), s, &r, &hands, turn: false)
        return out.pointerGesture(moves, pointer: s.pointer, holdBeforeUp: 0, expect: label(forward ? "next" : "previous", "flick", tags, hands))
    }

    private func peek(at t: Double, _ s: HandModel.Sampling, _ r: inout SeededRandom, _ hands: inout RealHands?,
                          _ out: inout ScriptWriter) -> Double {
        let forward = r.chance(0.7)
        let distance = r.uniform(0.04...0.22) * width
        let y = r.uniform(0.2...0.8) * height
        let x0 = forward ? r.uniform(0.6...0.95) * width : r.uniform(0.05...0.4) * width
        let (moves, tags) = landing(HandModel.movement(from: (x0, y), to: (forward ? x0 - distance : x0 + distance, y + r.uniform(-10...10)),
                                                       start: t, duration: r.uniform(400...1000), sampling: s, random: &r), s, &r, &hands,
                                    turn: false)
        return out.pointerGesture(moves, pointer: s.pointer, holdBeforeUp: r.uniform(150...400), expect: label("none", "peek", tags, hands))
    }

    private func reversal(at t: Double, _ s: HandModel.Sampling, _ r: inout SeededRandom, _ hands: inout RealHands?,
                          _ out: inout ScriptWriter) -> Double {
        let distance = r.uniform(0.15...0.45) * width
        let y = r.uniform(0.2...0.8) * height
        let x0 = r.uniform(max(0.55 * width, distance + 20)...0.95 * width)
        let outward = HandModel.movement(from: (x0, y), to: (x0 - distance, y + r.uniform(-10...10)), start: t,
                                         duration: r.uniform(250...600), sampling: s, random: &r)
        let turnAt = outward.last!
        let back = HandModel.movement(from: (turnAt.x, turnAt.y), to: (x0 + r.uniform(-0.03...0.02) * width, y),
                                      start: turnAt.time + r.uniform(0...120), duration: r.uniform(250...600), sampling: s,
                                      random: &r)
        let (moves, tags) = landing(outward + back.dropFirst(), s, &r, &hands, turn: false)
        return out.pointerGesture(moves, pointer: s.pointer, holdBeforeUp: r.uniform(0...80), expect: label("none", "reversal", tags, hands))
    }

    private func verticalDrag(at t: Double, _ s: HandModel.Sampling, _ r: inout SeededRandom, _ hands: inout RealHands?,
                          _ out: inout ScriptWriter) -> Double {
        let dy = r.uniform(0.15...0.4) * height * (r.chance(0.5) ? 1 : -1)
        let slope = r.uniform(2.75...11.4)  // |dy|/|dx| for 70°…85° from the horizontal
        let dx = abs(dy) / slope * (r.chance(0.5) ? 1 : -1)
        let x0 = r.uniform(0.3...0.7) * width, y0 = dy > 0 ? r.uniform(0.15...0.4) * height : r.uniform(0.6...0.85) * height
        let (moves, tags) = landing(HandModel.movement(from: (x0, y0), to: (x0 + dx, y0 + dy), start: t, duration: r.uniform(200...600),
                                                       sampling: s, random: &r), s, &r, &hands, turn: false)
        return out.pointerGesture(moves, pointer: s.pointer, holdBeforeUp: r.uniform(0...60), expect: label("none", "vertical", tags, hands))
    }

    /// `samples` as real hands report them (`RealHands`) and the names of what they added; else
    /// those of a finger with its landing wobble added (see the type's description), unchanged
    /// for a mouse or without `wobble` (no random number is drawn then).
    private func landing(_ samples: [HandModel.Sample], _ s: HandModel.Sampling, _ r: inout SeededRandom,
                         _ hands: inout RealHands?, turn: Bool) -> ([HandModel.Sample], [String]) {
        if hands != nil { return hands!.realize(samples, s, turn: turn) }
        return (cleanLanding(samples, s, &r), [])
    }

    /// An `expect` line's words: the intent, and with real hands the kind and what they added.
    private func label(_ intent: String, _ kind: String, _ tags: [String], _ hands: RealHands?) -> String {
        hands == nil ? intent : "\(intent) kind=" + ([kind] + tags).joined(separator: "+")
    }

    /// A finger's landing wobble in the clean model (`wobble`), mostly vertical.
    private func cleanLanding(_ samples: [HandModel.Sample], _ s: HandModel.Sampling, _ r: inout SeededRandom) -> [HandModel.Sample] {
        guard wobble > 0, s.pointer != 0, let first = samples.first else { return samples }
        let size = r.uniform(0.3...1) * wobble
        let across = r.uniform(-0.577...0.577)  // tan 30°: within 30° of the vertical
        let down = r.chance(0.5) ? 1.0 : -1.0
        let norm = (1 + across * across).squareRoot()
        let (wx, wy) = (size * across / norm, down * size / norm)
        let settle = r.uniform(30...70)
        return samples.map { sample in
            let f = HandModel.minimumJerk((sample.time - first.time) / settle)
            return HandModel.Sample(time: sample.time, x: sample.x + wx * f, y: sample.y + wy * f)
        }
    }

    /// A tap, and the number of gestures it made: 2 for a toolbar tap and the one hiding them.
    private func tap(at t: Double, _ s: HandModel.Sampling, pairAllowed: Bool, _ r: inout SeededRandom, _ real: Bool,
                     _ out: inout ScriptWriter) -> (Double, Int) {
        let place = r.uniform(0...1)
        let y = r.uniform(0.2...0.8) * height
        func one(_ x: Double, at t: Double, expect: String, _ r: inout SeededRandom) -> Double {
            let press = HandModel.Sample(time: t, x: x, y: y)
            let lift = HandModel.Sample(time: t + r.uniform(50...180), x: x + r.uniform(-3...3), y: y + r.uniform(-3...3))
            return out.tap(press, lift, pointer: s.pointer, expect: real ? "\(expect) kind=\(expect == "toolbars" ? "toolbar-tap" : "tap")" : expect)
        }
        switch place {
        case ..<0.45: return (one(r.uniform(0.78...0.97) * width, at: t, expect: "next", &r), 1)
        case ..<0.8: return (one(r.uniform(0.03...0.22) * width, at: t, expect: "previous", &r), 1)
        default:
            guard pairAllowed else { return (one(r.uniform(0.78...0.97) * width, at: t, expect: "next", &r), 1) }
            let shown = one(r.uniform(0.3...0.7) * width, at: t, expect: "toolbars", &r)
            return (one(r.uniform(0.3...0.7) * width, at: shown + r.uniform(600...1200), expect: "toolbars", &r), 2)
        }
    }

    /// A press held to select, then (3 in 5) dragged to extend the selection.
    private func selection(at t: Double, _ s: HandModel.Sampling, _ r: inout SeededRandom, _ real: Bool,
                           _ out: inout ScriptWriter) -> Double {
        let x = r.uniform(0.1...0.9) * width, y = r.uniform(0.2...0.8) * height
        let hold = r.uniform(300...900)
        var tags: [String] = []
        // A drift of 2–10 px over the hold, in any direction (2 in 5): a finger rolling, a hand
        // settling on the mouse.
        var drift = (x: 0.0, y: 0.0)
        if r.chance(0.4) {
            let size = r.uniform(2...10), angle = r.uniform(0...(2 * Double.pi))
            drift = (size * Double.cos(angle), size * Double.sin(angle))
            tags.append("drift")
        }
        var samples = [HandModel.Sample(time: t, x: x, y: y)]
        var u = t + s.interval
        while u < t + hold {
            let f = (u - t) / hold
            samples.append(HandModel.Sample(time: u, x: x + drift.x * f + r.normal(sigma: s.noise),
                                            y: y + drift.y * f + r.normal(sigma: s.noise)))
            u += s.interval
        }
        if r.chance(0.6) {
            // Along the line, mostly in reading order, perhaps onto a line or two below.
            let along = r.uniform(40...300) * (r.chance(0.75) ? 1 : -1)
            // Kept on the text, clear of the page's edges, where a selection turns the page.
            let end = (x: min(max(x + drift.x + along, 0.07 * width), 0.93 * width), y: y + drift.y + r.uniform(0...60))
            let drag = HandModel.movement(from: (x + drift.x, y + drift.y), to: end, start: t + hold,
                                          duration: r.uniform(300...900), sampling: s, random: &r)
            samples += drag.dropFirst()
            tags.append("extend")
        }
        let label = real ? "select kind=" + (["select"] + tags).joined(separator: "+") : "select"
        return out.pointerGesture(samples, pointer: s.pointer, holdBeforeUp: r.uniform(0...100), expect: label)
    }

    /// Precise scroll deltas of a two-finger swipe: leftwards (towards the next page) as a
    /// negative DX, the speed profile of a minimum-jerk movement, reported every 8–16 ms.
    private func swipe(at t: Double, _ r: inout SeededRandom, _ hands: inout RealHands?, _ out: inout ScriptWriter) -> Double {
        let forward = r.chance(0.7)
        let distance = r.uniform(0.05...0.9) * width
        let duration = r.uniform(150...500)
        let interval = r.uniform(8...16)
        var time = t, covered = 0.0, last = 0.0
        while time - t < duration {
            time += interval
            let total = distance * HandModel.minimumJerk((time - t) / duration)
            let delta = (total - covered) + r.normal(sigma: 0.2)
            covered = total
            last = delta
            out.step("scroll \(ScriptWriter.number(forward ? -delta : delta)) \(ScriptWriter.number(r.normal(sigma: 0.5))) @\(ScriptWriter.number(time))")
        }
        // Real hands: the fingers lift before the movement is over, and the platform coasts on.
        var tags: [String] = []
        if hands != nil {
            let peak = distance * 1.875 / duration * interval        // the minimum-jerk peak, px per report
            let coast = hands!.coast(from: max(abs(last), peak * 0.35), at: time, interval: interval)
            for c in coast {
                out.step("scroll \(ScriptWriter.number(forward ? -c.delta : c.delta)) 0 @\(ScriptWriter.number(c.time))")
            }
            if let end = coast.last { time = end.time; tags.append("coast") }
        }
        let intent = distance > 0.25 * width ? (forward ? "next" : "previous") : "none"
        out.lines.append("expect " + label(intent, "swipe", tags, hands))
        return time
    }
}
