import Foundation
import Testing

/// ARCHITECTURE.md's two flows as a picture (docs/flows.svg, drawn by scripts/flows.py):
/// each step names a type and its file, and the picture must say what the sources hold.
@Suite("The flows picture")
struct FlowsPictureTests {
    static let root = PackageArrowsTests.root

    @Test("every step of docs/flows.svg names a file that exists and defines the step's type")
    func stepsAreTrue() throws {
        let svg = try String(contentsOf: Self.root.appendingPathComponent("docs/flows.svg"), encoding: .utf8)
        let steps = svg.components(separatedBy: "<title>").dropFirst().compactMap { $0.components(separatedBy: "</title>").first }
        #expect(steps.count >= 20, "both flows are drawn: \(steps.count) steps")
        for step in steps {
            let parts = step.components(separatedBy: " — ")
            try #require(parts.count == 2, "a step is \"Type — path\": \(step)")
            let (type, path) = (parts[0], parts[1])
            let file = Self.root.appendingPathComponent(path)
            let source = try? String(contentsOf: file, encoding: .utf8)
            #expect(source != nil, "\(path) is gone: move the step in scripts/flows.py and redraw docs/flows.svg")
            guard let source else { continue }
            let defines = ["struct ", "class ", "enum ", "protocol "].contains { source.contains($0 + type + " ") || source.contains($0 + type + ":")
                || source.contains($0 + type + "<") || source.contains($0 + type + "{") }
            #expect(defines, "\(path) no longer defines \(type): redraw with python3 scripts/flows.py > docs/flows.svg")
        }
    }

    @Test("docs/flows.svg is what scripts/flows.py draws")
    func pictureIsCurrent() throws {
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        script.arguments = [Self.root.appendingPathComponent("scripts/flows.py").path]
        let output = Pipe()
        script.standardOutput = output
        try script.run()
        let drawn = output.fileHandleForReading.readDataToEndOfFile()
        script.waitUntilExit()
        #expect(script.terminationStatus == 0)
        let kept = try Data(contentsOf: Self.root.appendingPathComponent("docs/flows.svg"))
        #expect(drawn == kept, "redraw it: python3 scripts/flows.py > docs/flows.svg")
    }
}
