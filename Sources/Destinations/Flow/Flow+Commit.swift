import Observation

extension Flow {
    /// A change requested of the flow.
    enum Request {
        /// A change computed by a transaction from the current state. `sender` is the screen
        /// whose Destination asked for it, which must still be live when the change runs.
        case transaction(
            FlowEvent<Route>.Cause,
            origin: ElementID?,
            sender: ElementID?,
            handing: (any Sendable)?,
            (inout NavigationTransaction<Route>) throws(NavigationError) -> Void
        )
        /// A whole new state, committed element by element against the current one.
        case replacement(NavigationState<Route>, cause: FlowEvent<Route>.Cause)

        var cause: FlowEvent<Route>.Cause {
            switch self {
            case .transaction(let cause, _, _, _, _), .replacement(_, let cause): cause
            }
        }
    }

    /// Runs a request now, or after the change under way when there is one.
    func perform(_ request: Request) throws(NavigationError) {
        guard !isBusy else {
            logger.log(.debug, "deferred \(request.cause.summary) until the change under way is committed")
            deferred.append(request)
            return
        }
        isBusy = true
        var refusal: NavigationError?
        do throws(NavigationError) {
            try execute(request)
        } catch {
            refusal = error
        }
        isBusy = false
        runDeferred()
        if let refusal { throw refusal }
    }

    /// Runs the changes requested while another was under way, in order, each as its own
    /// transaction. Their refusals are reported, not thrown: their callers have returned.
    func runDeferred() {
        while !deferred.isEmpty {
            let request = deferred.removeFirst()
            isBusy = true
            try? execute(request)
            isBusy = false
        }
    }

    /// Computes, builds and commits one change; reports and rethrows its refusal.
    private func execute(_ request: Request) throws(NavigationError) {
        do throws(NavigationError) {
            switch request {
            case .transaction(let cause, let origin, let sender, let content, let body):
                if let sender, live[sender] == nil { throw .destinationRemoved(sender) }
                var transaction = NavigationTransaction(state: storage, anchor: origin, ids: ids)
                try body(&transaction)
                let changes = transaction.changes
                let built: [(ElementID, any LiveDestination<Route>)]
                do throws(BuildFailure) {
                    built = try build(changes.added, handing: content, at: transaction.anchor)
                } catch {
                    throw transaction.locating(error.error, addedElement: error.element)
                }
                ids = transaction.ids
                commit(transaction.state, built: built, changes: changes, cause: cause)
            case .replacement(let state, let cause):
                try state.validate()
                let changes = state.changes(from: storage)
                let built: [(ElementID, any LiveDestination<Route>)]
                do throws(BuildFailure) {
                    built = try build(changes.added, handing: nil, at: nil)
                } catch {
                    throw error.error
                }
                var generator = ids
                generator.reserve(through: max(state.maxID, storage.maxID))
                ids = generator
                commit(state, built: built, changes: changes, cause: cause)
            }
        } catch {
            refuse(request.cause, error)
            throw error
        }
    }

    /// A provider's failure and the screen it was building.
    struct BuildFailure: Error {
        let error: NavigationError
        let element: ElementID
    }

    /// Builds the Destinations of the added screens; `content` goes to the one at `target`.
    func build(
        _ screens: [NavigationNode<Route>],
        handing content: (any Sendable)?,
        at target: ElementID?
    ) throws(BuildFailure) -> [(ElementID, any LiveDestination<Route>)] {
        var built: [(ElementID, any LiveDestination<Route>)] = []
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

    private func commit(
        _ state: NavigationState<Route>,
        built: [(ElementID, any LiveDestination<Route>)],
        changes: NavigationChanges<Route>,
        cause: FlowEvent<Route>.Cause
    ) {
        let rootReplaced = state.root.id != storage.root.id
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            storage = state
        }
        if rootReplaced {
            registrar.withMutation(of: self, keyPath: rootKeyPath) {}
        }
        install(built, changes: changes, cause: cause)
    }

    /// Runs the lifecycle of a committed change: disappearances, removals, preparations,
    /// appearances, observers and subscribers, in that order.
    func install(
        _ built: [(ElementID, any LiveDestination<Route>)],
        changes: NavigationChanges<Route>,
        cause: FlowEvent<Route>.Cause
    ) {
        let nowVisible = storage.visibleScreens.map { $0.id }
        let nowVisibleSet = Set(nowVisible)
        let removedIDs = Set(changes.removed.map { $0.id })
        let builtIDs = Set(built.map { $0.0 })
        for id in visible where !nowVisibleSet.contains(id) || removedIDs.contains(id) {
            live[id]?.disappear()
        }
        for screen in changes.removed {
            guard let destination = live.removeValue(forKey: screen.id) else { continue }
            destination.detach()
            destination.cleanup()
            logger.log(.debug, "removed \(screen.id) \(screen.route.map { "\($0)" } ?? "")")
        }
        for (id, destination) in built {
            live[id] = destination
            destination.attach(id, to: self)
        }
        for (_, destination) in built {
            destination.prepare()
        }
        let wasVisible = Set(visible)
        visible = nowVisible
        for id in nowVisible where !wasVisible.contains(id) || builtIDs.contains(id) {
            live[id]?.appear()
        }
        for id in changes.removedIDs {
            observations.removeValue(forKey: id)?.changed()
        }
        for id in changes.touched {
            observations[id]?.changed()
        }
        logger.log(.info, "\(cause.summary): +\(changes.added.count) -\(changes.removed.count)")
        emit(cause: cause, changes: changes, refusal: nil)
    }

    /// Reports a refused change to the logger, ``onRefusal`` and subscribers.
    private func refuse(_ cause: FlowEvent<Route>.Cause, _ error: NavigationError) {
        logger.log(.error, "refused \(cause.summary): \(error)")
        onRefusal?(error, cause)
        emit(cause: cause, changes: NavigationChanges(), refusal: error)
    }

    func observation(for id: ElementID) -> NodeObservation {
        if let existing = observations[id] { return existing }
        let created = NodeObservation()
        if storage.contains(id) { observations[id] = created }
        return created
    }
}
