/// Back and forward over the states a scene has shown, like a browser's history: after a deep
/// link, "back" returns to where the user was.
///
/// ```swift
/// var history = NavigationHistory<AppRoute>(capacity: 50)
/// history.record(flow.state)            // after each change worth returning to
/// if let previous = history.back() {
///     try flow.restore(previous)         // screens that did not change keep their Destinations
/// }
/// ```
///
/// States are values that share their structure, so keeping many costs little. Recording
/// after going back drops the states ahead, as a browser does; past `capacity` the oldest
/// state goes.
public struct NavigationHistory<Route: NavigationRoute>: Sendable {
    /// The states, oldest first.
    public private(set) var states: [NavigationState<Route>] = []
    /// The position of the current state in ``states``; `nil` when empty.
    public private(set) var currentIndex: Int?
    /// The most states kept.
    public let capacity: Int

    /// Creates an empty history keeping at most `capacity` states (at least 1).
    public init(capacity: Int = 50) {
        self.capacity = max(1, capacity)
    }

    /// The current state.
    public var current: NavigationState<Route>? { currentIndex.map { states[$0] } }
    /// Whether ``back()`` has a state to return.
    public var canGoBack: Bool { (currentIndex ?? 0) > 0 }
    /// Whether ``forward()`` has a state to return.
    public var canGoForward: Bool { currentIndex.map { $0 + 1 < states.count } ?? false }

    /// Records `state` as the current one, after the current position. Recording the current
    /// state again does nothing.
    public mutating func record(_ state: NavigationState<Route>) {
        if let current, current == state { return }
        if let currentIndex { states.removeSubrange((currentIndex + 1)...) }
        states.append(state)
        if states.count > capacity { states.removeFirst(states.count - capacity) }
        currentIndex = states.count - 1
    }

    /// Replaces the current state with `state` (a change made without a new entry, such as an
    /// in-app change after a link) and drops the states ahead; records it when the history is
    /// empty.
    public mutating func replaceCurrent(with state: NavigationState<Route>) {
        guard let currentIndex else {
            record(state)
            return
        }
        states.removeSubrange((currentIndex + 1)...)
        states[currentIndex] = state
    }

    /// Moves back one state and returns it; `nil` (and no move) at the oldest.
    public mutating func back() -> NavigationState<Route>? {
        guard let index = currentIndex, index > 0 else { return nil }
        currentIndex = index - 1
        return states[index - 1]
    }

    /// Moves forward one state and returns it; `nil` (and no move) at the newest.
    public mutating func forward() -> NavigationState<Route>? {
        guard let index = currentIndex, index + 1 < states.count else { return nil }
        currentIndex = index + 1
        return states[index + 1]
    }
}
