import Foundation

/// Where the shared corpus lives: `$PAGETURN_SHARED`, else a `shared` folder beside the
/// package or one of its parents, else `/work/shared`.
enum SharedData {
    static let root: String = {
        if let env = ProcessInfo.processInfo.environment["PAGETURN_SHARED"] { return env }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            dir = dir.deletingLastPathComponent()
            let candidate = dir.appendingPathComponent("shared/corpus").path
            if FileManager.default.fileExists(atPath: candidate) {
                return dir.appendingPathComponent("shared").path
            }
        }
        return "/work/shared"
    }()

    static func corpus(_ name: String) -> String { root + "/corpus/" + name }

    /// The bytes of a corpus book.
    static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: corpus(name))))
    }
}
