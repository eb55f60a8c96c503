import Foundation
import Testing
import TestSupport

/// `--grip` and `#@ grip` reach the replay: the cylinder held by its edge keeps the edge under
/// the pointer; held by its fold, the edge runs ahead.
@Suite("pageturn simulate --grip", .serialized)
struct GripCommandTests {
    static let drag = "down 760 500 @0\nmove 740 500 @20\nmove 600 500 @60\nmove 500 500 @100\nup @140\n"

    /// The last dragging frame's pointer x and edge x.
    static func lastDrag(_ arguments: [String], script: String = drag) throws -> (pointer: Double, edge: Double) {
        let run = try Pageturn.run(["simulate", "--width", "800", "--height", "1000", "--pages", "9", "--curl", "cylinder"]
                                   + arguments + ["-"], stdin: script)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try run.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let last = try #require(frames.last { $0["state"] as? String == "dragging" })
        let pointer = try #require(last["pointer"] as? [Double]), edge = try #require(last["edge"] as? Double)
        return (pointer[0], edge)
    }

    @Test func theGripChosenOnTheCommandLineOrInTheFileIsTheOneReplayed() throws {
        let own = try Self.lastDrag([])
        #expect(abs(own.edge - own.pointer) <= 2, "the cylinder's own grip is the edge: \(own)")
        let fold = try Self.lastDrag(["--grip", "fold"])
        #expect(fold.edge < fold.pointer - 100, "by the fold the edge runs ahead: \(fold)")
        let headed = try Self.lastDrag([], script: "#@ grip fold\n" + Self.drag)
        #expect(headed.edge == fold.edge, "#@ grip fold")
        try expectOneLineError(["simulate", "--grip", "corner", "x.txt"], mentioning: "--grip")
    }
}
