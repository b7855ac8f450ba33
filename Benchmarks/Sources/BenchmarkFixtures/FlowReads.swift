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
