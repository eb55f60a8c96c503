/// The choice of page-turn picture, and one entry point for all of them.

/// How a turning page is drawn.
public enum CurlModel: String, Sendable, Hashable, CaseIterable {
    /// The iOS tutorial's flat curl: clip, back page and gradient bands (`ClassicCurl`).
    case classic
    /// The page wrapped round a cylinder: a shaded mesh and a cast shadow (`CylinderCurl`).
    case cylinder
    /// Pages slide side by side (`SlideFrame`).
    case slide
    /// No animation (`StillFrame`).
    case none

    /// Whether pages settle with an animation under this model (`none` lands at once). The one
    /// place this is decided: `TurnConfig(curl:)` and `TurnSettings.config(curl:rightToLeft:)` copy it
    /// into `TurnConfig.animated`.
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

/// The frames of one window's turns, one after another: a `CurlRenderer` that keeps the
/// cylinder's mesh buffers from frame to frame, so a turn allocates nothing once they are big
/// enough. Every model goes through `frame(page:pose:)`; the drawer gets the frame only.
public struct CurlFrames: Sendable {
    public var renderer: CurlRenderer
    /// The cylinder's last frame, whose buffers the next one reuses (uniquely held again once
    /// the frame handed out has been drawn and let go).
    private var cylinder = CylinderFrame()

    public init(_ renderer: CurlRenderer = CurlRenderer(model: .classic)) {
        self.renderer = renderer
    }

    /// The frame for `pose` on a page of `size`, in `renderer`'s model.
    public mutating func frame(page size: Size, pose: TurnPose) -> TurnFrame {
        guard renderer.model == .cylinder else { return renderer.frame(page: size, pose: pose) }
        renderer.cylinder.frame(page: size, pose: pose, into: &cylinder)
        return .cylinder(cylinder)
    }
}
