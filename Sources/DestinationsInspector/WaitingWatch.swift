#if DEBUG || InspectorInRelease
import Destinations
import Observation

/// Watches what a flow waits on (``/Destinations/Flow/waitingWork``) and hands every new list
/// to the client: when a wait starts and when it ends.
@MainActor
final class WaitingWatch<Route: NavigationRoute> {
    private var changed: (@MainActor ([Flow<Route>.WaitingWork]) -> Void)?
    private var last: [Flow<Route>.WaitingWork] = []

    /// Starts watching `flow`; `changed` hears each list that differs from the last one.
    func start(_ flow: Flow<Route>, changed: @escaping @MainActor ([Flow<Route>.WaitingWork]) -> Void) {
        guard self.changed == nil else { return }
        self.changed = changed
        last = observe(flow)
    }

    /// Stops watching: no list is handed on from now on.
    func stop() {
        changed = nil
        last = []
    }

    /// Reads the list and asks to hear of its next change; the change is read once it is
    /// made (observation tells before it).
    private func observe(_ flow: Flow<Route>) -> [Flow<Route>.WaitingWork] {
        withObservationTracking {
            flow.waitingWork
        } onChange: { [weak self, weak flow] in
            Task { @MainActor in
                guard let self, let flow, self.changed != nil else { return }
                self.update(self.observe(flow))
            }
        }
    }

    private func update(_ items: [Flow<Route>.WaitingWork]) {
        guard items != last else { return }
        last = items
        changed?(items)
    }
}
#endif
