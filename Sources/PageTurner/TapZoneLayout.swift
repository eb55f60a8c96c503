/// Where a tap falls and what it does: a layout of named zones over the page.

/// One edge of a zone: `fraction` of the page's width (or height) plus `offset` pixels, so a
/// zone can be "a quarter of the width" or "60 px below the top" or "40 px above the bottom".
public struct ZoneEdge: Sendable, Hashable {
    public var fraction: Double
    public var offset: Double

    public init(_ fraction: Double, plus offset: Double = 0) {
        self.fraction = fraction
        self.offset = offset
    }

    /// A fixed distance from the start (top or left).
    public static func px(_ offset: Double) -> ZoneEdge { ZoneEdge(0, plus: offset) }
    /// A fixed distance before the end (bottom or right).
    public static func pxFromEnd(_ offset: Double) -> ZoneEdge { ZoneEdge(1, plus: -offset) }

    /// fraction·length + offset.
    public func resolve(_ length: Double) -> Double { fraction * length + offset }
}

/// A rectangle of the page given by four `ZoneEdge`s. It contains the points with
/// minX ≤ x < maxX and minY ≤ y < maxY.
public struct ZoneArea: Sendable, Hashable {
    public var minX: ZoneEdge
    public var maxX: ZoneEdge
    public var minY: ZoneEdge
    public var maxY: ZoneEdge

    public init(minX: ZoneEdge = ZoneEdge(0), maxX: ZoneEdge = ZoneEdge(1),
                minY: ZoneEdge = ZoneEdge(0), maxY: ZoneEdge = ZoneEdge(1)) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    /// The rectangle on a page of `size`.
    public func rect(on size: Size) -> Rect {
        let x0 = minX.resolve(size.width), x1 = maxX.resolve(size.width)
        let y0 = minY.resolve(size.height), y1 = maxY.resolve(size.height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ p: Point, on size: Size) -> Bool {
        p.x >= minX.resolve(size.width) && p.x < maxX.resolve(size.width)
            && p.y >= minY.resolve(size.height) && p.y < maxY.resolve(size.height)
    }
}

/// A named zone and what a tap in it does.
public struct TapZone: Sendable, Hashable {
    public var name: String
    public var area: ZoneArea
    public var action: TapAction

    public init(_ name: String, _ area: ZoneArea, _ action: TapAction) {
        self.name = name
        self.area = area
        self.action = action
    }
}

/// A tap-zone layout: zones tried in order (the first that contains the tap wins), a zone for
/// taps in none of them, and where the toolbars are while they are shown.
///
/// While the toolbars are shown, a tap on them belongs to them (zone "toolbar", action
/// `pressToolbar`: their buttons take it) and, with `tapOutsideHidesToolbars`, any other tap
/// only hides them.
/// Right-to-left reading swaps previous and next in every zone.
public struct TapZoneLayout: Sendable, Hashable {
    /// The zone for taps that fall in no other zone.
    public struct Fallback: Sendable, Hashable {
        public var name: String
        public var action: TapAction

        public init(name: String, action: TapAction) {
            self.name = name
            self.action = action
        }
    }

    public var name: String
    public var zones: [TapZone]
    /// The zone for taps in none of `zones` (also as the tuple `otherwise`).
    public var fallback: Fallback
    public var toolbars: [ZoneArea]
    public var tapOutsideHidesToolbars: Bool

    /// `fallback` as a tuple.
    public var otherwise: (name: String, action: TapAction) {
        get { (fallback.name, fallback.action) }
        set { fallback = Fallback(name: newValue.name, action: newValue.action) }
    }

    public init(name: String, zones: [TapZone], otherwise: (name: String, action: TapAction),
                toolbars: [ZoneArea], tapOutsideHidesToolbars: Bool = true) {
        self.name = name
        self.zones = zones
        self.fallback = Fallback(name: otherwise.name, action: otherwise.action)
        self.toolbars = toolbars
        self.tapOutsideHidesToolbars = tapOutsideHidesToolbars
    }

    /// Whether `point` (clamped into the page, as `hit` clamps it) lies on a toolbar's band.
    public func isOnToolbars(_ point: Point, page size: Size) -> Bool {
        let point = Self.inside(point, size)
        return toolbars.contains { $0.contains(point, on: size) }
    }

    /// The zone a tap at `point` falls in and the action it takes.
    ///
    /// The point is first clamped into the page, to [0, W) × [0, H): zones are half-open
    /// (`ZoneArea`), so a tap exactly on the right or bottom edge, or outside the page (a pointer
    /// that went down just off it), counts as a tap just inside the nearest edge, in the zone
    /// that touches that edge.
    public func hit(_ point: Point, page size: Size, toolbarsShown: Bool, rightToLeft: Bool)
        -> (zone: String, action: TapAction)
    {
        if toolbarsShown, isOnToolbars(point, page: size) {
            return ("toolbar", .pressToolbar)
        }
        let point = Self.inside(point, size)
        var (zone, action) = (fallback.name, fallback.action)
        if let z = zones.first(where: { $0.area.contains(point, on: size) }) {
            zone = z.name
            action = z.action
        }
        if toolbarsShown && tapOutsideHidesToolbars {
            return (zone, .hideToolbars)
        }
        return (zone, rightToLeft ? action.swappedForRightToLeft : action)
    }

    /// `p` clamped to [0, W) × [0, H) (to the largest value below W or H on the far edges; NaN
    /// to 0).
    static func inside(_ p: Point, _ size: Size) -> Point {
        func clamp(_ v: Double, _ length: Double) -> Double {
            guard v > 0 else { return 0 }
            return v < length ? v : max(length.nextDown, 0)
        }
        return Point(x: clamp(p.x, size.width), y: clamp(p.y, size.height))
    }

    // MARK: - Presets

    private static let topEighth = ZoneArea(maxY: ZoneEdge(1.0 / 8))
    private static let bottomEighth = ZoneArea(minY: ZoneEdge(7.0 / 8))

    /// Left quarter previous page, right quarter next page; the top and bottom eighths (full
    /// width, where the toolbars appear) and the middle toggle the toolbars.
    public static let `default` = TapZoneLayout(
        name: "default",
        zones: [
            TapZone("top", topEighth, .toggleToolbars),
            TapZone("bottom", bottomEighth, .toggleToolbars),
            TapZone("left", ZoneArea(maxX: ZoneEdge(0.25)), .previousPage),
            TapZone("right", ZoneArea(minX: ZoneEdge(0.75)), .nextPage),
        ],
        otherwise: ("middle", .toggleToolbars),
        toolbars: [topEighth, bottomEighth])

    /// The iOS reader tutorial's layout: taps never turn pages. The left and
    /// right quarters, from 60 px below the top to 40 px above the bottom (clear of its 60 px
    /// navigation bar and 40 px toolbar), hide the toolbars; a 30 px strip at the bottom shows them; any other tap hides them.
    public static let tutorial = TapZoneLayout(
        name: "tutorial",
        zones: [
            TapZone("bottom", ZoneArea(minY: .pxFromEnd(30)), .showToolbars),
            TapZone("left", ZoneArea(maxX: ZoneEdge(0.25), minY: .px(60), maxY: .pxFromEnd(40)), .hideToolbars),
            TapZone("right", ZoneArea(minX: ZoneEdge(0.75), minY: .px(60), maxY: .pxFromEnd(40)), .hideToolbars),
        ],
        otherwise: ("text", .hideToolbars),
        toolbars: [ZoneArea(maxY: .px(60)), ZoneArea(minY: .pxFromEnd(40))])

    /// KOReader's: the top eighth toggles the toolbars, the left quarter goes back, everything
    /// else goes forward.
    public static let koreader = TapZoneLayout(
        name: "koreader",
        zones: [
            TapZone("top", topEighth, .toggleToolbars),
            TapZone("left", ZoneArea(maxX: ZoneEdge(0.25)), .previousPage),
        ],
        otherwise: ("forward", .nextPage),
        toolbars: [topEighth, bottomEighth])

    /// Every preset, by name.
    public static let presets: [TapZoneLayout] = [.default, .tutorial, .koreader]

    /// The preset called `name`, if there is one. "seed", the tutorial layout's first name,
    /// still names it in state files and recordings written under it.
    public static func named(_ name: String) -> TapZoneLayout? {
        presets.first { $0.name == (name == "seed" ? "tutorial" : name) }
    }
}
