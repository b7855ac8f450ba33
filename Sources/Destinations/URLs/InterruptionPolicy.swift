/// How deep links treat a screen when the change they plan would remove or hide it.
///
/// The router stores the policy; the flow applies it. In-app changes ignore it.
public enum InterruptionPolicy: Hashable, Sendable {
    /// The link goes ahead.
    case allow
    /// The flow returns the plan so that the app can ask the user first.
    case confirm
    /// The link waits until the screen leaves the state (an unsaved draft).
    case `defer`
    /// The link is refused.
    case reject
}
