import Observation

/// Runs `render` now and again whenever an observable property it read changes: how these
/// UIKit controllers follow their `@Observable` Destinations on iOS 17. `render` should capture
/// its controller weakly; once it reads nothing, tracking stops.
@MainActor
func track(_ render: @escaping @MainActor () -> Void) {
    withObservationTracking(render) {
        Task { @MainActor in track(render) }
    }
}
