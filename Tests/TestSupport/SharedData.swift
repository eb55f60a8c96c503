import Foundation

/// Where the shared corpus and Unicode data live, for every test target:
/// `$PAGETURN_SHARED`, else a `shared` folder beside the package or one of its parents,
/// else `/work/shared`.
public enum SharedData {
    public static let root: String = {
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

    /// The path of a corpus book.
    public static func corpus(_ name: String) -> String { root + "/corpus/" + name }
    /// The path of a Unicode data file.
    public static func unicode(_ name: String) -> String { root + "/unicode/" + name }

    /// The bytes of a corpus book.
    public static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: corpus(name))))
    }
}
