import FileWriting
import FoundationEssentials
import GestureLab
import PageTurner
import Reader

/// `read --record FILE`: every input the turn machine receives (and every change the reader
/// makes to its set-up: size, page count and page, curl, direction), written to FILE as it happens
/// (each line handed to the system at once, so a reader killed mid-session still leaves every
/// event up to the kill), after a header with what a replay needs. FILE is written as
/// `StreamedOutput` writes: through a link, into a FIFO or device, a file's mode kept.
final class RecordingFile {
    private let output: StreamedOutput
    private let recorder: GestureRecorder
    let path: String

    /// Creates (or empties) `path` and writes the header for `session` as it is now.
    init(path: String, session: ReaderSession) throws {
        self.path = path
        do { output = try StreamedOutput(path: path) } catch { throw UserError(error.description) }
        recorder = GestureRecorder(origin: session.now)
        let header = GestureRecorder.header(machine: session.machine, curl: session.preferences.shownCurl,
                                            zones: session.preferences.zones.name, settings: session.settings)
        try write(GestureRecorder.opening(header))
    }

    /// Starts recording `session`'s machine inputs.
    func attach(to session: ReaderSession) {
        session.onMachineInput = { [weak self] input, time in
            guard let self else { return }
            try? self.write(self.recorder.line(for: input, at: time) + "\n")
        }
        session.onMachineSetup = { [weak self] change, time in
            guard let self else { return }
            try? self.write(self.recorder.line(for: change, at: time) + "\n")
        }
    }

    private func write(_ text: String) throws {
        do { try output.write(Data(text.utf8)) } catch { throw UserError(error.description) }
    }
}
