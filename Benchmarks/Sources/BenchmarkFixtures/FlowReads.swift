import Destinations

// The flow's reads, each in one place so that every benchmark measures the same call.

/// The focused screen of `flow`.
@MainActor
@inlinable
public func focusedScreen(of flow: Flow<BenchRoute>) -> NavigationNode<BenchRoute> {
    flow.focusedScreen
}

/// Whether `flow`'s state holds an element with `id`.
@MainActor
@inlinable
public func flowContains(_ flow: Flow<BenchRoute>, _ id: ElementID) -> Bool {
    flow.contains(id)
}

/// The focused screen's Destination as a ``BenchScreen``: the README's first read,
/// `flow.focusedDestination(as:)`.
@MainActor
@inlinable
public func focusedBenchScreen(of flow: Flow<BenchRoute>) -> BenchScreen? {
    flow.focusedDestination(as: BenchScreen.self)
}

/// The focused screen's Destination, whatever its type (`flow.focusedDestination`).
@MainActor
@inlinable
public func focusedObject(of flow: Flow<BenchRoute>) -> AnyObject? {
    flow.focusedDestination
}

/// The Destination of the screen with `id` as a ``BenchScreen`` (`flow.destination(id, as:)`).
@MainActor
@inlinable
public func benchScreen(_ flow: Flow<BenchRoute>, _ id: ElementID) -> BenchScreen? {
    flow.destination(id, as: BenchScreen.self)
}

/// The event path: the top screen's event that pushes, then the pushed screen's event that goes
/// back, each sent to its Destination as a view sends it. Throws when the pushed screen's
/// Destination is not a ``BenchScreen``.
@MainActor
@inlinable
public func sendPushThenSendBack(_ flow: Flow<BenchRoute>, from top: BenchScreen) throws {
    try top.send(.push)
    guard let pushed = flow.focusedDestination(as: BenchScreen.self), pushed !== top else {
        throw FixtureError.unexpectedShape
    }
    try pushed.send(.back)
}
