/// Whether a ``FlowHarness`` requires every change of the state to be asserted.
///
/// ```swift
/// let harness = try FlowHarness(configuration, exhaustivity: .nonExhaustive)
/// ```
public enum Exhaustivity: Sendable, Hashable {
    /// Every step that changes the state — the navigation state and the screens' states —
    /// must say what it became; any change that was not asserted fails the test.
    case exhaustive
    /// Only the expectations given are checked: for high-level tests.
    case nonExhaustive
}
