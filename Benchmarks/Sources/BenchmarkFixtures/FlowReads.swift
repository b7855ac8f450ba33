import Destinations

// The reads that `Flow` does not offer yet, each in one place so that it switches to the
// flow's own API with a one-line change.

/// The focused screen of `flow`.
///
/// Switch to `flow.focusedScreen` once `Flow` has it.
@MainActor
@inlinable
public func focusedScreen(of flow: Flow<BenchRoute>) -> NavigationNode<BenchRoute> {
    flow.state.focusedScreen
}

/// Whether `flow`'s state holds an element with `id`.
///
/// Switch to `flow.contains(id)` once `Flow` has it.
@MainActor
@inlinable
public func flowContains(_ flow: Flow<BenchRoute>, _ id: ElementID) -> Bool {
    flow.state.contains(id)
}
