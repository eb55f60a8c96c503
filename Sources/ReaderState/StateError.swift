/// Why a state could not be saved, in one line fit to show the reader.
public struct StateError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
