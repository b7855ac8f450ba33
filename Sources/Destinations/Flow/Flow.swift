import Observation

/// Owns the navigation state and the live Destinations, and applies every change to both as
/// one transaction.
///
/// ```swift
/// let flow = try Flow(.tabs([.tab(.notes, .stack(.notes)), .tab(.settings, .stack(.settings))]),
///                     providers: providers)
/// try flow.apply(.push(.note(id: 1)))
/// print(flow.state)
/// ```
///
/// Applying a change computes the new state (a pure function of the old one), builds the new
/// screens' Destinations through their providers, and only when all of that succeeded commits
/// the state, removes and cleans up the Destinations that left, and tells Destinations that
/// appear and disappear. A change that fails anywhere throws and leaves the state and the live
/// Destinations exactly as they were.
///
/// The flow is `Observable`: reading ``state`` tracks every change; reading ``node(_:)`` tracks
/// only that element's own content, so a push in one tab does not disturb observers of another.
@MainActor
public final class Flow<Route: NavigationRoute>: Observable {
    private var storage: NavigationState<Route>
    private var ids: any ElementIDGenerator
    private var live: [ElementID: LiveDestination<Route>] = [:]
    private var visible: [ElementID] = []
    private var providers: Providers<Route>
    private let logger: FlowLogger
    private let registrar = ObservationRegistrar()
    private var observations: [ElementID: NodeObservation] = [:]
    private var subscribers: [Int: AsyncStream<FlowEvent<Route>>.Continuation] = [:]
    private var nextSubscriber = 0
    let work = WorkTracker()

    /// Creates a flow showing `layout`, validates its configuration, and builds and presents
    /// the first screens' Destinations.
    ///
    /// - Parameters:
    ///   - layout: The first state's shape.
    ///   - providers: The providers of the app's routes.
    ///   - ids: The id generator; inject one to control ids.
    ///   - logger: Where log messages go.
    /// - Throws: ``NavigationError/invalidConfiguration(_:)`` when validation finds problems
    ///   (see ``validate(_:providers:)``), or the error of a provider that failed.
    public init(
        _ layout: Layout<Route>,
        providers: Providers<Route>,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        logger: FlowLogger = .disabled
    ) throws(NavigationError) {
        let problems = Self.validate(layout, providers: providers)
        guard problems.isEmpty else { throw .invalidConfiguration(problems) }
        var generator = ids
        let state = try NavigationState(layout, ids: &generator)
        self.storage = state
        self.ids = generator
        self.providers = providers
        self.logger = logger
        let built = try makeDestinations(for: state.screens)
        var changes = NavigationChanges<Route>()
        changes.added = state.screens
        install(built, changes: changes, cause: .start)
    }

    /// The whole navigation state. Reading it tracks every change.
    public var state: NavigationState<Route> {
        registrar.access(self, keyPath: \.state)
        return storage
    }

    /// The element with `id`, or `nil`. Reading it tracks changes to that element's own content
    /// only: its stack's screens, its tab selection, its columns, its modal.
    public func node(_ id: ElementID) -> NavigationNode<Route>? {
        observation(for: id).access()
        return storage.node(id)
    }

    /// The Destination of the screen with `id`, if it is live and of type `D`.
    public func destination<D: Destination>(_ id: ElementID, as type: D.Type = D.self) -> D? {
        live[id]?.object as? D
    }

    /// The Destination of the screen with `id`, whatever its type.
    public func destination(_ id: ElementID) -> AnyObject? {
        live[id]?.object
    }

    /// The live Destinations, by screen id. There is one for every screen in ``state`` and no
    /// other.
    public var destinations: [ElementID: AnyObject] {
        live.mapValues(\.object)
    }

    /// The Destination of the focused screen.
    public var focusedDestination: AnyObject? {
        live[storage.focusedScreen.id]?.object
    }

    /// The Destination of the focused screen, if it is of type `D`.
    public func focusedDestination<D: Destination>(as type: D.Type) -> D? {
        live[storage.focusedScreen.id]?.object as? D
    }

    /// Applies a presentation from `origin` (by default the focused screen).
    ///
    /// - Throws: ``NavigationError``; the state and the Destinations are then unchanged.
    public func apply(_ presentation: Presentation<Route>, from origin: ElementID? = nil) throws(NavigationError) {
        try run(.presentation(presentation, from: origin), origin: origin) { transaction throws(NavigationError) in
            try transaction.apply(presentation)
        }
    }

    /// Applies a change the user made on screen, so that the state follows what shows.
    ///
    /// - Throws: ``NavigationError``, for example ``NavigationError/staleUserAction(_:)``; the
    ///   state is then unchanged.
    public func apply(_ action: UserAction<Route>) throws(NavigationError) {
        try run(.userAction(action), origin: nil) { transaction throws(NavigationError) in
            try transaction.apply(action)
        }
    }

    /// Replaces the whole state with a saved one, rebuilding every Destination.
    ///
    /// - Throws: ``NavigationError/noProvider(route:)`` or a provider's error; the flow then
    ///   keeps its current state.
    public func restore(_ saved: NavigationState<Route>) throws(NavigationError) {
        let built = try makeDestinations(for: saved.screens)
        var changes = NavigationChanges<Route>()
        changes.added = saved.screens
        changes.removed = storage.screens
        changes.removedIDs = Set(storage.nodes.map(\.id))
        changes.touched = Set(saved.nodes.map(\.id))
        var generator = ids
        generator.reserve(through: max(saved.maxID, storage.maxID))
        ids = generator
        commit(saved, built: built, changes: changes, cause: .restore)
    }

    /// A stream of every change the flow makes from now on. Each call returns a new stream;
    /// it ends when the flow is released.
    public func events() -> AsyncStream<FlowEvent<Route>> {
        let (stream, continuation) = AsyncStream<FlowEvent<Route>>.makeStream()
        let key = nextSubscriber
        nextSubscriber += 1
        subscribers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[key] = nil }
        }
        return stream
    }

    /// Waits until every piece of work the flow's Destinations track (``DestinationContext/track(_:)``)
    /// has finished, including work started by that work. Tests use it to wait for interactor
    /// results without sleeping.
    public func settle() async {
        await work.settle()
    }

    /// Swaps the providers used for screens added from now on. Screens already shown keep
    /// their Destinations.
    public func replaceProviders(_ providers: Providers<Route>) {
        self.providers = providers
    }

    deinit {
        for continuation in subscribers.values { continuation.finish() }
    }

    // MARK: - Events

    func handle<D: Destination>(
        _ event: D.Event,
        content: (any Sendable)?,
        from destination: D,
        table: EventTable<D>
    ) throws(NavigationError) where D.Route == Route {
        guard let id = destination.context.id, live[id] != nil else {
            throw .destinationRemoved(destination.context.id ?? ElementID(0))
        }
        let routeName = destination.context.route?.name ?? "?"
        guard let response = table.response(for: event) else {
            logger.log(.error, "\(id) \(routeName): event '\(event)' is not configured")
            throw .unconfiguredEvent(event: "\(event)", route: routeName)
        }
        let input = EventInput(destination: destination, event: event, content: content)
        let presentation: Presentation<Route>
        switch response.kind {
        case .presentation(let fixed):
            presentation = fixed
        case .assistant(_, let assistant):
            presentation = try assistant(input)
        case .perform(_, let body):
            logger.log(.debug, "\(id) \(routeName): event '\(event)' performs")
            try body(input)
            return
        }
        try run(.event(name: "\(event)", route: routeName, from: id, presentation), origin: id) {
            transaction throws(NavigationError) in
            try transaction.apply(presentation)
        }
    }

    // MARK: - Transactions

    private func run(
        _ cause: FlowEvent<Route>.Cause,
        origin: ElementID?,
        _ body: (inout NavigationTransaction<Route>) throws(NavigationError) -> Void
    ) throws(NavigationError) {
        do throws(NavigationError) {
            var transaction = NavigationTransaction(state: storage, anchor: origin, ids: ids)
            try body(&transaction)
            let changes = transaction.changes
            var built: [(ElementID, LiveDestination<Route>)] = []
            for screen in changes.added {
                guard let route = screen.route else { continue }
                do throws(NavigationError) {
                    built.append((screen.id, try makeDestination(route)))
                } catch {
                    throw transaction.locating(error, addedElement: screen.id)
                }
            }
            ids = transaction.ids
            commit(transaction.state, built: built, changes: changes, cause: cause)
        } catch {
            logger.log(.error, "refused \(cause.summary): \(error)")
            throw error
        }
    }

    private func makeDestinations(
        for screens: [NavigationNode<Route>]
    ) throws(NavigationError) -> [(ElementID, LiveDestination<Route>)] {
        var built: [(ElementID, LiveDestination<Route>)] = []
        for screen in screens {
            guard let route = screen.route else { continue }
            built.append((screen.id, try makeDestination(route)))
        }
        return built
    }

    private func makeDestination(_ route: Route) throws(NavigationError) -> LiveDestination<Route> {
        guard let provider = providers.provider(for: route) else { throw .noProvider(route: route.name) }
        return try provider.build(route, provider.table)
    }

    private func commit(
        _ state: NavigationState<Route>,
        built: [(ElementID, LiveDestination<Route>)],
        changes: NavigationChanges<Route>,
        cause: FlowEvent<Route>.Cause
    ) {
        registrar.withMutation(of: self, keyPath: \.state) {
            storage = state
        }
        install(built, changes: changes, cause: cause)
    }

    /// Runs the lifecycle of a committed change: disappearances, removals, preparations,
    /// appearances, observers and subscribers, in that order.
    private func install(
        _ built: [(ElementID, LiveDestination<Route>)],
        changes: NavigationChanges<Route>,
        cause: FlowEvent<Route>.Cause
    ) {
        let nowVisible = storage.visibleScreens.map(\.id)
        let nowVisibleSet = Set(nowVisible)
        let removedIDs = Set(changes.removed.map(\.id))
        let builtIDs = Set(built.map(\.0))
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
            destination.attach(id, self)
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
        let event = FlowEvent(cause: cause, changes: changes, state: storage)
        for continuation in subscribers.values {
            continuation.yield(event)
        }
    }

    private func observation(for id: ElementID) -> NodeObservation {
        if let existing = observations[id] { return existing }
        let created = NodeObservation()
        if storage.contains(id) { observations[id] = created }
        return created
    }
}

extension FlowEvent.Cause {
    /// A one-line summary for logs.
    public var summary: String {
        switch self {
        case .start: "start"
        case .presentation(let presentation, let origin):
            "\(presentation.name)\(origin.map { " from \($0)" } ?? "")"
        case .event(let name, let route, let origin, let presentation):
            "\(route).\(name) from \(origin) → \(presentation.name)"
        case .userAction(let action): action.name
        case .restore: "restore"
        }
    }
}

/// The observation point of one element, so that observers of one container are not told
/// about changes to another.
@MainActor
final class NodeObservation: Observable {
    private let registrar = ObservationRegistrar()
    private var version = 0

    func access() {
        registrar.access(self, keyPath: \.version)
    }

    func changed() {
        registrar.withMutation(of: self, keyPath: \.version) { version += 1 }
    }
}
