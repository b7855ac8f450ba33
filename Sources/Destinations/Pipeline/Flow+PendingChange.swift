// Performance: the push-back, select-tab and sheet figures and the event path (Benchmarks/README.md, "Figures").
extension Flow {
    /// Runs the pending change again, judged in full against the state as it is now — guards,
    /// asynchronous guards, interruptions — from the element it was asked for from; it is used
    /// once. When the guard's redirect still shows (the sign-in screen), its modal is dismissed
    /// in the same transaction.
    ///
    /// Called while a change is under way (from the redirect's own `didAppear`, a silent
    /// sign-in), it waits in the flow's one queue and takes the pending change when its turn
    /// comes.
    ///
    /// - Returns: How it went, ``ChangeOutcome/queued`` during a change, or `nil` when nothing
    ///   was pending.
    /// - Throws: ``NavigationError/pendingExpired`` when it waited longer than
    ///   ``FlowConfiguration/pendingLifetime`` since it first waited (a resume that waits again
    ///   keeps that deadline), and the change's own refusals. A change that an asynchronous
    ///   guard watches stays pending and throws ``NavigationError/awaitsAsyncGuards(guard:)``:
    ///   resume it with ``resumePendingAwaitingGuards()``.
    @discardableResult
    public func resumePending() throws(NavigationError) -> ChangeOutcome<Route>? {
        guard !isBusy else {
            queue.append(.resumePending)
            return .queued
        }
        guard let pending = pendingChange else { return nil }
        let request = try takePending(pending)
        let result = process(request, judgedAsync: [])
        // A change an asynchronous guard must allow first keeps waiting, before anything queued
        // runs (a queued change may still dismiss its redirect and drop it).
        if case .failure(.awaitsAsyncGuards) = result, pendingChange == nil { pendingChange = pending }
        drainQueue()
        return try result.get()
    }

    /// Resumes the pending change after the asynchronous guards watching it have allowed it
    /// (``performAwaitingGuards(_:)``); used once.
    ///
    /// - Returns: How it went, or `nil` when nothing was pending.
    @discardableResult
    public func resumePendingAwaitingGuards() async throws(NavigationError) -> ChangeOutcome<Route>? {
        guard let pending = pendingChange else { return nil }
        return try await performAwaitingGuards(try takePending(pending))
    }

    /// Drops the pending change (on sign-out, or when the user gives up).
    public func dropPending() {
        if let pending = pendingChange {
            logger.log(.info, "dropped the pending \(pending.request.cause.summary)")
        }
        pendingChange = nil
    }

    /// Takes the pending change for resuming: checks its expiry, and dismisses its redirect's
    /// modal first when that still shows.
    private func takePending(_ pending: PendingChange<Route>) throws(NavigationError) -> ChangeRequest<Route> {
        pendingChange = nil
        guard configuration.now() < pending.expires else {
            refuse(pending.request.cause, .pendingExpired)
            throw .pendingExpired
        }
        var request = pending.request
        if let modal = request.dismissingFirst, !index.contains(modal) { request.dismissingFirst = nil }
        var screens: [ElementID] = []
        if let screen = pending.redirectScreens.first(where: index.contains), let modal = modalContent(holding: screen)
        {
            request.dismissingFirst = modal
            screens = pending.redirectScreens
        }
        request.resumption = .init(
            id: pending.id, redirectScreens: screens, guardName: pending.guardName, expires: pending.expires)
        return request
    }

    /// Makes `request` the pending change, a new wait with an id of its own; a resumed change
    /// waiting again is the same wait, with the same id and deadline.
    @discardableResult
    func makePending(
        _ request: ChangeRequest<Route>,
        reason: PendingChange<Route>.Reason,
        redirectScreens: [ElementID]
    ) -> PendingChange<Route> {
        var id = request.resumption?.id ?? 0
        if request.resumption == nil {
            pendingSerial &+= 1
            id = pendingSerial
        }
        var waiting = request
        waiting.resumption = nil
        let pending = PendingChange(
            id: id, request: waiting, reason: reason,
            expires: request.resumption?.expires ?? configuration.now() + configuration.pendingLifetime,
            redirectScreens: redirectScreens)
        pendingChange = pending
        return pending
    }

    /// The content of the modal that holds `id`, or `nil` when no modal does.
    func modalContent(holding id: ElementID) -> ElementID? {
        guard let path = storage.root.path(to: id), let modalStep = path.lastIndex(of: .modal) else { return nil }
        return storage.root.node(at: path[...modalStep])?.id
    }

    /// Records what a change committed while a change is pending added (a redirect, which runs
    /// while its pending change waits, reads it), and drops the pending change when the change
    /// removed a screen of its redirect.
    @usableFromInline func notePending(_ summary: CommitSummary<Route>) {
        lastAdded = summary.added.map(\.id)
        let removedIDs = summary.removedIDs
        guard let pending = pendingChange, pending.redirectScreens.contains(where: removedIDs.contains) else { return }
        logger.log(.info, "dropped the pending \(pending.request.cause.summary): its redirect was dismissed")
        pendingChange = nil
    }
}
