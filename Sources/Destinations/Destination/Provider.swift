/// Builds the Destination for a route and says what each of its events does.
///
/// ```swift
/// let notes = Provider { (_: AppRoute) in NotesList() } events: { events in
///     events.on(.select, .present { (note: Note) in .push(.note(id: note.id)) })
///     events.on(.compose, .present(.sheet(.compose)))
/// }
/// ```
///
/// A provider is configuration: swap it, or one of its events, to change what a screen does
/// without touching the screen. ``configuring(_:_:)`` returns a copy with some events changed,
/// which is how an A/B variant or a test double is made.
@MainActor
public struct Provider<Route: NavigationRoute> {
    /// The type of the Destination the provider builds.
    public let destinationType: Any.Type
    /// The names of the events the provider configures, in configuration order.
    public let configuredEvents: [String]
    /// The names of the events its Destination declares, when its `Event` is `CaseIterable`.
    public let declaredEvents: [String]?
    /// Events configured more than once.
    public let duplicateEvents: [String]
    /// The fixed presentations of the provider's events, by event name, for validation and the
    /// flow graph.
    public let presentations: [(event: String, response: String, presentation: Presentation<Route>?)]

    let table: any Sendable
    let build: @MainActor (Route, any Sendable) throws(NavigationError) -> LiveDestination<Route>

    /// Creates a provider from a function that builds the Destination and a configuration of
    /// its events.
    public init<D: Destination>(
        _ make: @escaping @MainActor (Route) throws -> D,
        events configure: (inout EventTable<D>) -> Void = { _ in }
    ) where D.Route == Route {
        var table = EventTable<D>()
        configure(&table)
        self.init(make: make, table: table)
    }

    private init<D: Destination>(make: @escaping @MainActor (Route) throws -> D, table: EventTable<D>)
    where D.Route == Route {
        destinationType = D.self
        configuredEvents = table.entries.map { "\($0.event)" }
        duplicateEvents = table.duplicates.map { "\($0)" }
        if let all = D.Event.self as? any CaseIterable.Type {
            declaredEvents = Self.names(of: all)
        } else {
            declaredEvents = nil
        }
        presentations = table.entries.map { ("\($0.event)", $0.response.summary, $0.response.presentation) }
        self.table = table
        build = { (route: Route, anyTable: any Sendable) throws(NavigationError) -> LiveDestination<Route> in
            guard let table = anyTable as? EventTable<D> else {
                preconditionFailure("event table of \(D.self) replaced by another type")
            }
            let destination: D
            do {
                destination = try make(route)
            } catch let error as NavigationError {
                throw error
            } catch {
                throw .providerFailed(route: route.name, reason: String(describing: error))
            }
            return LiveDestination(destination, route: route, table: table)
        }
        self.make = { route in try make(route) }
    }

    private let make: @MainActor (Route) throws -> AnyObject

    private static func names(of type: any CaseIterable.Type) -> [String] {
        func open<T: CaseIterable>(_: T.Type) -> [String] { T.allCases.map { "\($0)" } }
        return open(type)
    }

    /// Returns a copy of the provider with its event configuration changed: an A/B variant, or
    /// a test double.
    ///
    /// ```swift
    /// let variant = notes.configuring(NotesList.self) { events in
    ///     events.replace(.select, with: .present { (note: Note) in .sheet(.noteCard(id: note.id)) })
    /// }
    /// ```
    ///
    /// - Precondition: `type` is the type of Destination the provider builds.
    public func configuring<D: Destination>(
        _ type: D.Type,
        _ change: (inout EventTable<D>) -> Void
    ) -> Provider where D.Route == Route {
        guard var table = table as? EventTable<D> else {
            preconditionFailure("this provider builds \(destinationType), not \(D.self)")
        }
        change(&table)
        let make = self.make
        return Provider(
            make: { route in
                guard let destination = try make(route) as? D else {
                    preconditionFailure("this provider builds \(D.self)")
                }
                return destination
            },
            table: table
        )
    }
}

/// What each of a Destination's events does, as configured in its ``Provider``.
public struct EventTable<D: Destination>: Sendable {
    struct Entry: Sendable {
        let event: D.Event
        var response: EventResponse<D>
    }

    private(set) var entries: [Entry] = []
    private(set) var duplicates: [D.Event] = []

    /// Configures an event. Configuring the same event twice is reported by validation as
    /// ``ConfigurationProblem/duplicateEvent(event:route:)``; the first configuration is used.
    public mutating func on(_ event: D.Event, _ response: EventResponse<D>) {
        if entries.contains(where: { $0.event == event }) {
            duplicates.append(event)
        } else {
            entries.append(Entry(event: event, response: response))
        }
    }

    /// Replaces an event's configuration, or adds it if it had none.
    public mutating func replace(_ event: D.Event, with response: EventResponse<D>) {
        if let index = entries.firstIndex(where: { $0.event == event }) {
            entries[index].response = response
        } else {
            entries.append(Entry(event: event, response: response))
        }
    }

    /// Removes an event's configuration.
    public mutating func remove(_ event: D.Event) {
        entries.removeAll { $0.event == event }
    }

    /// The response configured for an event.
    public func response(for event: D.Event) -> EventResponse<D>? {
        entries.first { $0.event == event }?.response
    }
}

/// A built Destination as the flow holds it: the object and its lifecycle, type-erased.
@MainActor
struct LiveDestination<Route: NavigationRoute> {
    let object: AnyObject
    let attach: @MainActor (ElementID, Flow<Route>) -> Void
    let detach: @MainActor () -> Void
    let prepare: @MainActor () -> Void
    let appear: @MainActor () -> Void
    let disappear: @MainActor () -> Void
    let cleanup: @MainActor () -> Void

    init<D: Destination>(_ destination: D, route: Route, table: EventTable<D>) where D.Route == Route {
        object = destination
        let hooks = InteractorHooks.unique(table.entries.flatMap(\.response.interactors))
        attach = { [unowned destination] id, flow in
            destination.context.tracker = flow.work
            if !hooks.isEmpty {
                let preparation = Task { for hook in hooks { await hook.prepare(id) } }
                destination.context.preparation = preparation
                flow.work.add(preparation)
            }
            destination.context.attach(
                id: id,
                route: route,
                handler: { [weak flow, unowned destination] event, content throws(NavigationError) in
                    guard let flow else { throw .destinationRemoved(id) }
                    try flow.handle(event, content: content, from: destination, table: table)
                },
                presenter: { [weak flow] presentation throws(NavigationError) in
                    guard let flow else { throw .destinationRemoved(id) }
                    try flow.apply(presentation, from: id)
                }
            )
        }
        detach = { [unowned destination] in
            let context = destination.context
            let id = context.id
            context.detach()
            guard let id, !hooks.isEmpty else { return }
            let cleanup = Task { for hook in hooks { await hook.cleanup(id) } }
            context.tracker?.add(cleanup)
        }
        prepare = { [unowned destination] in destination.prepareForPresentation() }
        appear = { [unowned destination] in
            destination.context.isVisible = true
            destination.didAppear()
        }
        disappear = { [unowned destination] in
            destination.context.isVisible = false
            destination.didDisappear()
        }
        cleanup = { [unowned destination] in destination.cleanup() }
    }
}
