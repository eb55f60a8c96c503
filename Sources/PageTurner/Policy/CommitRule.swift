/// The commit rules of page-turning projects, by name (`--policy`): how each decides, when a
/// drag lets go, between turning the page and letting it spring back. Each is documented with
/// its source, read there; its numbers are settings (`TurnPolicy`, `TurnSetting.all`), their
/// defaults the source's own. "Reach" is where the pointer let go, as a fraction of the width
/// from the edge the turn started at (`ReleaseFacts.reach`): 0.5 is the page's middle, 1 its
/// far edge, a spread's spine. Only the release is modelled: where a peer lets a drag start
/// (its edge zones), how it follows the finger and how it animates stay ours.
public enum CommitRule: String, Sendable, Hashable, CaseIterable {
    /// This project's rule, after the iOS reader tutorial (`minoffset = width / 5`): a release
    /// faster than `flingVelocity` (600 px/s) decides by its direction; a slower one commits
    /// when the pointer travelled `commitFraction` (1/5) of the width from its press.
    case pageturn
    /// Tom Brow's Leaves (brow/leaves, `Leaves/LeavesView.m`, `touchesEnded:withEvent:`): the
    /// leaf's edge is the finger; a forward turn completes when the finger moved more than
    /// `leaves.dragThreshold` (10 pt, measured here along the turn) and is let go past
    /// `leaves.fraction` (0.5) of the width; a backward one when let go past the same
    /// fraction. No velocity, no time.
    case leaves
    /// harism/android-pagecurl (`src/fi/harism/curl/CurlView.java`, `onTouch`, `ACTION_UP`):
    /// the page snaps to the side of the page's middle (`harism.fraction`, 0.5) where the
    /// finger is let go, on a spread to the side of the spine. No velocity, no time.
    case harism
    /// eschao/android-PageFlip (`PageFlip.java`, `onFingerUp`, `Page.isXInRange`): a forward
    /// flip let go within 0.4 of the width of the edge it started at restores
    /// (`eschao.forward`), beyond it flips; a backward flip completes past 0.5
    /// (`eschao.backward`).
    case eschao
    /// Nodlik/StPageFlip (`src/UI/UI.ts`, `onTouchEnd`; `src/Flip/Flip.ts`, `stopMove`): a swipe
    /// longer than `stpageflip.swipeDistance` (30 px) within `stpageflip.swipeTime` (250 ms)
    /// of the press, drifting less than `stpageflip.swipeDrift` (twice the distance, 60 px),
    /// flips; a drag flips when its corner is let go at or past the spine, which on a single
    /// page is the page's far edge for a forward turn, and is always passed by a backward one.
    case stpageflip
    /// FBReader (geometer/FBReaderJ, `…/ui/android/view/animation/AnimationProvider.java`,
    /// `startAnimatedScrolling`): the drag from where scrolling began must be longer than a
    /// quarter of the width in a landscape window, a third in a portrait one
    /// (`fbreader.landscape`, `fbreader.portrait`), but never more than half an inch
    /// (`fbreader.dpi` / 2 px). The velocity only sets the animation's speed.
    case fbreader
    /// turn.js (blasten/turn.js, `turn.js`, `_eventReleased`): a release within `turnjs.time`
    /// (200 ms) of the press turns, as does a corner let go out of its area: past the middle
    /// of a single page, past the spine of a spread.
    case turnjs
    /// Readest (readest/readest, `apps/readest-app/src/app/reader/hooks/useCapturedTurn.ts`,
    /// its slide): the page's place, travel / width held to 0…1, plus the release velocity
    /// carried `readest.projection` (240 ms) ahead, past the middle turns. foliate-js
    /// (`paginator.js`, `snap`) projects the same way by a page's worth of its last move.
    case readest
    /// oleksandrbalan/pagecurl (Jetpack Compose; `page/DragCommonGesture.kt` and
    /// `DragStartEnd.kt`): the pointer's release point is carried on by the fling's glide
    /// under Android's spline decay (`SplineDecay`: `compose.friction` 0.015,
    /// `compose.density` 1), held to the page, and the turn completes when that point is past
    /// the page's middle.
    case compose

    /// The names, as `--policy` takes them.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
