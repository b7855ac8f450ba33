/// What opening a URL would do, computed without touching the flow: the state it leads to,
/// the change from the current state, and the screens whose interruption policy the change
/// meets (``Flow/plan(_:source:)``).
public struct URLPlan<Route: NavigationRoute>: Sendable, Equatable {
    /// A screen the change would remove or hide, and how links treat it.
    public struct Interruption: Hashable, Sendable {
        /// The screen.
        public let element: ElementID
        /// Its route's name.
        public let route: String
        /// Its policy: from its Destination (``LinkInterruptible``) or its route pattern.
        public let policy: InterruptionPolicy
        /// Whether the change removes the screen (rather than hiding it).
        public let removed: Bool
    }

    /// The URL.
    public let url: String
    /// Who opens it.
    public let source: LinkSource
    /// The template of the deep link that matched; `nil` for a state URL.
    public let pattern: String?
    /// The state the plan starts from.
    public let current: NavigationState<Route>
    /// The state the URL leads to: elements that did not change keep their ids.
    public let proposed: NavigationState<Route>
    /// What changes: the screens added and removed, the elements touched.
    public let changes: NavigationChanges<Route>
    /// The screens removed or hidden whose policy is not ``InterruptionPolicy/allow``.
    public let interruptions: [Interruption]

    /// Whether the URL leads to the current state exactly: opening it commits nothing.
    public var isEmpty: Bool { proposed == current }

    /// The strictest policy among ``interruptions``: what ``Flow/open(_:source:)`` does.
    public var policy: InterruptionPolicy {
        var strictest = InterruptionPolicy.allow
        for interruption in interruptions where interruption.policy.severity > strictest.severity {
            strictest = interruption.policy
        }
        return strictest
    }
}

extension InterruptionPolicy {
    /// Allow, confirm, defer, reject: in increasing order.
    var severity: Int {
        switch self {
        case .allow: 0
        case .confirm: 1
        case .defer: 2
        case .reject: 3
        }
    }
}

/// A link that waits: a screen with ``InterruptionPolicy/defer`` (an unsaved draft) was in its
/// way. Open it again with ``Flow/resume(_:)`` once the screen is done; it is planned afresh
/// against the state as it is then, and never stored by the library.
public struct PendingLink: Hashable, Sendable {
    /// The URL.
    public let url: String
    /// Who opened it.
    public let source: LinkSource
    /// The screen that made it wait.
    public let blockedBy: ElementID
}

/// What ``Flow/open(_:source:)`` did with a URL it accepted.
public enum DeepLinkOutcome<Route: NavigationRoute>: Sendable, Equatable {
    /// The change was committed as one transaction.
    case applied
    /// The URL leads to the current state: nothing was committed and no event was sent.
    case unchanged
    /// The URL arrived while another change was being committed (from a Destination's hook or
    /// an observer). It was checked as far as it can be without the state, and is planned and
    /// committed right after the change under way; a refusal then goes to ``Flow/onRefusal``
    /// and the event stream as ``NavigationError/linkRefused(_:)``.
    case queued
    /// A screen with ``InterruptionPolicy/defer`` is in the way: nothing changed; resume the
    /// link with ``Flow/resume(_:)`` when the screen is done.
    case deferred(PendingLink)
    /// A screen with ``InterruptionPolicy/confirm`` is in the way: nothing changed; ask the
    /// user, then ``Flow/commit(_:)`` the plan.
    case needsConfirmation(URLPlan<Route>)
    /// A guard asked for something first (sign in): its redirect was applied and the URL
    /// waits as the flow's ``Flow/pendingChange`` until ``Flow/resumePending()``.
    case redirected(guard: String)
}
