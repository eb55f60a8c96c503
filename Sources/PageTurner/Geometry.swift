/// Plain 2-D and 3-D value types shared by the machine and the curl models.
///
/// Everything is in logical pixels, in page coordinates: the origin is the page's top-left
/// corner, x grows to the right and y grows downwards (as on screen).

/// A point in page coordinates (logical pixels).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance to another point.
    @inlinable public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }
}

/// A point in space over the page: `z` is the height above the page plane, towards the reader.
public struct Point3: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// The size of a page in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle. A rectangle may have zero width (an empty clip or back page).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle spanning `minX...maxX` horizontally and the page's full height.
    @inlinable public init(minX: Double, maxX: Double, height: Double) {
        self.init(x: minX, y: 0, width: maxX - minX, height: height)
    }

    @inlinable public var minX: Double { x }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var minY: Double { y }
    @inlinable public var maxY: Double { y + height }

    /// Whether `point` lies inside, edges included.
    @inlinable public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The same rectangle reflected about the vertical line `x = pageWidth / 2`
    /// (how right-to-left turns mirror left-to-right ones).
    @inlinable public func mirrored(pageWidth: Double) -> Rect {
        Rect(x: pageWidth - maxX, y: y, width: width, height: height)
    }

    /// The largest distance between corresponding edges: how far `other` is from `self`.
    public func maxEdgeDistance(to other: Rect) -> Double {
        max(abs(minX - other.minX), abs(maxX - other.maxX), abs(minY - other.minY), abs(maxY - other.maxY))
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
