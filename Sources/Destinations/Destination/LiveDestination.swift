/// A built Destination as the flow holds it: the object and its lifecycle, behind one box per
/// Destination.
@MainActor
protocol LiveDestination<Route>: AnyObject {
    associatedtype Route: NavigationRoute

    /// The Destination.
    var object: AnyObject { get }
    /// Whether the Destination knows it is visible.
    var isVisible: Bool { get }

    /// Links the Destination to its flow and starts its interactors' preparation.
    func attach(_ id: ElementID, to flow: Flow<Route>)
    /// Unlinks it, cancels its work, and starts its interactors' cleanup.
    func detach()
    func prepare()
    func appear()
    func disappear()
    func cleanup()
}

/// The box of a Destination of type `D`: it is also the link the Destination's context sends
/// events through, so that attaching allocates nothing more.
@MainActor
final class Live<D: Destination>: LiveDestination, DestinationLink {
    typealias Route = D.Route
    typealias Event = D.Event

    let destination: D
    let route: D.Route
    let table: EventTable<D>
    let hooks: [InteractorHooks]
    private weak var flow: Flow<D.Route>?

    init(_ destination: D, route: D.Route, table: EventTable<D>, hooks: [InteractorHooks]) {
        self.destination = destination
        self.route = route
        self.table = table
        self.hooks = hooks
    }

    var object: AnyObject { destination }
    var isVisible: Bool { destination.context.isVisible }

    func attach(_ id: ElementID, to flow: Flow<D.Route>) {
        self.flow = flow
        let context = destination.context
        context.attach(id: id, route: route, link: self, tracker: flow.work)
        guard !hooks.isEmpty else { return }
        for hook in hooks { hook.prepareNow?(id) }
        let asynchronous = hooks.compactMap { $0.prepare }
        guard !asynchronous.isEmpty else { return }
        context.preparation = context.track(label: "interactor preparation", waitsForPreparation: false) { [context] in
            _ = await context.untilRemoved { for prepare in asynchronous { await prepare(id) } }
        }
    }

    func detach() {
        let context = destination.context
        let id = context.id
        context.detach()
        flow = nil
        guard let id, !hooks.isEmpty else { return }
        for hook in hooks { hook.cleanupNow?(id) }
        let asynchronous = hooks.compactMap { $0.cleanup }
        guard !asynchronous.isEmpty else { return }
        context.tracker?.add(Task { for cleanup in asynchronous { await cleanup(id) } }, owner: id, route: route.name, label: "interactor cleanup")
    }

    func prepare() { destination.prepareForPresentation() }

    func appear() {
        destination.context.isVisible = true
        destination.didAppear()
    }

    func disappear() {
        destination.context.isVisible = false
        destination.didDisappear()
    }

    func cleanup() { destination.cleanup() }

    func send(_ event: D.Event, content: (any Sendable)?, from id: ElementID) throws(NavigationError) {
        guard let flow else { throw .destinationRemoved(id) }
        try flow.handle(event, content: content, from: destination, table: table)
    }

    func present(_ presentation: Presentation<D.Route>, from id: ElementID) throws(NavigationError) {
        guard let flow else { throw .destinationRemoved(id) }
        try flow.apply(presentation, fromDestination: id)
    }
}

/// Where a Destination's context sends its events and presentations while it is attached.
@MainActor
protocol DestinationLink<Route, Event>: AnyObject {
    associatedtype Route: NavigationRoute
    associatedtype Event: Hashable & Sendable
    func send(_ event: Event, content: (any Sendable)?, from id: ElementID) throws(NavigationError)
    func present(_ presentation: Presentation<Route>, from id: ElementID) throws(NavigationError)
}
