// Types renamed in 0.3.0, kept under their old names for one minor version (removed in 0.5.0) so that the compiler walks an
// upgrade: each old name is deprecated and renamed, and Xcode's fix-it writes the new one.
// Scripts/public-types.sh leaves this folder out of the core's count: what is here is not
// part of the surface, only a way to it.

/// Renamed ``NavigationGuard/Change``.
@available(*, deprecated, renamed: "NavigationGuard.Change")
public typealias PlannedChange<Route: NavigationRoute> = NavigationGuard<Route>.Change

/// Renamed ``NavigationGuard/Decision``.
@available(*, deprecated, renamed: "NavigationGuard.Decision")
public typealias GuardDecision<Route: NavigationRoute> = NavigationGuard<Route>.Decision

/// Renamed ``EventResponse/Input``.
@available(*, deprecated, renamed: "EventResponse.Input")
public typealias EventInput<D: Destination> = EventResponse<D>.Input

/// Renamed ``Layout/Presenting``.
@available(*, deprecated, renamed: "Layout.Presenting")
public typealias PresentingLayout<Route: NavigationRoute> = Layout<Route>.Presenting

/// Renamed ``RestorationReport/Issue``.
@available(*, deprecated, renamed: "RestorationReport.Issue")
public typealias RestorationIssue = RestorationReport.Issue

/// Renamed ``Restoration/Restored``.
@available(*, deprecated, renamed: "Restoration.Restored")
public typealias RestoredState<Route: NavigationRoute & Codable> = Restoration<Route>.Restored

/// Renamed ``SceneError/Problem``.
@available(*, deprecated, renamed: "SceneError.Problem")
public typealias SceneProblem = SceneError.Problem

/// Renamed ``AlertDisplay/Role``.
@available(*, deprecated, renamed: "AlertDisplay.Role")
public typealias AlertRole = AlertDisplay.Role

/// Renamed ``NavigationError/ConfigurationProblem``.
@available(*, deprecated, renamed: "NavigationError.ConfigurationProblem")
public typealias ConfigurationProblem = NavigationError.ConfigurationProblem

/// Renamed ``Interruptible``: a screen's answer applies to every change that would remove or
/// hide it, not to links only.
@available(*, deprecated, renamed: "Interruptible")
public typealias LinkInterruptible = Interruptible

/// Replaced by ``ChangeOutcome``, which every door of the pipeline returns.
@available(
    *, unavailable,
    message:
        "write ChangeOutcome<Route>: apply(_:from:) and resumePending() return it (.applied, .redirected(guard:), …)"
)
public enum GuardedOutcome {}
