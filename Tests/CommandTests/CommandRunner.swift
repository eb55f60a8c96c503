import Foundation
import Testing

/// Runs the built `pageturn` binary, as a user would from a terminal.
enum Pageturn {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = packageRoot.appendingPathComponent(".build/debug/pageturn").path

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Non-empty lines of standard error.
        var errorLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// Runs `pageturn ARGUMENTS`, or with `shell`, `/bin/sh ARGUMENTS` (a test that needs the
    /// shell to make its arguments: bytes that are not UTF-8).
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    shell: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell ? "/bin/sh" : binary)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a full pipe never blocks the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder for one test.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pageturn-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Expects `pageturn ARGUMENTS` to fail with exactly one line on standard error that
/// mentions every needle (case-insensitively).
func expectOneLineError(_ arguments: [String], stdin: String? = nil, mentioning needles: String...,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try Pageturn.run(arguments, stdin: stdin)
    #expect(result.status != 0, "exit status for \(arguments)", sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    for needle in needles {
        #expect(result.stderr.lowercased().contains(needle.lowercased()), "stderr: \(result.stderr)",
                sourceLocation: sourceLocation)
    }
}

/// `read`'s summary, the JSON object on the last line of its standard output.
func readSummary(_ stdout: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let last = stdout.split(separator: "\n").last.map(String.init) ?? ""
    return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any],
                        "not a summary: \(stdout)", sourceLocation: sourceLocation)
}
