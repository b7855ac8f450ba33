public import Destinations

/// What opening a URL would do, computed without touching the flow (``FlowURLs/plan(_:source:)``).
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
    /// Whether the URL leads to the current state exactly.
    public var isEmpty: Bool { plan.isEmpty }
    /// The strictest policy among ``interruptions``: what ``FlowURLs/open(_:source:)`` does.
    public var policy: InterruptionPolicy { plan.policy }
}

/// A link that waits for a screen with `InterruptionPolicy.defer` as the flow's
/// `Flow.pendingChange`; ``FlowURLs/resume(_:)`` it once the screen is done.
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
    /// The URL leads to the current state: nothing was committed.
    case unchanged
    /// The URL arrived during a commit: it is planned and committed right after it.
    case queued
    /// A screen with `InterruptionPolicy.defer` is in the way: the link waits.
    case deferred(PendingLink)
    /// A screen with `InterruptionPolicy.confirm` is in the way: ask, then ``FlowURLs/commit(_:)``.
    case needsConfirmation(URLPlan<Route>)
    /// A guard's redirect was applied; the URL waits as the flow's `Flow.pendingChange`.
    case redirected(guard: String)
}
