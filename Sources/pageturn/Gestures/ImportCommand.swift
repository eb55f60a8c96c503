import ArgumentParser
import FileWriting
import FoundationEssentials
import GestureLab
import PageTurner

/// `pageturn gestures import`: recordings made on other devices as the lab's gesture scripts.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turns a touch recording made elsewhere into a gesture script for the lab.",
        discussion: """
            Reads, by its content (or --format):
              libinput  the YAML of 'libinput record' (a touchscreen or a touchpad): each \
            finger's slot, positions and times, mapped by the device's own axis ranges;
              getevent  an Android 'adb shell getevent -lt' log: raw hexadecimal values, mapped \
            by --device-size (the axes' maxima, as 'getevent -p' lists them);
              csv       lines of time_ms,x,y,phase (down, move or up; a fifth column may name \
            the finger), in the device's pixels with --device-size, else the page's.
            Writes a gesture script on a page of --width × --height: a down, moves and an up per \
            touch, each finger a pointer of its own, times from 0 at the first contact; with \
            '#@ source NAME' (--source, else the file's name) so the lab's tables keep it \
            apart. The gestures carry no labels: add 'expect next|previous|none|toolbars' after \
            each, then run pageturn simulate --report or --compare-policies on it. A touchpad's \
            fingers come in as pointers of their own, as on a touchscreen (two fingers at once \
            are a second pointer, not a scroll). A recording may hold up to 512 MiB and \
            2,000,000 contacts (some nine hours of touching); a longer one is refused.

            EXAMPLES
              sudo libinput record /dev/input/event5 > swipes.yml
              pageturn gestures import swipes.yml --width 1280 --height 800 --out mine.txt
              adb shell getevent -lt /dev/input/event2 > phone.log
              pageturn gestures import phone.log --device-size 1080x2400 --width 1080 --height 2400 --out phone.txt
            """)

    @Argument(help: ArgumentHelp("The recording, or - for standard input.", valueName: "FILE")) var file: String
    @Option(help: ArgumentHelp("Where to write the script; - for standard output.", valueName: "OUT")) var out: String = "-"
    @Option(help: "The page's width the script is for, logical px (160 to 8192).") var width: Checked<Double>
    @Option(help: "The page's height, logical px (160 to 8192).") var height: Checked<Double>
    @Option(name: .customLong("device-size"), parsing: .unconditional,
            help: ArgumentHelp("The device's raw size, WxH: a getevent log's axis maxima, a CSV's pixels.", valueName: "WxH"))
    var deviceSize: String?
    @Option(help: ArgumentHelp("What the recording is: auto (by its content), libinput, getevent or csv.",
                               valueName: "auto|libinput|getevent|csv"))
    var format: Checked<Format> = Checked(.auto)
    @Option(help: ArgumentHelp("The name the lab's tables give these gestures (one word; default: the file's name).",
                               valueName: "NAME"))
    var source: String?

    enum Format: String, ExpressibleByArgument, CaseIterable { case auto, libinput, getevent, csv }

    func validate() throws {
        _ = try width.value(of: "--width", in: 160...8192)
        _ = try height.value(of: "--height", in: 160...8192)
        _ = try format.value(of: "--format")
        _ = try device
        if let source, source.isEmpty || source.contains(where: { $0 == " " || $0 == "\t" || $0.isNewline }) {
            throw UserError("--source is one word, not '\(source)'")
        }
    }

    /// --device-size, checked: two positive numbers, WxH.
    var device: (width: Double, height: Double)? {
        get throws {
            guard let deviceSize else { return nil }
            let parts = deviceSize.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else {
                throw UserError("--device-size takes WxH, two positive numbers (1080x2400), not '\(deviceSize)'")
            }
            return (w, h)
        }
    }

    func run() throws {
        try SameFileGuard.check(output: out, option: "--out", input: file, what: "the recording")
        let text = try ScriptFile.read(file, kind: "recording", limit: ScriptFile.recordingLimit)
        let page = (width: try width.value(of: "--width", in: 160...8192), height: try height.value(of: "--height", in: 160...8192))
        let name = file == "-" ? "standard input" : file
        var kind = try format.value(of: "--format")
        if kind == .auto {
            kind = LibinputRecording.recognizes(text[...]) ? .libinput : GeteventLog.recognizes(text.prefix(1 << 16)) ? .getevent : .csv
        }
        let contacts: [Contact]
        do {
            switch kind {
            case .libinput: contacts = try LibinputRecording.contacts(text)
            case .getevent:
                guard let device = try device else {
                    throw UserError("\(name): a getevent log does not say its axes' ranges: give --device-size WxH (getevent -p lists them)")
                }
                contacts = try GeteventLog.contacts(text, deviceSize: device)
            case .csv, .auto: contacts = try ContactCSV.contacts(text, deviceSize: try device, pageSize: page)
            }
        } catch let error as ImportError {
            throw UserError("\(name) (\(kind.rawValue)): \(error)")
        }
        let label = source ?? (file == "-" ? "stdin" : LabReportRun.fileName(PathName.stem(file)))
        let script: (text: String, touches: Int)
        do {
            script = try ImportedGestures.script(contacts, width: page.width, height: page.height, source: label, from: name)
        } catch { throw UserError("\(name): \(error)") }
        do { try OutputFile.write(script.text, to: out) } catch { throw UserError(error.description) }
        StandardError.write("pageturn: \(script.touches) touches from \(PrintableText.escaped(name)) (\(kind.rawValue))\n")
    }
}
