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

    /// Takes a request through the pipeline after the asynchronous guards watching the routes
    /// it adds have allowed it; a request no asynchronous guard watches does not wait.
    ///
    /// - Each guard gets ``FlowConfiguration/asyncGuardTimeout``; one that does not answer
    ///   refuses the request with ``NavigationError/guardTimedOut(guard:)``.
    /// - The newest request wins: one from an external or trusted source, or another awaiting
    ///   request, made while this one waits makes it throw ``NavigationError/superseded``.
    /// - A denial throws ``NavigationError/guardDenied(guard:route:reason:)``; a redirect is
    ///   applied and the request waits as the ``pendingChange``.
    /// - A request with a ``ChangeRequest/resolution`` asks it first, as tracked work
    ///   (``pendingWork``, ``settle(timeout:)``) with the same timeout and the same newest-wins
    ///   rule; its answer is the change the guards then judge.
    /// - When every guard allows, the request is planned again against the state as it is
    ///   then (routes it adds that no guard has judged yet are asked about too) and performed
    ///   with ``perform(_:)``, in the same main-actor turn as the last check.
    ///
    /// Whenever it throws, the state is as the guards found it.
    @discardableResult
    public func performAwaitingGuards(_ request: ChangeRequest<Route>) async throws(NavigationError) -> ChangeOutcome<
        Route
    > {
        try await performAwaitingGuards(request) { _ in true }
    }

    /// ``performAwaitingGuards(_:)``, telling `proceeds` the state the request is about to be
    /// performed or redirected from, in the same main-actor turn; `false` refuses it as
    /// ``NavigationError/superseded`` (the window it was meant for went away).
    func performAwaitingGuards(
        _ request: ChangeRequest<Route>,
        proceeds: (NavigationState<Route>) -> Bool
    ) async throws(NavigationError) -> ChangeOutcome<Route> {
        supersedeWaiting()
        let mine = generation
        var request = request
        if let resolution = request.resolution {
            request.change = try await resolve(resolution, for: request, generation: mine)
            request.resolution = nil
        }
        var judged: [Route] = []
        for _ in 0..<4 {
            let plan: ChangePlan<Route>
            do throws(NavigationError) {
                plan = try self.plan(request)
            } catch {
                refuse(request.cause, error)
                throw error
            }
            let added = plan.changes.added.compactMap(\.route)
            let unjudged = added.filter { !judged.contains($0) }
            let rules = configuration.asyncGuards.filter { rule in unjudged.contains(where: rule.watches) }
            guard !rules.isEmpty else {
                guard proceeds(storage) else {
                    refuse(request.cause, .superseded)
                    throw .superseded
                }
                return try perform(request, judgedAsync: judged)
            }
            let change = NavigationGuard<Route>.Change(
                cause: request.cause, added: added, removed: plan.changes.removed.compactMap(\.route),
                current: plan.current, proposed: plan.proposed, environment: configuration.environment)
            for rule in rules {
                let decision = await decide(rule, change, timeout: configuration.asyncGuardTimeout)
                let refusal: NavigationError?
                switch decision {
                case _ where mine != generation || Task.isCancelled:
                    refusal = .superseded
                case nil:
                    refusal = .guardTimedOut(guard: rule.name)
                case .allow?:
                    refusal = nil
                case .deny(let reason)?:
                    refusal = .guardDenied(guard: rule.name, route: added.first?.name, reason: reason)
                case .redirect(let presentation)?:
                    guard proceeds(storage) else {
                        refuse(request.cause, .superseded)
                        throw .superseded
                    }
                    let result = followRedirect(of: request, guard: rule.name, to: presentation)
                    drainQueue()
                    return try result.get()
                }
                if let refusal {
                    refuse(request.cause, refusal)
                    throw refusal
                }
            }
            judged += unjudged
        }
        refuse(request.cause, .superseded)
        throw .superseded
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

    /// Follows a guard's redirect, or keeps a resumed change waiting behind its redirect.
    @usableFromInline func redirected(
        _ request: ChangeRequest<Route>,
        guard name: String,
        to presentation: Presentation<Route>
    ) -> Result<ChangeOutcome<Route>, NavigationError> {
        if let resumed = request.resumption, resumed.guardName == name, !resumed.redirectScreens.isEmpty,
            resumed.redirectScreens.allSatisfy(index.contains)
        {
            // A resumed change the same guard redirects while its redirect still shows: it
            // keeps waiting behind that screen rather than stack a second one on it.
            var waiting = request
            waiting.dismissingFirst = nil
            makePending(waiting, reason: .redirected(guard: name), redirectScreens: resumed.redirectScreens)
            return .success(.redirected(guard: name))
        }
        return followRedirect(of: request, guard: name, to: presentation)
    }

    /// Applies a guard's redirect (itself judged, at most 4 in a row) with `request` already
    /// the pending change, so that the redirect's screens see it from their preparation on. A
    /// resumed change's redirect replaces the one it waited behind, in the same transaction.
    func followRedirect(
        of request: ChangeRequest<Route>,
        guard name: String,
        to presentation: Presentation<Route>
    ) -> Result<ChangeOutcome<Route>, NavigationError> {
        logger.log(.info, "\(name) redirected \(request.cause.summary) to \(presentation.name)")
        let previous = pendingChange
        var waiting = request
        waiting.dismissingFirst = nil
        let pending = makePending(waiting, reason: .redirected(guard: name), redirectScreens: [])
        var next = presentation
        for _ in 0..<4 {
            var redirect = ChangeRequest<Route>.presentation(next)
            if let modal = request.dismissingFirst, index.contains(modal) { redirect.dismissingFirst = modal }
            switch runOnce(redirect, judgedAsync: []) {
            case .outcome(let outcome):
                // Unless the redirect's own hooks dropped or replaced it.
                if pendingChange?.id == pending.id {
                    var screens: [ElementID] = []
                    if case .applied = outcome { screens = lastAdded }
                    pendingChange = pending.waiting(behind: screens)
                }
                return .success(.redirected(guard: name))
            case .redirect(_, let further):
                next = further
            case .refused(let error):
                if pendingChange?.id == pending.id { pendingChange = previous }
                return .failure(error)
            }
        }
        if pendingChange?.id == pending.id { pendingChange = previous }
        refuse(request.cause, .redirectLoop(count: 4))
        return .failure(.redirectLoop(count: 4))
    }

    /// Runs one request as the change under way. When it is refused, the changes asked for
    /// while it was planned and judged are refused too: they belong to a change that did not
    /// happen.
    @inlinable
    func runOnce(_ request: ChangeRequest<Route>, judgedAsync: [Route]) -> Step {
        let mark = queue.count
        isBusy = true
        subscriberCutoff = nextSubscriber
        defer {
            isBusy = false
            subscriberCutoff = .max
        }
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
            let withTouched = !subscribers.isEmpty || hasChangeObservers
            return try judgeAndCommit(
                &transaction, request: request, judgedAsync: judgedAsync, withTouched: withTouched)
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
        let summary = state.commitSummary(from: storage, withTouched: !subscribers.isEmpty || hasChangeObservers)
        if let step = try judge(
            request, added: summary.added, removed: summary.removed, proposed: state, judgedAsync: judgedAsync)
        {
            return step
        }
        try replace(with: state, summary: summary, cause: request.cause)
        return .outcome(.applied)
    }

    // MARK: - Judging

    /// Judges a planned change: access, limits, guards, asynchronous guards, interruptions.
    /// Returns the step that ends the request instead of a commit, or `nil` to commit.
    @inlinable
    func judge(
        _ request: ChangeRequest<Route>,
        added: [NavigationNode<Route>],
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        judgedAsync: [Route]
    ) throws(NavigationError) -> Step? {
        if request.source.isExternal, let access = request.access {
            for screen in added {
                guard let route = screen.route, !access(route) else { continue }
                throw .accessDenied(route: route.name, source: request.source)
            }
        }
        let count = screenCount + added.count - removed.count
        let limit = min(configuration.maximumScreens, request.maximumScreens ?? .max)
        if count > limit, !added.isEmpty {
            throw .tooManyScreens(count: count, limit: limit)
        }
        let hasGuards = !configuration.guards.isEmpty || !configuration.asyncGuards.isEmpty
        guard hasGuards || request.interruptions != .ignore else { return nil }
        return try judgeRules(request, added: added, removed: removed, proposed: proposed, judgedAsync: judgedAsync)
    }

    /// Judges a planned change by the guards, the asynchronous guards and the interruption
    /// policies of the screens in its way.
    @usableFromInline func judgeRules(
        _ request: ChangeRequest<Route>,
        added: [NavigationNode<Route>],
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        judgedAsync: [Route]
    ) throws(NavigationError) -> Step? {
        if !added.isEmpty || !removed.isEmpty {
            if !configuration.guards.isEmpty,
                let (name, presentation) = try checkGuards(
                    added: added, removed: removed, proposed: proposed, cause: request.cause)
            {
                return .redirect(guard: name, presentation)
            }
            if !configuration.asyncGuards.isEmpty, let name = asyncGuard(watching: added, judged: judgedAsync) {
                throw .awaitsAsyncGuards(guard: name)
            }
        }
        guard request.interruptions != .ignore else { return nil }
        return try judgeInterruptions(request, removed: removed, proposed: proposed, judgedAsync: judgedAsync)
    }

    /// The first asynchronous guard that watches a route `added` brings that it has not judged.
    func asyncGuard(watching added: [NavigationNode<Route>], judged: [Route]) -> String? {
        for screen in added {
            guard let route = screen.route, !judged.contains(route) else { continue }
            if let rule = configuration.asyncGuards.first(where: { $0.watches(route) }) { return rule.name }
        }
        return nil
    }

    /// Judges the screens in the way of a change from outside.
    func judgeInterruptions(
        _ request: ChangeRequest<Route>,
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        judgedAsync: [Route]
    ) throws(NavigationError) -> Step? {
        let found = interruptions(of: request, removed: removed, proposed: proposed)
        guard let strictest = found.max(by: { $0.policy.severity < $1.policy.severity }) else { return nil }
        switch (strictest.policy, request.interruptions) {
        case (.reject, _):
            throw .interrupted(route: strictest.route, element: strictest.element)
        case (_, .confirmed), (.allow, _):
            return nil
        case (.confirm, _):
            var plan = ChangePlan(
                request: request, current: storage, proposed: proposed, changes: proposed.changes(from: storage),
                interruptions: found)
            plan.judgedAsync = judgedAsync
            return .outcome(.needsConfirmation(plan))
        case (.defer, _):
            let element = found.first { $0.policy == .defer }?.element ?? strictest.element
            makePending(request, reason: .deferred(by: element), redirectScreens: [])
            logger.log(.info, "deferred \(request.cause.summary): \(strictest.route) \(element) is in the way")
            return .outcome(.deferred(by: element))
        }
    }

    /// Runs the guards on a planned change; throws the first denial, returns the first
    /// redirect.
    func checkGuards(
        added: [NavigationNode<Route>],
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>,
        cause: FlowEvent<Route>.Cause
    ) throws(NavigationError) -> (String, Presentation<Route>)? {
        guard !configuration.guards.isEmpty else { return nil }
        let change = NavigationGuard<Route>.Change(
            cause: cause, added: added.compactMap(\.route), removed: removed.compactMap(\.route), current: storage,
            proposed: proposed, environment: configuration.environment)
        for rule in configuration.guards {
            switch rule.check(change) {
            case .allow:
                continue
            case .deny(let reason):
                throw .guardDenied(guard: rule.name, route: change.added.first?.name, reason: reason)
            case .redirect(let presentation):
                return (rule.name, presentation)
            }
        }
        return nil
    }

    /// The screens a change removes or hides whose policy is not ``InterruptionPolicy/allow``.
    func interruptions(
        of request: ChangeRequest<Route>,
        removed: [NavigationNode<Route>],
        proposed: NavigationState<Route>
    ) -> [ChangePlan<Route>.Interruption] {
        var found: [ChangePlan<Route>.Interruption] = []
        var removedIDs: Set<ElementID> = []
        for screen in removed {
            removedIDs.insert(screen.id)
            if let interruption = interruption(of: screen, removed: true, request: request) {
                found.append(interruption)
            }
        }
        var nowVisible: [ElementID] = []
        proposed.root.collectVisibleIDs(into: &nowVisible)
        for id in visible where !removedIDs.contains(id) && !nowVisible.contains(id) {
            if let screen = storage.node(id),
                let interruption = interruption(of: screen, removed: false, request: request)
            {
                found.append(interruption)
            }
        }
        return found
    }

    private func interruption(
        of screen: NavigationNode<Route>,
        removed: Bool,
        request: ChangeRequest<Route>
    ) -> ChangePlan<Route>.Interruption? {
        guard let route = screen.route else { return nil }
        let policy: InterruptionPolicy
        if let interruptible = live[screen.id]?.object as? any Interruptible {
            policy = interruptible.interruption
        } else {
            policy = request.fallbackInterruption?(route) ?? .allow
        }
        guard policy != .allow else { return nil }
        return ChangePlan.Interruption(element: screen.id, route: route.name, policy: policy, removed: removed)
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

    // MARK: - The pending change

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

    /// Drops the pending change when a change removed a screen of its redirect.
    @usableFromInline func dropPendingIfRedirectLeft(_ removedIDs: IDSet) {
        guard let pending = pendingChange, pending.redirectScreens.contains(where: removedIDs.contains) else { return }
        logger.log(.info, "dropped the pending \(pending.request.cause.summary): its redirect was dismissed")
        pendingChange = nil
    }

    // MARK: - Asynchronous guards

    /// The guard's answer, or `nil` when it did not answer within `timeout`.
    func decide(
        _ rule: AsyncNavigationGuard<Route>,
        _ change: NavigationGuard<Route>.Change,
        timeout: Duration
    ) async -> NavigationGuard<Route>.Decision? {
        await firstAnswer(.asyncGuard, name: rule.name, cause: change.cause, timeout: timeout) {
            await rule.check(change)
        }
    }

    /// What `ask` answers, or `nil` when the timer — a sleep of `timeout` on the
    /// configuration's clock, no polling — ran out first, the waiting task was cancelled, or a
    /// newer request superseded it (``supersedeWaiting()``). The guard's and the resolution's
    /// one wait: `track` sees the task that asks, for the work accounting; ``waitingWork``
    /// lists it, as `kind` `name` for `cause`, while it waits.
    func firstAnswer<Value: Sendable>(
        _ kind: WaitingWork.Kind,
        name: String,
        cause: FlowEvent<Route>.Cause,
        timeout: Duration,
        track: (Task<Void, Never>) -> Void = { _ in },
        _ ask: @escaping @MainActor () async -> Value
    ) async -> Value? {
        // A timeout too long to sleep for means "never": no timer at all.
        let timer = timeout < .seconds(Int64(Int32.max)) ? timeout : nil
        let answer = FirstAnswer<Value>()
        waitingAnswers.append(answer)
        let waiting = beginWaiting(kind, name: name, cause: cause)
        defer {
            waitingAnswers.removeAll { $0 === answer }
            endWaiting(waiting)
        }
        let value = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                answer.continuation = continuation
                let worker = Task { @MainActor in answer.resolve(await ask()) }
                answer.worker = worker
                track(worker)
                if let timer {
                    // Timed on the flow's clock: a test's manual clock fires it when the test
                    // moves time past it. A cancelled sleep (the answer came first) resolves
                    // nothing.
                    let clock = configuration.clock
                    answer.timer = Task { @MainActor in
                        guard (try? await clock.sleep(for: timer)) != nil else { return }
                        answer.resolve(nil)
                    }
                }
            }
        } onCancel: {
            Task { @MainActor in answer.resolve(nil) }
        }
        answer.worker?.cancel()
        answer.timer?.cancel()
        return value
    }
}

/// An answer a newer request stops waiting for.
@MainActor
protocol AbandonableAnswer: AnyObject {
    /// Resolves the answer with none.
    func abandon()
}

/// The first of two answers: the guard's (or the resolution's), or the timer's.
@MainActor
final class FirstAnswer<Value: Sendable>: AbandonableAnswer {
    func abandon() { resolve(nil) }

    var continuation: CheckedContinuation<Value?, Never>?
    var worker: Task<Void, Never>?
    var timer: Task<Void, Never>?

    func resolve(_ value: Value?) {
        continuation?.resume(returning: value)
        continuation = nil
    }
}
