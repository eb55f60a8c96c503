import PageTurner
import GestureScripts

/// The set-up a gesture file was made under, as `#@` lines at its top: the page (the window's
/// logical size), the book's length and start page, the curl, the tap zones, the page
/// progression and the settings. Ordinary gesture scripts read them as comments;
/// `pageturn simulate FILE` replays a file under its own set-up unless options say otherwise.
///
///     #@ source mine                   (what the lab calls the file's gestures; else its name)
///     #@ width 800
///     #@ height 1000
///     #@ pages 312
///     #@ start 40
///     #@ curl classic
///     #@ grip edge                     (when one was chosen: else the curl's own)
///     #@ policy leaves                 (the commit rule, when not pageturn)
///     #@ zones default
///     #@ progression ltr
///     #@ layout single                 (or spread: pages and start then count spreads)
///     #@ set commitFraction=0.2        (one line per setting)
public struct RecordingHeader: Sendable, Equatable {
    /// What the lab's tables and charts call this file's gestures (one word); nil: the file's name.
    public var source: String?
    public var width: Double?
    public var height: Double?
    public var pages: Int?
    public var start: Int?
    public var curl: CurlModel?
    /// The grip chosen (`TurnSettings.grip`); nil: the curl's own.
    public var grip: TurnGrip?
    /// The commit rule (`TurnPolicy.rule`); nil: this project's.
    public var policy: CommitRule?
    public var zones: String?
    public var rightToLeft: Bool?
    /// Whether the window showed spreads (`#@ layout spread`).
    public var spread: Bool?
    /// `KEY=VALUE` settings, in order (`TurnSettings.apply(assignment:)`).
    public var settings: [String] = []

    public init() {}

    /// The header's lines, in the order above (only the fields that are set).
    public var lines: [String] {
        var out: [String] = []
        if let source { out.append("#@ source \(source)") }
        if let width { out.append("#@ width \(TurnSettings.formatted(width))") }
        if let height { out.append("#@ height \(TurnSettings.formatted(height))") }
        if let pages { out.append("#@ pages \(pages)") }
        if let start { out.append("#@ start \(start)") }
        if let curl { out.append("#@ curl \(curl.rawValue)") }
        if let grip { out.append("#@ grip \(grip.rawValue)") }
        if let policy { out.append("#@ policy \(policy.rawValue)") }
        if let zones { out.append("#@ zones \(zones)") }
        if let rightToLeft { out.append("#@ progression \(rightToLeft ? "rtl" : "ltr")") }
        if let spread { out.append("#@ layout \(spread ? "spread" : "single")") }
        out += settings.map { "#@ set \($0)" }
        return out
    }

    /// The header of a gesture file: every `#@` line, wherever it stands (a recording's come
    /// first). Throws on a line it cannot read, naming it.
    public static func parse(_ text: String) throws(GestureScriptError) -> RecordingHeader {
        var header = RecordingHeader()
        var line = 0
        for raw in ScriptLines.split(text) {
            line += 1
            guard raw.utf8.starts(with: "#@".utf8) else { continue }
            let words = raw.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard words.count == 2 else {
                throw GestureScriptError(line: line, message: "expected '#@ KEY VALUE' in the header")
            }
            let (key, value) = (words[0], words[1])
            func bad(_ what: String) -> GestureScriptError {
                GestureScriptError(line: line, message: "header: \(key) must be \(what), not '\(value)'")
            }
            switch key {
            case "source": header.source = value
            case "width": guard let v = Double(value), v.isFinite, v > 0 else { throw bad("a positive number") }; header.width = v
            case "height": guard let v = Double(value), v.isFinite, v > 0 else { throw bad("a positive number") }; header.height = v
            case "pages": guard let v = Int(value), v >= 1 else { throw bad("a whole number from 1") }; header.pages = v
            case "start": guard let v = Int(value), v >= 0 else { throw bad("a whole number from 0") }; header.start = v
            case "curl":
                guard let c = CurlModel(rawValue: value) else { throw bad("classic, cylinder, slide or none") }
                header.curl = c
            case "grip":
                guard let g = TurnGrip(rawValue: value) else { throw bad("edge or fold") }
                header.grip = g
            case "policy":
                guard let rule = CommitRule(rawValue: value) else { throw bad("one of \(CommitRule.names)") }
                header.policy = rule
            case "zones":
                guard TapZoneLayout.named(value) != nil else { throw bad("default, tutorial or koreader") }
                header.zones = value
            case "progression":
                guard value == "ltr" || value == "rtl" else { throw bad("ltr or rtl") }
                header.rightToLeft = value == "rtl"
            case "layout":
                guard value == "single" || value == "spread" else { throw bad("single or spread") }
                header.spread = value == "spread"
            case "set":
                var probe = TurnSettings()
                do { try probe.apply(assignment: value) } catch {
                    throw GestureScriptError(line: line, message: "header: \(error)")
                }
                header.settings.append(value)
            default:
                throw GestureScriptError(line: line, message: "unknown header key '\(key)' (source, width, height, pages, start, curl, grip, policy, zones, progression, layout, set)")
            }
        }
        return header
    }
}
