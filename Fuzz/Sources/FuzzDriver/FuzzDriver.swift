import Foundation
import FuzzTargets
#if canImport(Glibc)
import Glibc
#endif

/// Enters libFuzzer's loop for one harness, from an executable's own `main`.
///
/// Subtle: libFuzzer normally supplies `main` and calls `LLVMFuzzerTestOneInput`, but SwiftPM
/// links an executable target's entry point as `main` whatever its sources hold, so the
/// executables in `Fuzz/` call libFuzzer's documented `LLVMFuzzerRunDriver` instead, with the
/// process's arguments (libFuzzer's options: `-max_total_time=60`, a corpus folder, ...).
/// The symbol exists only in executables linked with `-sanitize=fuzzer`, which is why this
/// lives in the Fuzz package and not in the root package's `FuzzTargets`.
public enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments and exits with its status; or, when
    /// `PAGETURN_FUZZ_SEEDS` names a folder, writes the harness's seeds there (one file each)
    /// and exits: `make fuzz` builds its seed corpora so.
    public static func run(_ harness: FuzzHarness) -> Never {
        if let folder = ProcessInfo.processInfo.environment["PAGETURN_FUZZ_SEEDS"] {
            for seed in harness.seeds {
                FileManager.default.createFile(atPath: folder + "/" + seed.name, contents: Data(seed.bytes))
            }
            exit(0)
        }
        current = harness
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv) { data, size in
            FuzzDriver.current.fuzzOne(data, size)
        })
    }

    /// The harness the C callback runs (a C function pointer captures nothing).
    nonisolated(unsafe) private static var current = FuzzHarness.decoder
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<Int32>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
