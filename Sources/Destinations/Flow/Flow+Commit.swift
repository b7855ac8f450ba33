// Performance: the push-back, select-tab and sheet figures and the event path (Benchmarks/README.md, "Figures").
public import Observation

extension Flow {
    /// The Destination that asked for a change, and its screen.
    @usableFromInline struct Sender: Sendable {
        @usableFromInline let id: ElementID
        @usableFromInline let object: ObjectIdentifier

        @inlinable
        init(id: ElementID, object: AnyObject) {
            self.id = id
            self.object = ObjectIdentifier(object)
        }
    }

    /// Commits a whole new state, judged already, element by element against the current one.
    func replace(with state: NavigationState<Route>, summary: CommitSummary<Route>, cause: FlowEvent<Route>.Cause)
        throws(NavigationError)
    {
        let built: [(ElementID, any LiveDestination)]
        do throws(BuildFailure) {
            built = try build(summary.added, handing: nil, at: nil)
        } catch {
            throw error.error
        }
        // Announced while the flow's lookups still agree with its old state.
        if !summary.isEmpty { announceChange(cause) }
        // The generator is past every id of the current state already: only the new one's count.
        var generator = ids
        generator.reserve(through: state.maxID)
        ids = generator
        index = ElementIndex(state)
        commit(state, built: built, summary: summary, cause: cause)
    }

    /// Builds the Destinations a transaction's change needs, then commits it.
    ///
    /// The transaction lets go of the flow's index before the index changes: it shares the
    /// index's storage, which would otherwise be copied whole on every commit.
    @inlinable
    func commit(
        _ transaction: inout NavigationTransaction<Route>,
        summary: CommitSummary<Route>,
        handing content: (any Sendable)?,
        cause: FlowEvent<Route>.Cause
    ) throws(NavigationError) {
        let built: [(ElementID, any LiveDestination)]
        do throws(BuildFailure) {
            built = try build(summary.added, handing: content, at: transaction.anchor)
        } catch {
            throw transaction.locating(error.error, addedElement: error.element)
        }
        // Announced while the flow's lookups still agree with its old state.
        if !summary.isEmpty { announceChange(cause) }
        ids = transaction.ids
        transaction.index = nil
        index.remove(summary.removedIDs.elements)
        transaction.recordAddedLocations(in: &index)
        commit(transaction.state, built: built, summary: summary, cause: cause)
    }

    /// A provider's failure and the screen it was building.
    @usableFromInline struct BuildFailure: Error {
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
        guard !screens.isEmpty else { return built }
        built.reserveCapacity(screens.count)
        // Read once: a restore builds a thousand screens through code not specialised for the
        // route, where every read of the configuration asks for its type's metadata.
        let providers = self.providers
        let environment = configuration.environment
        for screen in screens {
            guard let route = screen.route else { continue }
            guard let provider = providers.provider(for: route) else {
                throw BuildFailure(error: .noProvider(route: route.name), element: screen.id)
            }
            do throws(NavigationError) {
                let handed = screen.id == target ? content : nil
                built.append((screen.id, try provider.builder(route, handed, environment, self)))
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
        // `willSet` and `didSet` rather than `withMutation`: a closure would be checked to run
        // on the main actor on every commit.
        if summary.isEmpty {
            storage = state
        } else {
            registrar.willSet(self, keyPath: stateKeyPath)
            storage = state
            registrar.didSet(self, keyPath: stateKeyPath)
        }
        // One walk down the focus finds what is visible and what has the focus, into the list
        // the commit before last left.
        var nowVisible: [ElementID] = []
        swap(&nowVisible, &spareVisible)
        focusedScreenID = state.root.collectVisibleIDs(into: &nowVisible)
        if rootReplaced {
            registrar.willSet(self, keyPath: rootKeyPath)
            registrar.didSet(self, keyPath: rootKeyPath)
        }
        install(built, visible: nowVisible, summary: summary, cause: cause)
    }

    /// Runs the lifecycle of a committed change, `nowVisible` the ids of the screens it shows:
    /// disappearances, removals, preparations, appearances, observers and subscribers, in that
    /// order.
    @inlinable
    func install(
        _ built: [(ElementID, any LiveDestination)],
        visible nowVisible: [ElementID],
        summary: CommitSummary<Route>,
        cause: FlowEvent<Route>.Cause
    ) {
        let removedIDs = summary.removedIDs
        screenCount += summary.added.count - summary.removed.count
        if hasPendingChange { notePending(summary) }
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
            destination.attach(id)
        }
        for (_, destination) in built {
            destination.prepare()
        }
        var wasVisible = visible
        visible = nowVisible
        for id in nowVisible {
            // A screen built now appears through the box at hand, without a lookup.
            if let new = built.first(where: { $0.0 == id }) {
                new.1.appear()
            } else if !wasVisible.contains(id) {
                live[id]?.appear()
            }
        }
        wasVisible.removeAll(keepingCapacity: true)
        spareVisible = wasVisible
        reportDismissedModals(summary, cause: cause)
        if hasChangeObservers { notifyObservers(removed: removedIDs, summary: summary) }
        logger.log(.info, "\(cause.summary): +\(summary.added.count) -\(summary.removed.count)")
        emit(cause: cause, summary: summary, refusal: nil)
    }

    /// Tells the observers of the elements a commit removed or touched, then the renderers.
    @usableFromInline func notifyObservers(removed: IDSet, summary: CommitSummary<Route>) {
        for id in removed.elements {
            observations.removeValue(forKey: id)?.changed()
        }
        for id in summary.touched?.elements ?? [] {
            observations[id]?.changed()
        }
        if !commitHandlers.isEmpty && !summary.isEmpty { announceCommit(summary) }
    }

    /// Reports a refused change to the logger, ``onRefusal`` and subscribers.
    @usableFromInline func refuse(_ cause: FlowEvent<Route>.Cause, _ error: NavigationError) {
        refusals &+= 1
        logger.log(.error, "refused \(cause.summary): \(error)")
        onRefusal?(error, cause)
        emit(cause: cause, summary: nil, refusal: error)
    }

    /// Reports a refusal a door of this package made before its request reached the
    /// pipeline (a URL from a source its link does not accept), the same way the pipeline
    /// reports its own: logger, ``onRefusal``, the event stream.
    package func reportRefusal(_ error: NavigationError, cause: FlowEvent<Route>.Cause) {
        refuse(cause, error)
    }

    @usableFromInline func observation(for id: ElementID) -> NodeObservation {
        if let existing = observations[id] { return existing }
        let created = NodeObservation()
        if index.contains(id) { observations[id] = created }
        return created
    }
}
