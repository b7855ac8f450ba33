/// A Destination that shows its state as one equatable value, so that tests check it as
/// exhaustively as the navigation state: the edited title, the loaded list, the timer's
/// seconds.
///
/// ```swift
/// @MainActor @Observable
/// final class Counter: StatefulDestination {
///     enum Event: Hashable, Sendable { case start, stop }
///     struct ScreenState: Equatable, Sendable { var count = 0; var isRunning = false }
///     let context = DestinationContext<AppRoute, Event>()
///     private(set) var screenState = ScreenState()
/// }
/// ```
///
/// Opting in changes nothing in the app. A test harness (`FlowHarness` in
/// `DestinationsTesting`) reads the value after every step: in its exhaustive mode a step that
/// changes a screen's state must say what it became, with the same readable diff and the same
/// failure for a change nobody asserted as for the navigation state; transcripts carry it too.
///
/// Keep the value to what the screen shows and decides with; leave out what cannot be compared
/// (closures, tasks). The value can be computed: `var screenState: ScreenState { … }` over the
/// Destination's stored properties.
@MainActor
public protocol StatefulDestination: Destination {
    /// The screen's state as a value.
    associatedtype ScreenState: Equatable & Sendable

    /// The screen's state now.
    var screenState: ScreenState { get }
}

/// A screen's state as a value of unknown type: what a test harness compares and prints.
package struct AnyScreenState: Sendable {
    /// The state.
    package let value: any Equatable & Sendable

    /// The state of `destination`, when it is a ``StatefulDestination``.
    @MainActor
    package init?(of destination: AnyObject) {
        guard let stateful = destination as? any StatefulDestination else { return nil }
        func read<D: StatefulDestination>(_ destination: D) -> any Equatable & Sendable { destination.screenState }
        value = read(stateful)
    }

    /// A state read some other way: a test harness's reading of a Destination's observable
    /// stored properties.
    package init(value: any Equatable & Sendable) {
        self.value = value
    }

    /// Whether two states are equal: of the same type and equal as that type.
    package static func == (lhs: AnyScreenState, rhs: AnyScreenState) -> Bool {
        func equals<T: Equatable>(_ left: T) -> Bool { (rhs.value as? T) == left }
        return equals(lhs.value)
    }
}
