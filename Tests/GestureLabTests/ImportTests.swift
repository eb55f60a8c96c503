import GestureLab
import PageTurner
import Testing
import GestureScripts

/// `gestures import`: recordings from real devices, in three formats written by hand here,
/// become gesture scripts the lab replays.
@Suite struct ImportTests {
    /// A touchscreen 0…4095 × 0…4095 as `libinput record` writes it: one finger drags from the
    /// right edge to the middle, a second lands and both lift.
    static let libinput = """
        version: 1
        ndevices: 1
        libinput:
          version: "1.22.1"
          git: "unknown"
        system:
          os: "debian:12"
          kernel: "6.1.0"
        devices:
        - node: /dev/input/event5
          evdev:
            # Name: Test Touchscreen
            name: "Test Touchscreen"
            id: [3, 1267, 9402, 256]
            codes:
              0: [0] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 4095, 0, 0, 13]
              1: [0, 4095, 0, 0, 13]
              47: [0, 9, 0, 0, 0]
              53: [0, 4095, 0, 0, 13]
              54: [0, 4095, 0, 0, 13]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          hid: []
          udev:
            properties:
            - ID_INPUT=1
          quirks:
          events:
          - evdev:
            - [  2, 500000,   3,  47,     0] # EV_ABS / ABS_MT_SLOT                0
            - [  2, 500000,   3,  57,    12] # EV_ABS / ABS_MT_TRACKING_ID        12
            - [  2, 500000,   3,  53,  3900] # EV_ABS / ABS_MT_POSITION_X       3900
            - [  2, 500000,   3,  54,  2048] # EV_ABS / ABS_MT_POSITION_Y       2048
            - [  2, 500000,   1, 330,     1] # EV_KEY / BTN_TOUCH                  1
            - [  2, 500000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms
          - evdev:
            - [  2, 516000,   3,  53,  3000] # EV_ABS / ABS_MT_POSITION_X       3000
            - [  2, 516000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +16ms
          - evdev:
            - [  2, 532000,   3,  53,  2048] # EV_ABS / ABS_MT_POSITION_X       2048
            - [  2, 532000,   3,  54,  2100] # EV_ABS / ABS_MT_POSITION_Y       2100
            - [  2, 532000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +16ms
          - evdev:
            - [  2, 548000,   3,  47,     1] # EV_ABS / ABS_MT_SLOT                1
            - [  2, 548000,   3,  57,    13] # EV_ABS / ABS_MT_TRACKING_ID        13
            - [  2, 548000,   3,  53,   100] # EV_ABS / ABS_MT_POSITION_X        100
            - [  2, 548000,   3,  54,   200] # EV_ABS / ABS_MT_POSITION_Y        200
            - [  2, 548000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +16ms
          - evdev:
            - [  2, 564000,   3,  47,     0] # EV_ABS / ABS_MT_SLOT                0
            - [  2, 564000,   3,  57,    -1] # EV_ABS / ABS_MT_TRACKING_ID        -1
            - [  2, 564000,   3,  47,     1] # EV_ABS / ABS_MT_SLOT                1
            - [  2, 564000,   3,  57,    -1] # EV_ABS / ABS_MT_TRACKING_ID        -1
            - [  2, 564000,   1, 330,     0] # EV_KEY / BTN_TOUCH                  0
            - [  2, 564000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +16ms
        """

    static func steps(_ text: String) throws -> [String] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test("libinput record: slots become pointers, positions are mapped by the axes' ranges, times start at 0")
    func libinputRecording() throws {
        #expect(LibinputRecording.recognizes(Self.libinput[...]))
        // However long a line comes before the device list.
        let long = Self.libinput.replacingOccurrences(of: "  kernel: \"6.1.0\"", with: "  kernel: \"" + String(repeating: "6", count: 200_000) + "\"")
        #expect(LibinputRecording.recognizes(long[...]))
        #expect(!LibinputRecording.recognizes("0,10,20,down\nversion: 1\nlibinput:\ndevices:\n"), "a CSV's first line ends the look")
        #expect(!LibinputRecording.recognizes("version: 1\nsystem:\n  os: x\n"), "YAML, but no libinput record")
        let contacts = try LibinputRecording.contacts(Self.libinput)
        #expect(try LibinputRecording.contacts(long).count == contacts.count)
        let script = try ImportedGestures.script(contacts, width: 800, height: 1000, source: "tablet", from: "test")
        #expect(script.touches == 2)
        #expect(try Self.steps(script.text) == [
            "down 761.9 500.1 @0", "move 586.1 500.1 @16", "move 400.1 512.8 @32",
            "down 19.5 48.8 @48 id=1", "up 400.1 512.8 @64", "up 19.5 48.8 @64 id=1",
        ])
        #expect(script.text.contains("#@ source tablet") && script.text.contains("#@ width 800"))
        let file = try LabelledScript.parse(script.text)
        #expect(file.header.source == "tablet" && file.script.steps.count == 6)
    }

    @Test("a recording past the contacts a recording may hold is refused, read no further than that")
    func tooManyContacts() throws {
        let rows = (0..<20).map { "\($0 * 10),100,200,\($0 % 2 == 0 ? "down" : "up")" }.joined(separator: "\n")
        #expect(try ContactCSV.contacts(rows, deviceSize: nil, pageSize: (800, 600), limit: 20).count == 20)
        #expect(throws: ImportedGestures.tooManyContacts) {
            try ContactCSV.contacts(rows + "\n200,1,1,down", deviceSize: nil, pageSize: (800, 600), limit: 20)
        }
        #expect(ImportedGestures.tooManyContacts.description.contains("2,000,000"))
    }

    /// A phone 1080 × 2400 (`getevent -p`'s maxima), `getevent -lt`: a finger flicks leftwards.
    static let getevent = """
        add device 1: /dev/input/event2
          name:     "fts_ts"
        [   8105.170134] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000a1f
        [   8105.170134] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000384
        [   8105.170134] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b0
        [   8105.170134] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
        [   8105.170134] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [   8105.178550] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000028a
        [   8105.178550] /dev/input/event2: EV_ABS       ABS_MT_TOUCH_MAJOR   00000005
        [   8105.178550] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [   8105.186871] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    0000012c
        [   8105.186871] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [   8105.195190] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
        [   8105.195190] /dev/input/event2: EV_KEY       BTN_TOUCH            UP
        [   8105.195190] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
        [   8105.300000] /dev/input/event0: EV_KEY       KEY_VOLUMEDOWN       DOWN
        """

    @Test("getevent -lt: hexadecimal values, -1 lifting, mapped by the device's size; other devices passed over")
    func geteventLog() throws {
        #expect(GeteventLog.recognizes(Self.getevent[...]))
        let contacts = try GeteventLog.contacts(Self.getevent, deviceSize: (1080, 2400))
        let script = try ImportedGestures.script(contacts, width: 540, height: 1200, source: "phone", from: "test")
        #expect(try Self.steps(script.text) == ["down 450 600 @0", "move 325 600 @8.4", "move 150 600 @16.7", "up 150 600 @25.1"])
        // Replayed: a 300 px flick in 25 ms turns the page.
        let file = try LabelledScript.parse(script.text + "expect next\n")
        #expect(file.header.pages == 100_000 && file.header.start == 50_000, "room to turn either way")
        #expect(LabReplay.run(file, setup: ReplaySettings().applying(file.header)).first?.action == .next)
    }

    @Test("CSV: time_ms,x,y,phase with a line of names, a pointer column, in the device's pixels")
    func csv() throws {
        let text = "time_ms,x,y,phase,pointer\n100,700,500,down,0\n120,600,505,move,0\n130,100,100,down,1\n140,400,510,move,0\n160,400,510,up,0\n170,100,100,up,1\n"
        let contacts = try ContactCSV.contacts(text, deviceSize: (800, 1000), pageSize: (400, 500))
        let script = try ImportedGestures.script(contacts, width: 400, height: 500, source: "csv", from: "test")
        #expect(try Self.steps(script.text) == [
            "down 350 250 @0", "move 300 252.5 @20", "down 50 50 @30 id=1", "move 200 255 @40", "up 200 255 @60", "up 50 50 @70 id=1",
        ])
    }

    @Test("getevent -lt given one device leaves its name out of the lines: read the same")
    func geteventOneDevice() throws {
        let bare = Self.getevent.split(separator: "\n").map { $0.replacingOccurrences(of: " /dev/input/event2:", with: "") }
            .filter { !$0.contains("event0") }.joined(separator: "\n")
        #expect(GeteventLog.recognizes(bare[...]))
        let contacts = try GeteventLog.contacts(bare, deviceSize: (1080, 2400))
        #expect(contacts == (try GeteventLog.contacts(Self.getevent, deviceSize: (1080, 2400))))
    }

    @Test("hostile recordings: no crash, a script that reads back, or one line saying why")
    func hostile() throws {
        // Places far past the device are held to the page; a time far away is refused.
        let far = try ContactCSV.contacts("0,1e308,5,down\n10,-1e308,5,move\n20,5,5,up\n", deviceSize: nil, pageSize: (800, 1000))
        let script = try ImportedGestures.script(far, width: 800, height: 1000, source: "far", from: "test")
        #expect(try LabelledScript.parse(script.text).script.steps.count == 3)
        let late = try ContactCSV.contacts("0,1,1,down\n1e300,1,1,up\n", deviceSize: nil, pageSize: (800, 1000))
        #expect(throws: ImportError.self) { try ImportedGestures.script(late, width: 800, height: 1000, source: "x", from: "late") }
        let backwards = try ContactCSV.contacts("50,1,1,down\n10,1,1,up\n", deviceSize: nil, pageSize: (800, 1000))
        #expect(throws: ImportError.self) { try ImportedGestures.script(backwards, width: 800, height: 1000, source: "x", from: "b") }
        // A slot far beyond any hand's fingers passes; a value beyond 32 bits is refused.
        let slots = Self.libinput.replacingOccurrences(of: "3,  47,     1]", with: "3,  47,  9999]")
        let kept = try LibinputRecording.contacts(slots)
        #expect(Set(kept.map(\.finger)) == [0])
        let huge = Self.libinput.replacingOccurrences(of: "3,  53,  3000]", with: "3,  53,  1e30]")
        #expect(throws: ImportError.self) { try LibinputRecording.contacts(huge) }
        let flat = Self.libinput.replacingOccurrences(of: "53: [0, 4095, 0, 0, 13]", with: "53: [7, 7, 0, 0, 13]")
        #expect(throws: ImportError.self) { try LibinputRecording.contacts(flat) }
        let nan = "[   nan] /dev/input/event2: EV_SYN       SYN_REPORT           00000000\n"
        #expect(throws: ImportError.self) { try GeteventLog.contacts(nan, deviceSize: (100, 100)) }
    }

    @Test("what cannot be read is named by its line", arguments: [
        ("1,2,3\n", "line 1: expected time_ms,x,y,phase"),
        ("0,1,2,down\n5,1,2,hover\n", "line 2: the phase is down, move or up"),
        ("0,a,2,down\n", "line 1: time, x and y must be numbers"),
    ])
    func badCSV(text: String, message: String) {
        do {
            _ = try ContactCSV.contacts(text, deviceSize: nil, pageSize: (800, 1000))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    @Test("a recording with no touch says so")
    func nothing() {
        #expect(throws: ImportError.self) { try ImportedGestures.script([], width: 800, height: 1000, source: "x", from: "empty.csv") }
        let hovering = [Contact(time: 0, finger: 0, x: 0.5, y: 0.5, phase: .move)]
        #expect(throws: ImportError.self) { try ImportedGestures.script(hovering, width: 800, height: 1000, source: "x", from: "h") }
    }
}
