import Foundation

/// Stand-ins for `ReaderState`'s `BookState` and `Bookmark` (being built on another branch),
/// with the same fields. To be deleted when `ReaderState` lands.
public struct InterimBookmark: Sendable, Equatable {
    public var name: String
    public var offset: Int
    public var created: Date
}

public typealias SessionBookmark = InterimBookmark
