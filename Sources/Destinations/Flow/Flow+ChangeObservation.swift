// Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
extension Flow {
    /// Calls `handler` each time the flow is about to commit a change to its state, with the
    /// change's cause: synchronously, once the change can no longer be refused, while ``state``,
    /// ``node(_:)`` and ``contains(_:)`` still describe the old state, and before observers of
    /// ``state`` or ``node(_:)`` are told. Changes that leave the state as it was are not
    /// announced.
    ///
    /// A renderer uses it to keep showing what it shows until it has planned the change, and to
    /// show a restored state (``FlowEvent/Cause/restore``) without animation. Unlike observation
    /// tracking, registering records nothing in the caller's observation scope (a view body or
    /// an initializer called from one), and the registration lasts until it is cancelled.
    ///
    /// A change the handler requests does not interrupt the one announced: the request returns
    /// without throwing, runs after the announced change is committed (and is announced in its
    /// turn), and a refusal of it goes to ``onRefusal`` and the event stream. A registration
    /// cancelled during an announcement is not called again, even later in the same
    /// announcement; one made during it is called from the next change.
    ///
    /// - Returns: The registration; the handler is called until it is cancelled or released.
    public func observeChanges(_ handler: @escaping @MainActor (FlowEvent<Route>.Cause) -> Void)
        -> FlowChangeObservation
    {
        let key = nextSubscriber
        nextSubscriber += 1
        changeHandlers[key] = handler
        return FlowChangeObservation { [weak self] in self?.changeHandlers[key] = nil }
    }

    /// Calls `handler` each time the flow has committed a change, with the change its
    /// transaction worked out — the elements added, removed and touched — or `nil` when the
    /// commit did not work out the elements it touched. The renderers follow the flow with it,
    /// so that what they show changes element by element without comparing states.
    package func observeCommits(_ handler: @escaping @MainActor (NavigationChanges<Route>?) -> Void)
        -> FlowChangeObservation
    {
        let key = nextSubscriber
        nextSubscriber += 1
        commitHandlers[key] = handler
        return FlowChangeObservation { [weak self] in self?.commitHandlers[key] = nil }
    }

    /// The whole navigation state, read without observation tracking: for code that follows
    /// changes with ``observeChanges(_:)`` and may run inside a view body or an initializer
    /// called from one, which must not come to depend on every change.
    public var untrackedState: NavigationState<Route> { storage }

    /// Calls every handler of `observeCommits(_:)` with the change committed.
    func announceCommit(_ summary: CommitSummary<Route>) {
        let changes = summary.touched == nil ? nil : summary.changes
        for key in commitHandlers.keys.sorted() {
            commitHandlers[key]?(changes)
        }
    }

    /// Calls every handler of ``observeChanges(_:)`` with `cause`; does nothing without one.
    @usableFromInline func announceChange(_ cause: FlowEvent<Route>.Cause) {
        guard hasChangeHandlers else { return }
        for key in changeHandlers.keys.sorted() {
            changeHandlers[key]?(cause)
        }
    }
}

/// A registration made with ``Flow/observeChanges(_:)``: its handler is called until
/// ``cancel()`` or until this value is released.
@MainActor
public final class FlowChangeObservation {
    private var remove: (@MainActor () -> Void)?

    init(remove: @escaping @MainActor () -> Void) {
        self.remove = remove
    }

    /// Stops the calls; calling it again does nothing.
    public func cancel() {
        remove?()
        remove = nil
    }

    isolated deinit {
        cancel()
    }
}
