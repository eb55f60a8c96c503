import RealModule

/// What real input does that a clean minimum-jerk movement does not (`GestureSynthesizer.realistic`,
/// `gestures synth --hands real`), each drawn at random per gesture and named in the gesture's
/// `expect` line (`kind=drag+wobble+hesitation`), so a report can say how thresholds fare on each:
/// - **rates**: fingers reported at 60, 90 or 120 Hz, mice at 125, 250, 500 or 1000 Hz, fingers
///   a little noisier (1.2 px) than the clean model's;
/// - **wobble** (fingers): the contact point drifts 5–15 px in any direction in the first
///   30–50 ms, the pad flattening and rolling as it lands;
/// - **overshoot** (a quarter of turn drags): the movement runs 5–12% past where it ends, then
///   comes back over 80–150 ms;
/// - **hesitation** (three in ten turn drags): the pointer rests 60–250 ms before it lets go,
///   reporting its sensor's noise the while (so the release is no fling);
/// - **dropped and repeated samples**: one report in twenty lost, one in thirty repeated (the
///   same place again a report later, a stalled sensor);
/// - **coasting** (trackpad swipes): the fingers lift while still moving (at a third of the
///   movement's peak speed or more) and the deltas go on, decaying with a time constant of
///   150–350 ms, as a platform's momentum scrolling sends them.
struct RealHands {
    var random: SeededRandom
    /// The largest wobble (px); the smallest is a third of it.
    var wobble: Double

    /// A device's reporting: `s` at one of the rates above.
    mutating func sampling(_ s: HandModel.Sampling) -> HandModel.Sampling {
        var out = s
        if s.pointer == 0 {
            out.interval = 1000 / random.pick([125.0, 250, 500, 1000])
        } else {
            out.interval = 1000 / random.pick([60.0, 90, 120])
            out.noise = 1.2
        }
        return out
    }

    /// `samples` as real input reports them, and the names of what was added.
    mutating func realize(_ samples: [HandModel.Sample], _ s: HandModel.Sampling, turn: Bool) -> ([HandModel.Sample], [String]) {
        var out = samples, tags: [String] = []
        if s.pointer != 0, out.count > 1 {
            out = wobbled(out)
            tags.append("wobble")
        }
        if turn, out.count > 2, random.chance(0.25) {
            out = overshot(out, s)
            tags.append("overshoot")
        }
        if turn, out.count > 1, random.chance(0.3) {
            out = hesitated(out, s)
            tags.append("hesitation")
        }
        let (thinned, changed) = imperfect(out)
        if changed { tags.append("dropped") }
        return (thinned, tags)
    }

    /// The landing wobble: a drift of 5–15 px at a random angle, eased in over 30–50 ms.
    private mutating func wobbled(_ samples: [HandModel.Sample]) -> [HandModel.Sample] {
        let size = random.uniform(wobble / 3...wobble), angle = random.uniform(0...(2 * Double.pi))
        let (dx, dy) = (Double.cos(angle), Double.sin(angle))
        let settle = random.uniform(30...50), t0 = samples[0].time
        return samples.map { s in
            let f = HandModel.minimumJerk((s.time - t0) / settle)
            return HandModel.Sample(time: s.time, x: s.x + size * dx * f, y: s.y + size * dy * f)
        }
    }

    /// Past the end by 5–12% of the way, then back to it over 80–150 ms.
    private mutating func overshot(_ samples: [HandModel.Sample], _ s: HandModel.Sampling) -> [HandModel.Sample] {
        let first = samples[0], last = samples[samples.count - 1]
        let share = random.uniform(0.05...0.12)
        let far = (x: last.x + (last.x - first.x) * share, y: last.y + (last.y - first.y) * share)
        // The outward movement stretched to reach `far`, then a short return.
        var out = samples.map { p -> HandModel.Sample in
            let f = last.x == first.x ? 0 : (p.x - first.x) / (last.x - first.x)
            return HandModel.Sample(time: p.time, x: p.x + (far.x - last.x) * f, y: p.y + (far.y - last.y) * f)
        }
        let back = HandModel.movement(from: (far.x, far.y), to: (last.x, last.y), start: last.time,
                                      duration: random.uniform(80...150), sampling: s, random: &random)
        out += back.dropFirst()
        return out
    }

    /// A rest of 60–250 ms at the end, the sensor's noise reported meanwhile.
    private mutating func hesitated(_ samples: [HandModel.Sample], _ s: HandModel.Sampling) -> [HandModel.Sample] {
        let last = samples[samples.count - 1]
        var out = samples, t = last.time + s.interval
        let end = last.time + random.uniform(60...250)
        while t < end {
            out.append(HandModel.Sample(time: t, x: last.x + random.normal(sigma: s.noise), y: last.y + random.normal(sigma: s.noise)))
            t += s.interval
        }
        return out
    }

    /// One report in twenty lost and one in thirty repeated (never the press or the last).
    private mutating func imperfect(_ samples: [HandModel.Sample]) -> ([HandModel.Sample], Bool) {
        guard samples.count > 2 else { return (samples, false) }
        var out = [samples[0]], changed = false
        for k in 1..<(samples.count - 1) {
            if random.chance(1.0 / 20) { changed = true; continue }
            out.append(samples[k])
            if random.chance(1.0 / 30) {
                // The same place reported again, half way to the next report's time.
                out.append(HandModel.Sample(time: (samples[k].time + samples[k + 1].time) / 2, x: samples[k].x, y: samples[k].y))
                changed = true
            }
        }
        out.append(samples[samples.count - 1])
        return (out, changed)
    }

    /// The deltas that go on after a swipe's fingers lift: starting from the last delta `v`
    /// (px per report) every `interval` ms, decaying with a time constant of 150–350 ms, until
    /// under half a pixel. Returns the times and deltas.
    mutating func coast(from v: Double, at t: Double, interval: Double) -> [(time: Double, delta: Double)] {
        let tau = random.uniform(150...350)
        let keep = 1 - interval / tau          // e^(−interval/τ) to first order: the decay per report
        var out: [(Double, Double)] = [], delta = v, time = t
        while abs(delta) >= 0.5, out.count < 400 {
            delta *= keep
            time += interval
            out.append((time, delta))
        }
        return out
    }
}
