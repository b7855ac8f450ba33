// Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
/// Builds the Destination for a route and says what each of its events does.
///
/// ```swift
/// let notes = Provider { (_: AppRoute) in NotesList() } events: { events in
///     events.on(.select, .present { note in .push(.note(id: note.id)) })   // see ContentEvent
///     events.on(.compose, .present(.sheet(.compose)))
/// }
/// ```
///
/// A provider is configuration: swap it, or one of its events, to change what a screen does
/// without touching the screen. ``configuring(_:_:)`` returns a copy with some events changed,
/// which is how an A/B variant or a test double is made.
///
/// Creating a provider is cheap: what validation and the flow graph read about it
/// (``configuredEvents``, ``presentations``, …) is derived when they read it.
@MainActor
public struct Provider<Route: NavigationRoute> {
    /// The configuration, type-erased, for validation, the flow graph and exploration.
    let box: ProviderBox<Route>
    /// Builds the Destination for the flow that will show it.
    @usableFromInline let builder:
        @MainActor (Route, (any Sendable)?, FlowEnvironment, Flow<Route>) throws(NavigationError) -> any LiveDestination

    /// Creates a provider from a function that builds the Destination and a configuration of
    /// its events.
    public init<D: Destination>(
        _ make: @escaping @MainActor (Route) throws -> D,
        @EventConfiguration events configure: (inout EventTable<D>) -> Void = { _ in }
    ) where D.Route == Route {
        var table = EventTable<D>()
        configure(&table)
        self.init(TypedProvider(make: .route(make), table: table))
    }

    /// Creates a provider whose Destination receives the content a presentation hands over
    /// (see ``ContentResponse/handOff(_:)``, ``Flow/apply(_:from:handing:)``): the selected note,
    /// while the route keeps only the note's id. The content is `nil` when the screen was built
    /// any other way — restored, deep-linked — so the Destination must be able to load what it
    /// shows from its route. Content of another type is refused with
    /// ``NavigationError/unexpectedHandOff(route:type:accepted:)``, the state unchanged; a
    /// screen reached with several types declares them all with
    /// ``init(accepting:_:screen:events:)``.
    ///
    /// ```swift
    /// Provider { (route: AppRoute, note: Note?) in NoteDetail(id: route.noteID, note: note) }
    /// ```
    public init<D: Destination, Content: Sendable>(
        _ make: @escaping @MainActor (Route, Content?) throws -> D,
        @EventConfiguration events configure: (inout EventTable<D>) -> Void = { _ in }
    ) where D.Route == Route {
        var table = EventTable<D>()
        configure(&table)
        let accepted = [HandOffType(Content.self)]
        self.init(
            TypedProvider(
                make: .input { input in
                    try input.checkHandOff(accepted)
                    return try make(input.route, input.handOff(Content.self))
                }, table: table))
    }

    init<D: Destination>(_ typed: TypedProvider<D>) where D.Route == Route {
        box = typed
        builder = { route, content, environment, flow throws(NavigationError) in
            try typed.build(route, handed: content, environment: environment, for: flow)
        }
    }

    /// The routes each event's response declares it may lead to
    /// (``EventResponse/leading(to:)``), by event name, for the flow graph.
    public var declaredRoutes: [(event: String, routes: [Route])] { box.declaredRoutes }

    /// The type of the Destination the provider builds.
    public var destinationType: Any.Type { box.destinationType }
    /// The names of the events the provider configures, in configuration order.
    public var configuredEvents: [String] { box.configuredEvents }
    /// The names of the events its Destination declares, when its `Event` is `CaseIterable`.
    public var declaredEvents: [String]? { box.declaredEvents }
    /// Events configured more than once.
    public var duplicateEvents: [String] { box.duplicateEvents }
    /// The fixed presentations of the provider's events, by event name, for validation and the
    /// flow graph.
    public var presentations: [(event: String, response: String, presentation: Presentation<Route>?)] {
        box.presentations
    }

    /// Returns a copy of the provider with its event configuration changed: an A/B variant, or
    /// a test double.
    ///
    /// ```swift
    /// let variant = notes.configuring(NotesList.self) { events in
    ///     events.replace(.select, with: .present { note in .sheet(.noteCard(id: note.id)) })
    /// }
    /// ```
    ///
    /// - Precondition: `type` is the type of Destination the provider builds.
    public func configuring<D: Destination>(
        _ type: D.Type,
        _ change: (inout EventTable<D>) -> Void
    ) -> Provider where D.Route == Route {
        guard let typed = box as? TypedProvider<D> else {
            preconditionFailure("this provider builds \(destinationType), not \(D.self)")
        }
        var table = typed.table
        change(&table)
        return Provider(TypedProvider(make: typed.make, table: table))
    }
}

/// A provider's configuration, type-erased: what validation, the flow graph and exploration
/// read. ``TypedProvider``, its one subclass, overrides every member.
@MainActor
@usableFromInline class ProviderBox<Route: NavigationRoute> {
    init() {}

    var destinationType: Any.Type { preconditionFailure("overridden by TypedProvider") }
    var configuredEvents: [String] { preconditionFailure("overridden by TypedProvider") }
    var declaredEvents: [String]? { preconditionFailure("overridden by TypedProvider") }
    var duplicateEvents: [String] { preconditionFailure("overridden by TypedProvider") }
    var presentations: [(event: String, response: String, presentation: Presentation<Route>?)] {
        preconditionFailure("overridden by TypedProvider")
    }
    /// The routes of the fixed presentations and those responses declare, for validation.
    var fixedRoutes: [Route] { preconditionFailure("overridden by TypedProvider") }
    var declaredRoutes: [(event: String, routes: [Route])] { preconditionFailure("overridden by TypedProvider") }
    /// The names of the events configured more than once.
    var duplicateEventNames: [String] { preconditionFailure("overridden by TypedProvider") }
    /// The names of the declared events (a `CaseIterable` `Event`) that have no configuration.
    var unconfiguredEventNames: [String] { preconditionFailure("overridden by TypedProvider") }
    func send(eventNamed name: String, to destination: AnyObject, content: (any Sendable)?) throws(NavigationError) {
        preconditionFailure("overridden by TypedProvider")
    }
}

/// The configuration of a provider of `D`s.
@MainActor
@usableFromInline final class TypedProvider<D: Destination>: ProviderBox<D.Route> {
    let make: Maker
    @usableFromInline let table: EventTable<D>
    /// The interactors of the table's responses, each once.
    let hooks: [InteractorHooks]
    /// Whether `D` is a ``ModalPresenter``, asked once rather than for every screen built.
    let presentsModals = D.self is any ModalPresenter.Type

    /// How a provider makes its Destination: from the route alone, or from everything a
    /// provider is given.
    enum Maker {
        /// Made from the route: no ``Provider/Input`` is made for it, which is most screens.
        case route(@MainActor (D.Route) throws -> D)
        /// Made from the route, the content handed over and the environment. The closure makes
        /// the ``Provider/Input`` itself, so that building by route alone never asks for its
        /// type.
        case input(@MainActor (D.Route, (any Sendable)?, FlowEnvironment) throws -> D)

        /// A maker from a function of the provider's ``Provider/Input``.
        static func input(_ make: @escaping @MainActor (Provider<D.Route>.Input) throws -> D) -> Maker {
            .input { route, handed, environment in
                try make(Provider.Input(route: route, handed: handed, environment: environment))
            }
        }
    }

    init(make: Maker, table: EventTable<D>) {
        self.make = make
        self.table = table
        var hooks: [InteractorHooks] = []
        for entry in table.entries where !entry.response.interactors.isEmpty {
            hooks.append(contentsOf: entry.response.interactors)
        }
        self.hooks = hooks.isEmpty ? hooks : InteractorHooks.unique(hooks)
        super.init()
    }

    override var destinationType: Any.Type { D.self }
    override var configuredEvents: [String] { table.entries.map { eventName($0.event) } }
    override var duplicateEvents: [String] { table.duplicates.map { eventName($0) } }
    override var presentations: [(event: String, response: String, presentation: Presentation<D.Route>?)] {
        table.entries.map { (eventName($0.event), $0.response.summary, $0.response.presentation) }
    }

    // What validation reads is a function of the table, which never changes: computed on the
    // first read, so that every flow made from the same providers reads it without the
    // generic work (metadata lookups, casts) of computing it.
    private lazy var fixedRouteList: [D.Route] = computeFixedRoutes()
    private lazy var duplicateEventNameList: [String] = computeDuplicateEventNames()
    private lazy var unconfiguredEventNameList: [String] = computeUnconfiguredEventNames()

    override var fixedRoutes: [D.Route] { fixedRouteList }
    override var duplicateEventNames: [String] { duplicateEventNameList }
    override var unconfiguredEventNames: [String] { unconfiguredEventNameList }

    private func computeFixedRoutes() -> [D.Route] {
        var routes: [D.Route] = []
        for entry in table.entries {
            if case .presentation(let presentation) = entry.response.kind { routes += presentation.routes }
            routes += entry.response.declaredRoutes
        }
        return routes
    }

    override var declaredRoutes: [(event: String, routes: [D.Route])] {
        table.entries.compactMap { entry in
            entry.response.declaredRoutes.isEmpty ? nil : (eventName(entry.event), entry.response.declaredRoutes)
        }
    }

    private func computeDuplicateEventNames() -> [String] {
        table.duplicates.isEmpty ? [] : table.duplicates.map { eventName($0) }
    }

    private func computeUnconfiguredEventNames() -> [String] {
        guard let all = D.Event.self as? any CaseIterable.Type else { return [] }
        func missing<T: CaseIterable>(_: T.Type) -> [String] {
            T.allCases.compactMap { value in
                guard let event = value as? D.Event, table.response(for: event) == nil else { return nil }
                return eventName(event)
            }
        }
        return missing(all)
    }

    override var declaredEvents: [String]? {
        guard let all = D.Event.self as? any CaseIterable.Type else { return nil }
        func names<T: CaseIterable>(_: T.Type) -> [String] { T.allCases.map { eventName($0) } }
        return names(all)
    }

    func build(_ route: D.Route, handed: (any Sendable)?, environment: FlowEnvironment, for flow: Flow<D.Route>)
        throws(NavigationError) -> Live<D>
    {
        let destination: D
        do {
            switch make {
            case .route(let make): destination = try make(route)
            case .input(let make): destination = try make(route, handed, environment)
            }
        } catch let error as NavigationError {
            throw error
        } catch {
            throw .providerFailed(route: route.name, reason: String(describing: error))
        }
        // A subclass of `D` may present modals when `D` does not.
        let presents = type(of: destination) == D.self ? presentsModals : destination is any ModalPresenter
        return Live(destination, route: route, provider: self, hooks: hooks, presentsModals: presents, flow: flow)
    }

    override func send(eventNamed name: String, to destination: AnyObject, content: (any Sendable)?)
        throws(NavigationError)
    {
        guard let typed = destination as? D else {
            throw .unconfiguredEvent(event: name, route: "\(type(of: destination))")
        }
        guard let entry = table.entries.first(where: { eventName($0.event) == name }) else {
            throw .unconfiguredEvent(event: name, route: typed.context.route?.name ?? "\(D.self)")
        }
        try typed.send(entry.event, carrying: content)
    }
}
