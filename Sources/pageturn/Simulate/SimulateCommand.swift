import ArgumentParser
import FileWriting
import FoundationEssentials
import GestureLab
import PageTurner
import Reader
import GestureScripts

/// `pageturn simulate`: replays gesture files through the page-turn machine, headlessly: as
/// JSON lines (the default), as a report of what each labelled gesture did (`--report`), or
/// under every combination of swept settings (`--sweep`); with pictures (`--plot`).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replays gesture scripts through the page-turn machine: JSON lines, a report, or a sweep.",
        discussion: """
            Prints, one JSON object per line: every event the machine emits with its time \
            (turnStarted, settling, turnCommitted with from and to, turnCancelled, boundary, tap \
            with zone, action and the point x, y where it let go, toolbars with shown, \
            selectionStarted, selectionChanged and selectionEnded with x, y: a press held still \
            for longPressTimeout selects, and then turns nothing); at each frame tick while \
            anything is pressed or moving, the state, "pointer":[x,y] while a pointer is down, \
            "edge": the x of the turning page's free edge at the pointer's height, and the \
            geometry (classic: the fold's x, back \
            page, shadow band, margin band and clip rects as [x, y, w, h]; cylinder: fold line \
            across the page [x0, y0, x1, y1], radius, vertex count; slide: page offsets); and \
            last a summary {"cancels":C,"page":K,"pages":N,"turns":T}: the page shown at the end and the book's length. Pages are numbered from 0. \
            Each line is written as every JSON of pageturn is: keys sorted, no spaces, lengths and times to a thousandth. \
            Idle stretches print nothing and cost nothing: the clock jumps to the next step.

            A file may begin with '#@' lines giving its own set-up (a recording, or pageturn \
            gestures synth): source, width, height, pages, start, curl, grip, policy, zones, \
            progression, layout and settings. \
            It is replayed under them; options given here win. 'expect next|previous|none|toolbars|select' \
            lines say what the gesture before them was meant to do: --report prints, per gesture, \
            what the machine did and why, and counts agreed, missed, false and wrong, and how \
            many selections turned a page and how many turns selected; --sweep \
            replays every file under every combination of up to three settings; \
            --compare-policies under every commit rule (--policy). Errors are weighed by --cost \
            (a false turn loses the reader's place: 3; a missed one costs a second try: 1), each \
            total with a 95% bootstrap interval, each file apart.

            SCRIPT FORMAT
            \(GestureScript.formatHelp)
              expect next|previous|none|toolbars   what the gesture just before was meant to do

            SETTINGS (--set KEY=VALUE, --config FILE, --sweep KEY=FROM:TO:STEP)
            \(TurnSettingsOptions.help)

            EXAMPLES
              printf 'down 700 500 @0\\nmove 600 505 @50\\nmove 450 510 @100\\nup @120\\n' \\
                | pageturn simulate --width 800 --height 1000 --pages 10 -
              pageturn gestures synth --seed 1 --count 500 --out gestures.txt
              pageturn simulate --report gestures.txt --set commitFraction=0.25
              pageturn simulate --sweep commitFraction=0.1:0.4:0.05 --sweep flingVelocity=200:1200:100 \\
                --plot plots gestures.txt
              pageturn simulate --print-config > mine.json; pageturn simulate --config mine.json --report gestures.txt
              pageturn simulate --compare-policies --cost missed=1,false=5 --plot plots gestures.txt mine.txt
            """)

    @OptionGroup var book: SimulatedBookOptions
    @OptionGroup var turn: TurnOptions
    @OptionGroup var tapZones: TapZoneOptions
    @OptionGroup var clock: ScriptClockOptions
    @OptionGroup var settings: TurnSettingsOptions
    @OptionGroup var lab: LabOptions

    // Everything left over lands here, so an unknown option is one line of ours too.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("Gesture script files (one unless --report or --sweep), or - for standard input.",
                                 valueName: "SCRIPT"))
    var script: [String] = []

    func run() throws {
        if lab.printConfig {
            print(try settings.settings(over: TurnSettings()).json)
            return
        }
        let paths = try Self.scriptPaths(script, several: lab.report || !lab.sweep.isEmpty || lab.comparePolicies)
        let files = try paths.map { path in (path, try Self.load(path)) }
        let setups = try files.map { try setup(for: $0.1.header) }
        // Each source's name is its own: a second file of the same name is `NAME-2`.
        var taken: Set<String> = []
        let sources = zip(files, setups).map { file, setup in
            var name = Self.name(of: file), k = 1
            while !taken.insert(name).inserted { k += 1; name = "\(Self.name(of: file))-\(k)" }
            return LabSource(name: name, file: file.1, setup: setup)
        }
        if lab.comparePolicies {
            try PolicyCompareRun(lab: lab, sources: sources).run()
        } else if !lab.sweep.isEmpty {
            try SweepRun(lab: lab, sources: sources).run()
        } else if lab.report {
            try LabReportRun(lab: lab, sources: sources).run()
        } else {
            try replay(files[0].1, setup: setups[0], name: sources[0].name)
        }
    }

    /// The set-up for a file with `header`: the header's, with the options given here over it.
    func setup(for header: RecordingHeader) throws -> ReplaySettings {
        var s = ReplaySettings().applying(header)
        s.pageSize = try book.size(over: header)
        if let c = try turn.curlModel { s.curl = c }
        if let m = try turn.turnMotion { s.curl = m.curl(for: s.curl) }
        if let z = try tapZones.layout { s.zones = z }
        if let p = try turn.pageProgression { s.rightToLeft = p == .rightToLeft }
        if let mode = try turn.spreadMode {
            // No font here: auto decides at the reader's default 18 px.
            s.spread = mode.spread(window: s.pageSize, fontSize: ReaderPreferences().fontSize) != nil
        }
        // A book is laid out once, on the page the lab turns: a spread's when it turns spreads
        // (--layout, else the file's own header).
        (s.pageCount, s.startPage) = try book.resolve(over: header, bookPage: s.spread ? SpreadGeometry(window: s.pageSize).pageSize : s.pageSize,
                                                      facingPages: s.spread)
        s.settings = try settings.settings(over: s.settings)
        if let g = try turn.turnGrip { s.settings.grip = g }
        return s
    }

    /// The JSON lines of one file's replay.
    func replay(_ file: LabelledScript, setup: ReplaySettings, name: String) throws {
        var replay = setup
        replay.fps = try clock.framesPerSecond
        var out = ""
        let summary = GestureReplay.run(file.script, settings: replay) { line in
            out += line
            out += "\n"
            if out.utf8.count > 1 << 16 {
                print(out, terminator: "")
                out = ""
            }
        }
        print(out, terminator: "")
        print(summary.jsonLine)
        if let dir = lab.plot {
            let folder = try LabReportRun.newFolder(named: "replay-" + LabReportRun.fileName(name), in: dir)
            try LabReportRun.plot(file, setup: setup, into: folder)
            try LabReportRun.finishPlots(folder: folder, caption: "Replay of \(name): each gesture's timeline", in: dir)
        }
    }

    /// A file's name in the lab's tables: its `#@ source`, or its file name without the
    /// extension ("stdin" for standard input).
    static func name(of file: (path: String, file: LabelledScript)) -> String {
        if let source = file.file.header.source { return source }
        if file.path == "-" { return "stdin" }
        return PathName.stem(file.path)
    }

    /// A gesture file, parsed; errors name the file (or standard input) and the line.
    static func load(_ path: String) throws -> LabelledScript {
        let text = try ScriptFile.read(path)
        do {
            return try LabelledScript.parse(text)
        } catch {
            throw UserError("\(path == "-" ? "standard input" : path): \(error)")
        }
    }

    /// The SCRIPT arguments (one, or with `several` one or more); anything else left over is an
    /// unknown option or a stray word.
    static func scriptPaths(_ arguments: [String], several: Bool) throws -> [String] {
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw UserError("unknown option '\(option)' (see pageturn simulate --help)")
        }
        guard !arguments.isEmpty else {
            throw UserError("missing SCRIPT (a gesture script file, or - for standard input)")
        }
        guard several || arguments.count == 1 else {
            throw UserError("one SCRIPT only, got \(arguments.count): \(arguments.joined(separator: " ")) "
                            + "(--report and --sweep take several)")
        }
        guard arguments.count(where: { $0 == "-" }) <= 1 else { throw UserError("standard input (-) can be read once only") }
        return arguments
    }
}

/// What the gesture lab adds to `simulate`: the report, sweeps, plots, the effective settings.
struct LabOptions: ParsableArguments {
    @Flag(name: .customLong("print-config"),
          help: "Print the effective settings (after --config and --set) as one JSON object, and stop.")
    var printConfig = false

    @Flag(help: "Print a table: per gesture what the machine did, why, and what was expected; then the counts.")
    var report = false

    @Option(help: ArgumentHelp("A swept setting, KEY=FROM:TO:STEP (up to three): every combination is replayed.",
                               valueName: "KEY=FROM:TO:STEP"))
    var sweep: [String] = []

    @Flag(name: .customLong("compare-policies"),
          help: "Replay the files under every commit rule (see --policy): one row per rule, the cheapest first.")
    var comparePolicies = false

    @Option(help: ArgumentHelp("What each error costs, for ranking: missed=N,false=N[,wrong=N] (wrong: as false "
                               + "unless given). A false turn loses the reader's place, a missed one costs a second "
                               + "try. Default: \(ErrorCost.defaultSpelling).", valueName: "missed=N,false=N"))
    var cost: String?

    @Option(help: ArgumentHelp("With --report: the counts as a JSON object; with --sweep: the rows as a JSON array; "
                               + "with --compare-policies: one JSON line per rule. "
                               + "Written to FILE, or - for standard output (the table then goes to standard "
                               + "error: standard output is JSON alone).", valueName: "FILE"))
    var json: String?

    @Option(help: ArgumentHelp("Write SVG pictures into a new folder of their own inside DIR, named after the run "
                               + "(report-FILES, sweep-KEYS, policies, replay-FILE): a timeline per gesture, a sweep's "
                               + "line chart or heat map, the commit rules' bars; DIR/index.html shows every run's.",
                               valueName: "DIR"))
    var plot: String?

    func validate() throws {
        _ = try axes
        _ = try errorCost
        if json != nil && !report && sweep.isEmpty && !comparePolicies {
            throw UserError("--json goes with --report, --sweep or --compare-policies")
        }
        if comparePolicies && (report || !sweep.isEmpty) { throw UserError("--compare-policies goes alone, without --report or --sweep") }
    }

    /// Prints a line of the human report: on standard output, or on standard error when the
    /// JSON goes to standard output (`--json -`), which is then JSON alone (`| jq` reads it).
    func say(_ text: String) {
        if json == "-" { StandardError.write(text + "\n") } else { print(text) }
    }

    /// --cost, checked (the defaults when not given).
    var errorCost: ErrorCost {
        get throws {
            guard let cost else { return ErrorCost() }
            do { return try ErrorCost(parsing: cost) } catch { throw UserError(error.description) }
        }
    }

    /// The swept settings, checked.
    var axes: [SweepAxis] {
        get throws {
            guard sweep.count <= Sweep.maximumAxes else { throw UserError("--sweep takes up to three keys") }
            do { return try sweep.map { try SweepAxis(parsing: $0) } } catch { throw UserError("\(error)") }
        }
    }
}
