import ArgumentParser
import FoundationEssentials
import PageTurner
import ReaderState

/// Every threshold of the turn machine and every parameter of the curls, as settings: `--set
/// KEY=VALUE` (repeatable) and `--config FILE` (a JSON object of the same keys, as `simulate
/// --print-config` prints them); `--set` wins over the file, and what neither gives keeps its
/// default, the iOS tutorial's (`read`, `render`, `simulate`).
struct TurnSettingsOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "A setting, KEY=VALUE (repeatable): commitFraction=0.25, flingVelocity=450, … (see SETTINGS).",
        valueName: "KEY=VALUE"))
    var assignments: [String] = []

    @Option(help: ArgumentHelp("A JSON object of settings, as `pageturn simulate --print-config` prints it; "
                               + "--set wins over it.", valueName: "FILE"))
    var config: String?

    @Option(help: ArgumentHelp("The commit rule a released drag is judged by: pageturn (a fifth of the width or a "
                               + "600 px/s fling), or a peer's: leaves, harism, eschao, stpageflip, fbreader, turnjs, "
                               + "readest, compose (each with its own settings, below). Default: pageturn.",
                               valueName: "NAME"))
    var policy: Checked<CommitRule>?

    func validate() throws { _ = try settings(over: TurnSettings()) }

    /// `base` with `--policy`, then the file's settings, then `--set`'s.
    func settings(over base: TurnSettings) throws -> TurnSettings {
        var s = base
        if let rule = try policy?.value(of: "--policy") { s.turn.policy.rule = rule }
        if let config { try Self.apply(file: config, to: &s) }
        for a in assignments {
            do { try s.apply(assignment: a) } catch { throw UserError("--set \(a): \(error)") }
        }
        return s
    }

    /// The settings the JSON object in `path` names, over `settings`.
    static func apply(file path: String, to settings: inout TurnSettings) throws {
        let text = try ScriptFile.read(path, kind: "settings file", limit: ScriptFile.settingsLimit)
        let example = "expected a JSON object such as {\"commitFraction\": 0.25}"
        guard (try? JSONDecoder().decode([String: JSONValue].self, from: Data(text.utf8))) != nil else {
            throw UserError("\(path): \(example)")
        }
        let fields: [String: Double]
        do {
            fields = try JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
        } catch DecodingError.typeMismatch(_, let context) {
            throw UserError("\(path): \(context.codingPath.first?.stringValue ?? "a setting") must be a number")
        } catch {
            throw UserError("\(path): \(example)")
        }
        for key in fields.keys.sorted() {
            do { try settings.set(key, to: fields[key]!) } catch { throw UserError("\(path): \(error)") }
        }
    }

    /// The SETTINGS section of a command's help: every key, its unit, range and default.
    static var help: String {
        let defaults = TurnSettings()
        return TurnSetting.all.map { s in
            let range = "\(TurnSettings.formatted(s.range.lowerBound))–\(TurnSettings.formatted(s.range.upperBound))"
            return "  \(s.name) (\(s.unit), \(range), default \(TurnSettings.formatted(defaults.value(of: s.name)!))): \(s.summary)"
        }.joined(separator: "\n")
    }
}
