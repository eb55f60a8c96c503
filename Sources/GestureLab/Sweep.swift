import Dispatch
import PageTurner
import GestureScripts

/// One swept setting: `KEY=FROM:TO:STEP` (`--sweep`), the values FROM, FROM + STEP, … up to TO.
public struct SweepAxis: Sendable, Equatable {
    public var setting: TurnSetting
    public var values: [Double]

    /// The most values one axis may have.
    public static let maximumValues = 1000

    /// Parses `KEY=FROM:TO:STEP`; refuses an unknown key, numbers that do not parse, a step
    /// that is not positive, values outside the setting's range, and more than
    /// `maximumValues` values, each on one line.
    public init(parsing text: String) throws(SweepError) {
        guard let eq = text.firstIndex(of: "=") else { throw SweepError("expected --sweep KEY=FROM:TO:STEP, not '\(text)'") }
        let name = String(text[..<eq])
        guard let setting = TurnSetting.named(name) else {
            throw SweepError("unknown setting '\(name)' (see pageturn simulate --print-config for every key)")
        }
        let parts = text[text.index(after: eq)...].split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let from = Double(parts[0]), let to = Double(parts[1]), let step = Double(parts[2]),
              from.isFinite, to.isFinite, step.isFinite else {
            throw SweepError("--sweep \(name) takes FROM:TO:STEP (three numbers), not '\(text[text.index(after: eq)...])'")
        }
        guard step > 0, to >= from else { throw SweepError("--sweep \(name): STEP must be positive and TO at least FROM") }
        let steps = (to - from) / step
        guard steps.isFinite, steps < Double(Self.maximumValues) else {
            throw SweepError("--sweep \(name) has more than \(Self.maximumValues) values: take a bigger STEP")
        }
        let count = Int((steps + 1e-9).rounded(.down)) + 1
        // On a grid of billionths, so that 0.1 + 0.05 is 0.15 and not 0.15000000000000002.
        let values = (0..<count).map { k in ((from + Double(k) * step) * 1e9).rounded() / 1e9 }
        guard let bad = values.first(where: { !setting.range.contains($0) }) else {
            self.setting = setting
            self.values = values
            return
        }
        throw SweepError("--sweep \(name): \(TurnSettings.formatted(bad)) is out of range; \(name) must be between "
                         + "\(TurnSettings.formatted(setting.range.lowerBound)) and \(TurnSettings.formatted(setting.range.upperBound))")
    }
}

/// A sweep that cannot run, in one line.
public struct SweepError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Every combination of up to three swept settings over a base set-up, replayed over gesture
/// files: one `SweepRow` per combination, its errors costed (`cost`) with a bootstrap interval.
public struct Sweep: Sendable {
    public var axes: [SweepAxis]
    public var base: ReplaySettings
    /// What each error costs: rows are ranked by it.
    public var cost: ErrorCost
    /// How each row's interval is drawn.
    public var bootstrap: Bootstrap

    public static let maximumAxes = 3
    /// The most combinations one sweep may have.
    public static let maximumCombinations = 1_000_000

    /// A sweep; its rows' intervals take 1000 resamples up to 100 combinations and fewer beyond
    /// (200 from 1000 on), so a big sweep is not spent drawing them.
    public init(axes: [SweepAxis], base: ReplaySettings, cost: ErrorCost = ErrorCost()) throws(SweepError) {
        guard !axes.isEmpty, axes.count <= Self.maximumAxes else { throw SweepError("--sweep takes one to three keys") }
        guard Set(axes.map(\.setting.name)).count == axes.count else { throw SweepError("--sweep names a key twice") }
        let count = axes.reduce(1) { $0 * $1.values.count }
        guard count <= Self.maximumCombinations else {
            throw SweepError("the sweep has \(count) combinations, more than \(Self.maximumCombinations): take bigger steps")
        }
        self.axes = axes
        self.base = base
        self.cost = cost
        bootstrap = Bootstrap(resamples: count <= 100 ? 1000 : (count < 1000 ? 500 : 200))
    }

    /// How many combinations there are.
    public var count: Int { axes.reduce(1) { $0 * $1.values.count } }

    /// The values of combination `index` (the last axis varies fastest).
    public func values(at index: Int) -> [Double] {
        var rest = index
        var out = [Double](repeating: 0, count: axes.count)
        for a in axes.indices.reversed() {
            let n = axes[a].values.count
            out[a] = axes[a].values[rest % n]
            rest /= n
        }
        return out
    }

    /// Combination `index` replayed over `files` (each under its own header, over `base`).
    public func row(_ index: Int, files: [LabelledScript]) -> SweepRow {
        row(index, runs: files.enumerated().map { LabSource(name: "\($0 + 1)", file: $1, setup: base.applying($1.header)) })
    }

    /// Combination `index` replayed over each source under its own set-up, the swept settings set.
    public func row(_ index: Int, runs: [LabSource]) -> SweepRow {
        let values = values(at: index)
        let outcomes = runs.map { source in
            var setup = source.setup
            for (axis, v) in zip(axes, values) { try? setup.settings.set(axis.setting.name, to: v) }
            return LabReplay.run(source.file, setup: setup)
        }
        return SweepRow(values: values, counts: CostedCounts(outcomes: outcomes, names: runs.map(\.name), cost: cost,
                                                            bootstrap: bootstrap))
    }

    /// Every combination's row, in order, computed on all cores (each combination is
    /// independent and pure). `rowDone` is called after each row, on the thread that made it
    /// (for a progress report).
    public func rows(runs: [LabSource], rowDone: @Sendable () -> Void = {}) -> [SweepRow] {
        let results = UnsafeMutableBufferPointer<SweepRow>.allocate(capacity: count)
        defer { results.deallocate() }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: count) { k in
            (out.baseAddress! + k).initialize(to: row(k, runs: runs))
            rowDone()
        }
        let rows = Array(results)
        _ = results.baseAddress!.deinitialize(count: count)
        return rows
    }
}

/// One combination of a sweep and how the gestures fared under it.
public struct SweepRow: Sendable {
    public var values: [Double]
    public var counts: CostedCounts

    public var summary: LabSummary { counts.summary }
    public var cost: Double { counts.cost }
}
