public import Destinations

/// What opening a URL would do, computed without touching the flow: the state it leads to,
/// the change from the current state, and the screens whose interruption policy the change
/// meets (``FlowURLs/plan(_:source:)``).
public struct URLPlan<Route: NavigationRoute>: Sendable, Equatable {
    /// A screen the change would remove or hide, and how links treat it.
    public typealias Interruption = ChangePlan<Route>.Interruption
    /// The URL.
    public let url: String
    /// The pipeline's plan for the URL's request.
    public let plan: ChangePlan<Route>
    /// Who opens it.
    public var source: ChangeSource { plan.request.source }
    /// The template of the deep link that matched; `nil` for a state URL.
    public var pattern: String? { plan.request.cause.linkPattern }
    /// The state the plan starts from.
    public var current: NavigationState<Route> { plan.current }
    /// The state the URL leads to: elements that did not change keep their ids.
    public var proposed: NavigationState<Route> { plan.proposed }
    /// What changes: the screens added and removed, the elements touched.
    public var changes: NavigationChanges<Route> { plan.changes }
    /// The screens removed or hidden whose policy is not `InterruptionPolicy.allow`.
    public var interruptions: [Interruption] { plan.interruptions }
    /// Whether the URL leads to the current state exactly: opening it commits nothing.
    public var isEmpty: Bool { plan.isEmpty }
    /// The strictest policy among ``interruptions``: what ``FlowURLs/open(_:source:)`` does.
    public var policy: InterruptionPolicy { plan.policy }
}

/// A link that waits: a screen with `InterruptionPolicy.defer` (an unsaved draft) was in its
/// way. It waits as the flow's `Flow.pendingChange`: resume it with ``FlowURLs/resume(_:)`` once the
/// screen is done; it is planned afresh against the state as it is then, and expires after
/// `FlowConfiguration.pendingLifetime`.
public struct PendingLink: Hashable, Sendable {
    /// The URL.
    public let url: String
    /// Who opened it.
    public let source: ChangeSource
    /// The screen that made it wait.
    public let blockedBy: ElementID
    /// The template of the deep link; `nil` for a state URL.
    public let pattern: String?
}

/// What ``FlowURLs/open(_:source:)`` did with a URL it accepted.
public enum DeepLinkOutcome<Route: NavigationRoute>: Sendable, Equatable {
    /// The change was committed as one transaction.
    case applied
    /// The URL leads to the current state: nothing was committed and no event was sent.
    case unchanged
    /// The URL arrived while another change was being committed (from a Destination's hook or
    /// an observer). It was checked as far as it can be without the state, and is planned and
    /// committed right after the change under way, through the same steps; a refusal then goes
    /// to `Flow.onRefusal` and the event stream.
    case queued
    /// A screen with `InterruptionPolicy.defer` is in the way: nothing changed; the link
    /// waits as the flow's `Flow.pendingChange`: resume it with ``FlowURLs/resume(_:)`` when the
    /// screen is done.
    case deferred(PendingLink)
    /// A screen with `InterruptionPolicy.confirm` is in the way: nothing changed; ask the
    /// user, then ``FlowURLs/commit(_:)`` the plan.
    case needsConfirmation(URLPlan<Route>)
    /// A guard asked for something first (sign in): its redirect was applied and the URL
    /// waits as the flow's `Flow.pendingChange` until `Flow.resumePending()`.
    case redirected(guard: String)
}
