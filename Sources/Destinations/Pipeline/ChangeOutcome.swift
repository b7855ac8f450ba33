/// What ``Flow/perform(_:)`` did with a request it did not refuse. A refusal is thrown as a
/// ``NavigationError``, and then the state, the ids and the live Destinations are exactly as
/// they were.
public enum ChangeOutcome<Route: NavigationRoute>: Sendable, Equatable {
    /// The change was committed as one transaction.
    case applied
    /// The request leads to the current state: nothing was committed and no event was sent.
    case unchanged
    /// The request arrived while another change was being committed (from a hook, a guard, an
    /// observer, a result handler). It runs right after that change, through the same steps;
    /// a refusal then goes to the logger, ``Flow/onRefusal`` and the event stream.
    case queued
    /// A guard asked for something first (sign in): its redirect was applied and the request
    /// waits as the flow's ``Flow/pendingChange`` until it is resumed.
    case redirected(guard: String)
    /// A screen whose ``InterruptionPolicy`` is ``InterruptionPolicy/defer`` is in the way:
    /// nothing changed, and the request waits as the ``Flow/pendingChange`` until it is
    /// resumed (``Flow/resumePending()``) once the screen is done.
    case deferred(by: ElementID)
    /// A screen whose ``InterruptionPolicy`` is ``InterruptionPolicy/confirm`` is in the way:
    /// nothing changed; ask the user, then ``Flow/commit(_:)`` the plan.
    indirect case needsConfirmation(ChangePlan<Route>)
}

/// What a request would do, computed without touching the flow (``Flow/plan(_:)``): the state
/// it leads to, the change, and the screens in its way.
public struct ChangePlan<Route: NavigationRoute>: Sendable, Equatable {
    /// A screen the change would remove or hide, and how it treats changes from outside.
    public struct Interruption: Hashable, Sendable {
        /// The screen.
        public let element: ElementID
        /// Its route's name.
        public let route: String
        /// Its policy: from its Destination (``Interruptible``) or the request's fallback.
        public let policy: InterruptionPolicy
        /// Whether the change removes the screen (rather than hiding it).
        public let removed: Bool
    }

    /// The request the plan was made for.
    public let request: ChangeRequest<Route>
    /// The state the plan starts from.
    public let current: NavigationState<Route>
    /// The state the request leads to: elements that did not change keep their ids.
    public let proposed: NavigationState<Route>
    /// What changes: the screens added and removed, the elements touched.
    public let changes: NavigationChanges<Route>
    /// The screens removed or hidden whose policy is not ``InterruptionPolicy/allow``; empty
    /// when the request ignores interruptions.
    public let interruptions: [Interruption]
    /// The routes asynchronous guards allowed before the plan was made.
    var judgedAsync: [Route] = []

    /// Whether the request leads to the current state exactly: performing it commits nothing.
    public var isEmpty: Bool { proposed == current }

    /// The strictest policy among ``interruptions``.
    public var policy: InterruptionPolicy {
        interruptions.map(\.policy).max { $0.severity < $1.severity } ?? .allow
    }

    public static func == (lhs: ChangePlan, rhs: ChangePlan) -> Bool {
        lhs.current == rhs.current && lhs.proposed == rhs.proposed && lhs.changes == rhs.changes
            && lhs.interruptions == rhs.interruptions && lhs.request.cause == rhs.request.cause
            && lhs.request.source == rhs.request.source
    }
}

extension ChangePlan: CustomStringConvertible {
    /// The plan in one line, for logs and failed expectations: what asked, the screens it adds
    /// and removes, and the screens in its way with their policies, as in
    /// `open product/{id} from external(universalLink): +.product(id: 4) −.checkout; in the way:
    /// checkout #9 (confirm, removed)`.
    public var description: String {
        func screens(_ nodes: [NavigationNode<Route>], _ sign: String) -> [String] {
            nodes.map { sign + ($0.route?.readableDescription ?? "\($0.id)") }
        }
        let changed = screens(changes.added, "+") + screens(changes.removed, "−")
        // An opened request's summary names its source already.
        var text = request.cause.summary
        if case .opened = request.cause {} else { text += " from \(request.source)" }
        text += ": "
        text += changed.isEmpty ? "no screen added or removed" : changed.joined(separator: " ")
        guard !interruptions.isEmpty else { return text }
        let inTheWay = interruptions.map {
            "\($0.route) \($0.element) (\($0.policy), \($0.removed ? "removed" : "hidden"))"
        }
        return text + "; in the way: " + inTheWay.joined(separator: ", ")
    }
}
