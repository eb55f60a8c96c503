/// Why a file the user named could not be written: one line that names the path as given
/// and says why in words ("cannot write /x/y: no such directory", "cannot write out: is a
/// directory", "cannot make the folder frames: permission denied").
public struct OutputError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What was being done: "cannot write" or "cannot make the folder".
    public let action: String
    /// The path as the user gave it.
    public let path: String
    /// Why, in words.
    public let reason: String

    public init(_ action: String = "cannot write", path: String, reason: String) {
        self.action = action
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(action) \(path): \(reason)" }
}
