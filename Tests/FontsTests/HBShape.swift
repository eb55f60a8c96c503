import Foundation

/// Debian's `hb-shape` (package libharfbuzz-bin, installed by `make test`): the truth for
/// glyph positions. A missing hb-shape is a failure, not a skip.
struct HBShape {
    let executable: String

    /// hb-shape from PATH (or /usr/bin); a missing one fails the test with what to install.
    static func required() throws -> HBShape {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":").map(String.init) + ["/usr/bin"] {
            let candidate = "\(dir)/hb-shape"
            if FileManager.default.isExecutableFile(atPath: candidate) { return HBShape(executable: candidate) }
        }
        throw HBShapeFailure(
            message: "hb-shape not found on PATH: install libharfbuzz-bin (`make test` does) to compare with HarfBuzz")
    }

    /// One glyph as hb-shape prints it: id, cluster, advance and offsets in font units.
    struct Glyph: Decodable, Equatable {
        let g: UInt32
        let cl: Int
        let ax: Int
        let dx: Int
        let dy: Int
    }

    /// Each line of `lines` shaped on its own with HarfBuzz's default features and its own
    /// (unhinted) font functions, at the font's units per em (no rounding), in `direction`
    /// ("ltr", "rtl", or nil to let HarfBuzz guess) and `language`. Glyphs come in visual
    /// order.
    func shape(font: String, faceIndex: Int = 0, direction: String? = nil, language: String? = nil,
               lines: [String]) throws -> [[Glyph]] {
        guard !lines.isEmpty else { return [] }
        let input = FileManager.default.temporaryDirectory
            .appendingPathComponent("pageturn-hb-\(UUID().uuidString).txt")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = ["--output-format=json", "--no-glyph-names", "--font-funcs=ot", "--face-index=\(faceIndex)",
                         "--text-file=\(input.path)"]
        if let direction { arguments.append("--direction=\(direction)") }
        if let language { arguments.append("--language=\(language)") }
        process.arguments = arguments + [font]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HBShapeFailure(message: "hb-shape exited with status \(process.terminationStatus)")
        }
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            try JSONDecoder().decode([Glyph].self, from: Data(line.utf8))
        }
    }
}

struct HBShapeFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
