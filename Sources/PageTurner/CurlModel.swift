/// The choice of page-turn picture, and one entry point for all of them.

/// How a turning page is drawn.
public enum CurlModel: String, Sendable, Hashable, CaseIterable {
    /// The seed's flat curl: clip, back page and gradient bands (`ClassicCurl`).
    case classic
    /// The page wrapped round a cylinder: a shaded mesh and a cast shadow (`CylinderCurl`).
    case cylinder
    /// Pages slide side by side (`SlideFrame`).
    case slide
    /// No animation (`StillFrame`).
    case none

    /// Whether pages settle with an animation under this model (`none` lands at once). The one
    /// place this is decided: `TurnConfig(curl:)` copies it into `TurnConfig.animated`.
    public var animates: Bool { self != .none }
}

/// What to draw for one turning page, whichever the model.
public enum TurnFrame: Sendable {
    case classic(ClassicFrame)
    case cylinder(CylinderFrame)
    case slide(SlideFrame)
    case none(StillFrame)
}

/// The models' parameters together: a pure function from (page size, pose) to a frame.
public struct CurlRenderer: Sendable, Hashable {
    public var model: CurlModel
    public var classic: ClassicCurl
    public var cylinder: CylinderCurl

    public init(model: CurlModel, classic: ClassicCurl = ClassicCurl(), cylinder: CylinderCurl = CylinderCurl()) {
        self.model = model
        self.classic = classic
        self.cylinder = cylinder
    }

    /// The frame for `pose` on a page of `size`.
    public func frame(page size: Size, pose: TurnPose) -> TurnFrame {
        switch model {
        case .classic: return .classic(classic.frame(page: size, pose: pose))
        case .cylinder: return .cylinder(cylinder.frame(page: size, pose: pose))
        case .slide: return .slide(SlideFrame(page: size, pose: pose))
        case .none: return .none(StillFrame())
        }
    }
}
