import Foundation
import Testing
@testable import FileWriting

/// A FIFO named for output waits for its reader a bounded time, never for ever: `read
/// --record FIFO` with nobody reading ended only with SIGKILL.
@Suite struct FIFOReaderTests {
    @Test func aFIFONobodyReadsIsGivenUpOnWithENXIO() throws {
        try withScratchFolder { dir in
            let path = dir + "/nobody"
            #expect(mkfifo(path, 0o600) == 0)
            let fd = Descriptor.openStream(path, waitingAtMost: 100)
            let code = errno
            #expect(fd == -1)
            #expect(code == ENXIO)
        }
    }

    @Test func aReaderThatComesLaterIsWaitedForAndTheWritesBlockAsUsual() throws {
        try withScratchFolder { dir in
            let path = dir + "/later"
            #expect(mkfifo(path, 0o600) == 0)
            let read = readingFIFO(path, startingAfter: 0.2) {
                let fd = Descriptor.openStream(path, waitingAtMost: 10_000)
                #expect(fd >= 0)
                #expect(fcntl(fd, F_GETFL) & O_NONBLOCK == 0, "blocking writes")
                let big = Data(repeating: 0x61, count: 1 << 20)  // more than a pipe holds
                #expect(big.withUnsafeBytes { Descriptor.writeAll(fd, $0) } == 0)
                close(fd)
            }
            #expect(read.count == 1 << 20)
        }
    }

    /// What a reader that opens `path` `delay` seconds from now reads while `body` runs.
    func readingFIFO(_ path: String, startingAfter delay: Double, _ body: () -> Void) -> Data {
        nonisolated(unsafe) var read = Data()
        let done = DispatchSemaphore(value: 0)
        let start = DispatchTime.now() + delay
        DispatchQueue.global().asyncAfter(deadline: start) {
            if let handle = FileHandle(forReadingAtPath: path) {
                read = handle.readDataToEndOfFile()
                try? handle.close()
            }
            done.signal()
        }
        body()
        done.wait()
        return read
    }
}
