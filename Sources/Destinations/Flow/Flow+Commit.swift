import Observation

extension Flow {
    /// A change requested of the flow.
    @usableFromInline
    enum Request {
        /// A presentation applied from `origin`; `sender` is the Destination that asked for it
        /// and its screen, which must still be live when the change runs.
        case presentation(Presentation<Route>, origin: ElementID?, sender: Sender?, handing: (any Sendable)?, cause: FlowEvent<Route>.Cause)
        /// A change the user made on screen.
        case userAction(UserAction<Route>)
        /// A whole new state, committed element by element against the current one.
        case replacement(NavigationState<Route>, cause: FlowEvent<Route>.Cause)
        /// A replacement whose change the guards judged just before, from the state `against`: a
        /// URL's commit. It is not judged again unless the state moved on in between.
        case judgedReplacement(NavigationState<Route>, against: NavigationState<Route>, cause: FlowEvent<Route>.Cause)
        /// A state planned when its turn comes, against the state as it is then; `nil` when
        /// there is nothing to commit. A URL opened during a commit.
        case planned(@MainActor () throws(NavigationError) -> NavigationState<Route>?, cause: FlowEvent<Route>.Cause)

        @inlinable
        var cause: FlowEvent<Route>.Cause {
            switch self {
            case .presentation(_, _, _, _, let cause), .replacement(_, let cause), .judgedReplacement(_, _, let cause),
                .planned(_, let cause):
                cause
            case .userAction(let action): .userAction(action)
            }
        }
    }

    /// The Destination that asked for a change, and its screen.
    @usableFromInline
    struct Sender {
        @usableFromInline let id: ElementID
        @usableFromInline let object: ObjectIdentifier

        @inlinable
        init(id: ElementID, object: AnyObject) {
            self.id = id
            self.object = ObjectIdentifier(object)
        }
    }

    /// Runs a request now, or after the change under way when there is one.
    @inlinable
    func perform(_ request: Request) throws(NavigationError) {
        guard !isBusy else {
            perform(deferring: request)
            return
        }
        let refusal = executeGuarded(request)
        if !deferred.isEmpty || !deferredTaps.isEmpty { runDeferred() }
        if let refusal { throw refusal }
    }

    /// Runs a presentation now, or after the change under way when there is one: ``perform(_:)``
    /// for a presentation, without wrapping it in a ``Request`` unless it waits. A request holds
    /// existentials, so the flow would copy it whole to read it.
    @inlinable
    func performPresentation(
        _ presentation: Presentation<Route>,
        origin: ElementID?,
        sender: Sender?,
        handing content: (any Sendable)?,
        cause: FlowEvent<Route>.Cause
    ) throws(NavigationError) {
        guard !isBusy else {
            perform(deferring: .presentation(presentation, origin: origin, sender: sender, handing: content, cause: cause))
            return
        }
        let refusal = executeGuarded { () throws(NavigationError) in
            try executePresentation(presentation, origin: origin, sender: sender, handing: content, cause: cause)
        }
        if !deferred.isEmpty || !deferredTaps.isEmpty { runDeferred() }
        if let refusal { throw refusal }
    }

    /// Keeps a request for after the change under way.
    @usableFromInline
    func perform(deferring request: Request) {
        logger.log(.debug, "deferred \(request.cause.summary) until the change under way is committed")
        deferred.append(request)
    }

    /// Runs the changes requested while another was under way, in order, each as its own
    /// transaction. Their refusals are reported, not thrown: their callers have returned.
    @usableFromInline
    func runDeferred() {
        while !deferred.isEmpty || !deferredTaps.isEmpty {
            if !deferred.isEmpty {
                _ = executeGuarded(deferred.removeFirst())
            } else {
                runDeferredTap()
            }
        }
    }

    /// Executes a request as the change under way. When it is refused, the changes requested
    /// while it was computed and built (by a provider, a custom presentation) are refused too:
    /// they belong to a change that did not happen.
    @inlinable
    func executeGuarded(_ request: Request) -> NavigationError? {
        executeGuarded { () throws(NavigationError) in try execute(request) }
    }

    /// Runs `body`, which executes one request, as the change under way; see
    /// ``executeGuarded(_:)-(Request)``.
    @inlinable
    func executeGuarded(_ body: () throws(NavigationError) -> Void) -> NavigationError? {
        let mark = deferred.count
        isBusy = true
        subscriberCutoff = nextSubscriber
        defer {
            isBusy = false
            subscriberCutoff = .max
        }
        do throws(NavigationError) {
            try body()
            return nil
        } catch {
            if deferred.count > mark {
                let abandoned = deferred[mark...]
                deferred.removeSubrange(mark...)
                for request in abandoned { refuse(request.cause, .requestedDuringRefusedChange(error)) }
            }
            return error
        }
    }

    /// Computes, builds and commits one change; reports and rethrows its refusal.
    @inlinable
    func execute(_ request: Request) throws(NavigationError) {
        if case .presentation(let presentation, let origin, let sender, let content, let cause) = request {
            // Reported inside, with its cause.
            try executePresentation(presentation, origin: origin, sender: sender, handing: content, cause: cause)
            return
        }
        do throws(NavigationError) {
            switch request {
            case .presentation:
                preconditionFailure("presentations are executed above")
            case .userAction(let action):
                var transaction = NavigationTransaction(state: storage, anchor: nil, ids: ids, index: index)
                try transaction.run(action)
                try commit(&transaction, handing: nil, cause: .userAction(action))
            case .planned(let plan, let cause):
                guard let state = try plan() else { return }
                try replace(with: state, cause: cause)
            case .replacement(let state, let cause):
                try replace(with: state, cause: cause)
            case .judgedReplacement(let state, let against, let cause):
                try replace(with: state, cause: cause, judged: storage == against)
            }
        } catch {
            refuse(request.cause, error)
            throw error
        }
    }

    /// Computes, builds and commits a presentation; reports and rethrows its refusal.
    @inlinable
    func executePresentation(
        _ presentation: Presentation<Route>,
        origin: ElementID?,
        sender: Sender?,
        handing content: (any Sendable)?,
        cause: FlowEvent<Route>.Cause
    ) throws(NavigationError) {
        do throws(NavigationError) {
            if let sender, live[sender.id].map({ ObjectIdentifier($0.object) }) != sender.object {
                throw .destinationRemoved(sender.id)
            }
            var transaction = NavigationTransaction(state: storage, anchor: origin, ids: ids, index: index)
            try transaction.applyOnce(presentation)
            try commit(&transaction, handing: content, cause: cause)
        } catch {
            refuse(cause, error)
            throw error
        }
    }

    /// Commits a whole new state element by element against the current one.
    @inlinable
    func replace(with state: NavigationState<Route>, cause: FlowEvent<Route>.Cause, judged: Bool = false) throws(NavigationError) {
        try state.validate()
        let summary = CommitSummary(state.changes(from: storage))
        if !guards.isEmpty && !judged {
            try checkGuards(added: summary.added, removed: summary.removed, proposed: state, cause: cause)
        }
        let built: [(ElementID, any LiveDestination)]
        do throws(BuildFailure) {
            built = try build(summary.added, handing: nil, at: nil)
        } catch {
            throw error.error
        }
        // Announced while the flow's lookups still agree with its old state.
        if !summary.isEmpty && !changeHandlers.isEmpty { announceChange(cause) }
        var generator = ids
        generator.reserve(through: max(state.maxID, storage.maxID))
        ids = generator
        index = ElementIndex(state)
        commit(state, built: built, summary: summary, cause: cause)
    }

    /// Builds the Destinations a transaction's change needs, then commits it.
    ///
    /// The transaction lets go of the flow's index before the index changes: it shares the
    /// index's storage, which would otherwise be copied whole on every commit.
    @inlinable
    func commit(_ transaction: inout NavigationTransaction<Route>, handing content: (any Sendable)?, cause: FlowEvent<Route>.Cause) throws(NavigationError) {
        // Decided before the call, so that the transaction is read in place rather than copied
        // whole around the reads of the flow's properties.
        let withTouched = !subscribers.isEmpty || !observations.isEmpty
        let summary = transaction.summary(withTouched: withTouched)
        if !guards.isEmpty {
            try checkGuards(added: summary.added, removed: summary.removed, proposed: transaction.state, cause: cause)
        }
        let built: [(ElementID, any LiveDestination)]
        do throws(BuildFailure) {
            built = try build(summary.added, handing: content, at: transaction.anchor)
        } catch {
            throw transaction.locating(error.error, addedElement: error.element)
        }
        // Announced while the flow's lookups still agree with its old state.
        if !summary.isEmpty && !changeHandlers.isEmpty { announceChange(cause) }
        ids = transaction.ids
        transaction.index = nil
        index.remove(summary.removedIDs.elements)
        transaction.recordAddedLocations(in: &index)
        commit(transaction.state, built: built, summary: summary, cause: cause)
    }

    /// A provider's failure and the screen it was building.
    @usableFromInline
    struct BuildFailure: Error {
        @usableFromInline let error: NavigationError
        @usableFromInline let element: ElementID

        @inlinable
        init(error: NavigationError, element: ElementID) {
            self.error = error
            self.element = element
        }
    }

    /// Builds the Destinations of the added screens; `content` goes to the one at `target`.
    @inlinable
    func build(
        _ screens: [NavigationNode<Route>],
        handing content: (any Sendable)?,
        at target: ElementID?
    ) throws(BuildFailure) -> [(ElementID, any LiveDestination)] {
        var built: [(ElementID, any LiveDestination)] = []
        built.reserveCapacity(screens.count)
        for screen in screens {
            guard let route = screen.route else { continue }
            guard let provider = providers.provider(for: route) else {
                throw BuildFailure(error: .noProvider(route: route.name), element: screen.id)
            }
            do throws(NavigationError) {
                built.append((screen.id, try provider.build(route, handing: screen.id == target ? content : nil)))
            } catch {
                throw BuildFailure(error: error, element: screen.id)
            }
        }
        return built
    }

    @inlinable
    func commit(
        _ state: NavigationState<Route>,
        built: [(ElementID, any LiveDestination)],
        summary: CommitSummary<Route>,
        cause: FlowEvent<Route>.Cause
    ) {
        let rootReplaced = state.root.id != storage.root.id
        // Every change of an element's own content touches it, so a change with nothing added,
        // removed or touched left the state as it was: its observers are not told.
        if summary.isEmpty {
            storage = state
        } else {
            registrar.withMutation(of: self, keyPath: stateKeyPath) {
                storage = state
            }
        }
        if rootReplaced {
            registrar.withMutation(of: self, keyPath: rootKeyPath) {}
        }
        install(built, summary: summary, cause: cause)
    }

    /// Runs the lifecycle of a committed change: disappearances, removals, preparations,
    /// appearances, observers and subscribers, in that order.
    @inlinable
    func install(
        _ built: [(ElementID, any LiveDestination)],
        summary: CommitSummary<Route>,
        cause: FlowEvent<Route>.Cause
    ) {
        var nowVisible: [ElementID] = []
        storage.root.collectVisibleIDs(into: &nowVisible)
        let removedIDs = summary.removedIDs
        for id in visible where !nowVisible.contains(id) || removedIDs.contains(id) {
            live[id]?.disappear()
        }
        for screen in summary.removed {
            guard let destination = live.removeValue(forKey: screen.id) else { continue }
            destination.detach()
            destination.cleanup()
            logger.log(.debug, "removed \(screen.id) \(screen.route.map { "\($0)" } ?? "")")
        }
        for (id, destination) in built {
            live[id] = destination
            destination.attach(id, to: self, tracker: work)
        }
        for (_, destination) in built {
            destination.prepare()
        }
        let wasVisible = visible
        visible = nowVisible
        for id in nowVisible where !wasVisible.contains(id) || built.contains(where: { $0.0 == id }) {
            live[id]?.appear()
        }
        reportDismissedModals(summary, cause: cause)
        if !observations.isEmpty {
            for id in removedIDs.elements {
                observations.removeValue(forKey: id)?.changed()
            }
            for id in summary.touched ?? [] {
                observations[id]?.changed()
            }
        }
        logger.log(.info, "\(cause.summary): +\(summary.added.count) -\(summary.removed.count)")
        emit(cause: cause, summary: summary, refusal: nil)
    }

    /// Reports a refused change to the logger, ``onRefusal`` and subscribers.
    @usableFromInline
    func refuse(_ cause: FlowEvent<Route>.Cause, _ error: NavigationError) {
        refusals &+= 1
        logger.log(.error, "refused \(cause.summary): \(error)")
        onRefusal?(error, cause)
        emit(cause: cause, summary: nil, refusal: error)
    }

    @inlinable
    func observation(for id: ElementID) -> NodeObservation {
        if let existing = observations[id] { return existing }
        let created = NodeObservation()
        if index.contains(id) { observations[id] = created }
        return created
    }
}
