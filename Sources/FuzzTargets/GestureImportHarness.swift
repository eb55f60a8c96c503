import GestureLab
import PageTurner
import FileWriting

/// Reads the input as a recording made elsewhere, in each of the formats `gestures import`
/// takes (`libinput record`'s YAML, a `getevent -lt` log, a CSV of contacts). A refusal must be
/// one clean line; what is accepted must become a gesture script, or a one-line refusal, and
/// an accepted script must read back through `LabelledScript.parse` with every step on the page.
enum GestureImportHarness {
    static func run(_ bytes: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: bytes, as: UTF8.self)
        let readers: [(String, () throws(ImportError) -> [Contact])] = [
            ("libinput", { () throws(ImportError) in try LibinputRecording.contacts(text) }),
            ("getevent", { () throws(ImportError) in try GeteventLog.contacts(text, deviceSize: (1080, 2400)) }),
            ("csv", { () throws(ImportError) in try ContactCSV.contacts(text, deviceSize: nil, pageSize: (800, 1000)) }),
        ]
        for (name, read) in readers {
            let contacts: [Contact]
            do { contacts = try read() } catch {
                // The error quotes at most a line of the recording as written (escaped once
                // when printed, so the printed form is one line).
                try expectNoLineBreak(error.description, "\(name) import: the error")
                try expectOneLine(PrintableText.escaped(error.description), "\(name) import: the error")
                continue
            }
            let script: String
            do { script = try ImportedGestures.script(contacts, width: 800, height: 1000, source: "fuzz", from: name).text } catch {
                try expectOneLine(error.description, "\(name) import: the script's error")
                continue
            }
            let file: LabelledScript
            do { file = try LabelledScript.parse(script) } catch {
                throw FuzzFinding("\(name) import wrote a script that does not read back: \(error)")
            }
            for step in file.script.steps {
                if case .down(let p, _) = step.action {
                    try expect(p.x >= 0 && p.x <= 800 && p.y >= 0 && p.y <= 1000, "\(name) import: a press off the page at \(p)")
                }
            }
        }
    }

    static var seeds: [(name: String, bytes: [UInt8])] {
        let inputs = [
            ("csv", "time_ms,x,y,phase\n0,700,500,down\n16,600,505,move\n32,400,510,move\n48,400,510,up\n"),
            ("getevent", "[   1.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000001\n"
                + "[   1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000384\n"
                + "[   1.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000004b0\n"
                + "[   1.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000\n"
                + "[   1.016000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff\n"
                + "[   1.016000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000\n"),
            ("libinput", "libinput:\n  version: \"1.22\"\ndevices:\n- node: /dev/input/event5\n  evdev:\n    absinfo:\n"
                + "      53: [0, 4095, 0, 0, 13]\n      54: [0, 4095, 0, 0, 13]\n  events:\n  - evdev:\n"
                + "    - [  0, 0, 3, 57, 1]\n    - [  0, 0, 3, 53, 2000]\n    - [  0, 0, 3, 54, 2000]\n    - [  0, 0, 0, 0, 0]\n"
                + "  - evdev:\n    - [  0, 16000, 3, 57, -1]\n    - [  0, 16000, 0, 0, 0]\n"),
        ]
        return inputs.map { ($0.0, Array($0.1.utf8)) }
    }
}
