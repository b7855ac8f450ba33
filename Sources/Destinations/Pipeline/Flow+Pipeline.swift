// Performance: the push-back, select-tab and sheet figures and the event path (Benchmarks/README.md, "Figures").
extension Flow {
    /// What one pass through the pipeline ended with.
    @usableFromInline enum Step {
        /// The request ended with this outcome.
        case outcome(ChangeOutcome<Route>)
        /// A guard asked for `presentation` first.
        case redirect(guard: String, Presentation<Route>)
        /// The request was refused; the refusal was reported.
        case refused(NavigationError)
    }

    /// What waits in the flow's one queue for changes asked for during a commit.
    @usableFromInline enum Queued {
        /// A request, in call order.
        case request(ChangeRequest<Route>)
        /// A call of ``resumePending()``, which takes the pending change when its turn comes.
        case resumePending
        /// The dismissal of an alert whose button was tapped: it waits at the head of the queue
        /// while the button's event runs, and runs only if the event left the alert up.
        case dismissAlert(ElementID)
        /// Work an alert's button handed to the alert's presenter, run after the alert closed.
        case followUp(@MainActor () -> Void)

        /// Whether this is the dismissal of `alert`'s tap.
        func dismisses(_ alert: ElementID) -> Bool {
            if case .dismissAlert(alert) = self { return true }
            return false
        }
    }

    // MARK: - The one way in

    /// Takes a request through the flow's one pipeline: plan → judge → one outcome.
    ///
    /// 1. **Plan**: the state the request leads to, computed from the current one as a dry run
    ///    (nothing built, no id used), with the screens it adds and removes.
    /// 2. **Judge**, in order: the request's access rule for external sources
    ///    (``ChangeRequest/access``), the limits on the resulting state
    ///    (``FlowConfiguration/maximumScreens``, ``ChangeRequest/maximumScreens``), the
    ///    synchronous ``guards``, the ``asyncGuards`` (a request that one of them watches is
    ///    refused with ``NavigationError/awaitsAsyncGuards(guard:)``: use
    ///    ``performAwaitingGuards(_:)``), and the ``InterruptionPolicy`` of every screen the
    ///    change removes or hides (``ChangeRequest/interruptions``).
    /// 3. **Outcome**: applied (Destinations built, state committed, lifecycle run),
    ///    redirected (a guard's redirect applied, the request pending), deferred, needing
    ///    confirmation, queued (asked for during a commit: it runs right after, in call order,
    ///    through these same steps), or refused with a typed error.
    ///
    /// Every door of the flow is a conversion into this call; see <doc:OneWayIn>.
    ///
    /// - Throws: ``NavigationError``; the state, the ids and the live Destinations are then
    ///   exactly as they were, and the refusal is reported to the logger, ``onRefusal`` and
    ///   the event stream.
    @inlinable @discardableResult
    public func perform(_ request: ChangeRequest<Route>) throws(NavigationError) -> ChangeOutcome<Route> {
        let outcome = try perform(request, judgedAsync: [])
        // A refused request supersedes nothing; a queued one supersedes when it runs
        // (``ChangeRequest/supersedes``).
        if case .queued = outcome {
        } else if request.resolution == nil && (request.source.isExternal || request.source == .trusted) {
            supersedeWaiting()
        }
        return outcome
    }

    /// Starts a new generation of requests: those waiting for asynchronous guards stop waiting
    /// and are superseded, however long their guards' timeout.
    @usableFromInline func supersedeWaiting() {
        generation &+= 1
        let waiting = waitingAnswers
        waitingAnswers.removeAll()
        for answer in waiting { answer.abandon() }
    }

    /// ``perform(_:)`` with the routes asynchronous guards have already allowed.
    @inlinable
    func perform(_ request: ChangeRequest<Route>, judgedAsync: [Route]) throws(NavigationError) -> ChangeOutcome<Route>
    {
        if let resolution = request.resolution {
            refuse(request.cause, .awaitsResolution(resolution.name))
            throw .awaitsResolution(resolution.name)
        }
        guard !isBusy else {
            logger.log(.debug, "queued \(request.cause.summary) until the change under way is committed")
            queue.append(.request(request))
            return .queued
        }
        let result = process(request, judgedAsync: judgedAsync)
        if !queue.isEmpty { drainQueue() }
        return try result.get()
    }

    /// What a request would do, without touching the flow: the state it leads to, the change,
    /// and the screens in its way with their interruption policies. Nothing is built, no id is
    /// used, no event is sent, and no guard is asked.
    ///
    /// - Throws: The request's ``NavigationError`` when it does not fit the state.
    public func plan(_ request: ChangeRequest<Route>) throws(NavigationError) -> ChangePlan<Route> {
        if let resolution = request.resolution { throw .awaitsResolution(resolution.name) }
        let proposed: NavigationState<Route>
        switch try planChange(request, index: nil) {
        case .transaction(let transaction): proposed = transaction.state
        case .state(let state): proposed = state
        case .unchanged: proposed = storage
        }
        let changes = proposed.changes(from: storage)
        let interruptions =
            request.interruptions == .ignore
            ? [] : interruptions(of: request, removed: changes.removed, proposed: proposed)
        return ChangePlan(
            request: request, current: storage, proposed: proposed, changes: changes, interruptions: interruptions)
    }

    /// Commits a plan the user confirmed (``ChangeOutcome/needsConfirmation(_:)``): screens
    /// that confirm or defer are removed or hidden; one that rejects still refuses. The request
    /// goes through the whole pipeline again, guards included.
    ///
    /// - Throws: ``NavigationError/stalePlan`` when the state changed since the plan was made
    ///   or another change is being committed, and the request's own refusals.
    @discardableResult
    public func commit(_ plan: ChangePlan<Route>) throws(NavigationError) -> ChangeOutcome<Route> {
        guard !isBusy, plan.current == storage else {
            refuse(plan.request.cause, .stalePlan)
            throw .stalePlan
        }
        var request = plan.request
        request.interruptions = .confirmed
        // What the asynchronous guards allowed before the user was asked stays allowed.
        return try perform(request, judgedAsync: plan.judgedAsync)
    }

    // MARK: - One pass

    /// Runs a request, following a guard's redirect; reports its refusal.
    @inlinable
    func process(_ request: ChangeRequest<Route>, judgedAsync: [Route]) -> Result<ChangeOutcome<Route>, NavigationError>
    {
        if case .alertTap(let button, let alert) = request.change {
            return tap(button, of: alert, cause: request.cause)
        }
        switch runOnce(request, judgedAsync: judgedAsync) {
        case .outcome(let outcome): return .success(outcome)
        case .refused(let error): return .failure(error)
        case .redirect(let name, let presentation):
            return redirected(request, guard: name, to: presentation)
        }
    }

    /// Runs one request as the change under way. When it is refused, the changes asked for
    /// while it was planned and judged are refused too: they belong to a change that did not
    /// happen.
    @inlinable
    func runOnce(_ request: ChangeRequest<Route>, judgedAsync: [Route]) -> Step {
        let mark = queue.count
        isBusy = true
        defer { endChange() }
        do throws(NavigationError) {
            return try execute(request, judgedAsync: judgedAsync)
        } catch {
            // What was asked for while this change was planned belongs to a change that did not
            // happen; what the refusal's own handlers ask for (an explanation) goes ahead.
            let abandoned = queue.count > mark ? Array(queue[mark...]) : []
            if !abandoned.isEmpty { queue.removeSubrange(mark...) }
            refuse(request.cause, error)
            for item in abandoned {
                switch item {
                case .request(let dropped): refuse(dropped.cause, .requestedDuringRefusedChange(error))
                case .resumePending, .dismissAlert, .followUp: queue.append(item)
                }
            }
            return .refused(error)
        }
    }

    /// Plans, judges, builds and commits one request: the plan ``plan(_:)`` makes, made once
    /// and committed as it is.
    @inlinable
    func execute(_ request: ChangeRequest<Route>, judgedAsync: [Route]) throws(NavigationError) -> Step {
        if let sender = request.sender, live[sender.id].map({ ObjectIdentifier($0.object) }) != sender.object {
            throw .destinationRemoved(sender.id)
        }
        if case .alertTap(let button, let alert) = request.change {
            // Taps run outside a change (``process(_:judgedAsync:)``); one that reaches here was
            // queued behind the change under way and runs after it.
            queue.append(.request(.alertTap(button, of: alert)))
            return .outcome(.queued)
        }
        switch try planChange(request, index: index) {
        case .transaction(var transaction):
            return try judgeAndCommit(
                &transaction, request: request, judgedAsync: judgedAsync, withTouched: worksOutTouched)
        case .state(let state):
            return try judgeAndCommit(state: state, request: request, judgedAsync: judgedAsync)
        case .unchanged:
            return .outcome(.unchanged)
        }
    }

    /// A request planned: how it leads from the current state to the next.
    @usableFromInline enum PlannedChange {
        /// A transaction run from the request's origin: presentations, user actions, an alert's
        /// dismissal. It holds the next state and the ids it used.
        case transaction(NavigationTransaction<Route>)
        /// A whole state, committed element by element against the current one.
        case state(NavigationState<Route>)
        /// A planned change that leads to the current state: nothing to commit.
        case unchanged
    }

    /// Plans a request: the one switch over the kinds of change, for the dry run
    /// (``plan(_:)``, `index` `nil`) and the commit alike. Nothing is built and the flow is
    /// not touched. Presentations and user actions, the changes of the navigation figures, are
    /// planned specialised; the other kinds in ``planWhole(_:index:)``.
    @inlinable
    func planChange(_ request: ChangeRequest<Route>, index: ElementIndex?) throws(NavigationError) -> PlannedChange {
        switch request.change {
        case .presentation(let presentation):
            var transaction = try startTransaction(for: request, index: index)
            try transaction.run(presentation)
            return .transaction(transaction)
        case .userAction(let action):
            var transaction = try startTransaction(for: request, index: index)
            try transaction.run(action)
            return .transaction(transaction)
        case .state, .planned, .alertTap:
            return try planWhole(request, index: index)
        }
    }

    /// ``planChange(_:index:)`` for whole states, planned changes and alert taps.
    @usableFromInline
    func planWhole(_ request: ChangeRequest<Route>, index: ElementIndex?) throws(NavigationError) -> PlannedChange {
        switch request.change {
        case .presentation, .userAction:
            return try planChange(request, index: index)
        case .state(let state):
            try state.validate()
            return .state(state)
        case .planned(let plan):
            let state = try planned(plan, for: request)
            return state == storage ? .unchanged : .state(state)
        case .alertTap(let button, let alert):
            try checkTap(button, of: alert)
            var transaction = NavigationTransaction(state: storage, anchor: nil, ids: ids, index: index)
            try transaction.run(UserAction<Route>.dismissed(modal: alert))
            return .transaction(transaction)
        }
    }

    /// A transaction from the request's origin, after the modal it dismisses first.
    @inlinable
    func startTransaction(for request: ChangeRequest<Route>, index: ElementIndex?) throws(NavigationError)
        -> NavigationTransaction<Route>
    {
        var transaction = NavigationTransaction(
            state: storage, anchor: request.origin ?? focusedScreenID, ids: ids, index: index)
        if let modal = request.dismissingFirst {
            try transaction.run(UserAction<Route>.dismissed(modal: modal))
            transaction.anchor = request.origin ?? transaction._state.root.focusedID
        }
        return transaction
    }

    /// The state a planned request leads to, validated.
    func planned(
        _ plan:
            @MainActor @Sendable (NavigationState<Route>, inout any ElementIDGenerator) throws(NavigationError) ->
            NavigationState<Route>,
        for request: ChangeRequest<Route>
    ) throws(NavigationError) -> NavigationState<Route> {
        // From the state after the redirect's modal is dismissed, when one is.
        let start = try startTransaction(for: request, index: nil)
        var generator: any ElementIDGenerator = start.ids
        let state = try plan(start.state, &generator)
        if state != storage { try state.validate() }
        return state
    }

    @inlinable
    func judgeAndCommit(
        _ transaction: inout NavigationTransaction<Route>,
        request: ChangeRequest<Route>,
        judgedAsync: [Route],
        withTouched: Bool
    ) throws(NavigationError) -> Step {
        let summary = transaction.summary(withTouched: withTouched)
        if let step = try judge(
            request, added: summary.added, removed: summary.removed, proposed: transaction.state,
            judgedAsync: judgedAsync)
        {
            return step
        }
        try commit(&transaction, summary: summary, handing: request.content, cause: request.cause)
        return .outcome(.applied)
    }

    @usableFromInline
    func judgeAndCommit(state: NavigationState<Route>, request: ChangeRequest<Route>, judgedAsync: [Route])
        throws(NavigationError) -> Step
    {
        let summary = state.commitSummary(from: storage, withTouched: worksOutTouched)
        if let step = try judge(
            request, added: summary.added, removed: summary.removed, proposed: state, judgedAsync: judgedAsync)
        {
            return step
        }
        try replace(with: state, summary: summary, cause: request.cause)
        return .outcome(.applied)
    }

    // MARK: - The queue

    /// Runs the changes asked for during a commit, in call order, each through the pipeline.
    /// Their refusals are reported, not thrown: their callers were told ``ChangeOutcome/queued``.
    @usableFromInline func drainQueue() {
        while !isBusy, !queue.isEmpty {
            switch queue.removeFirst() {
            case .request(let request):
                if case .success = process(request, judgedAsync: []), request.supersedes { supersedeWaiting() }
            case .resumePending:
                _ = try? resumePending()
            case .dismissAlert(let alert):
                // The tap's event left the alert up: it closes now, ahead of what the event asked.
                if isAlertOnScreen(alert) { _ = process(.userAction(.dismissed(modal: alert)), judgedAsync: []) }
            case .followUp(let work):
                work()
            }
        }
    }
}
