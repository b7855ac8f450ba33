/// How a change from outside the app treats a screen it would remove or hide.
///
/// A screen's Destination answers through ``Interruptible``; a request can give a fallback
/// per route (``ChangeRequest/fallbackInterruption``). In-app changes ignore it.
public enum InterruptionPolicy: Hashable, Sendable {
    /// The change goes ahead.
    case allow
    /// The flow returns the plan so that the app can ask the user first
    /// (``ChangeOutcome/needsConfirmation(_:)``).
    case confirm
    /// The change waits as the flow's pending change until the screen is done (an unsaved
    /// draft): ``ChangeOutcome/deferred(by:)``.
    case `defer`
    /// The change is refused with ``NavigationError/interrupted(route:element:)``.
    case reject

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
