/// What a renderer hands the app's view for one screen: its id, its route, and its
/// Destination, typed on request.
///
/// ```swift
/// FlowView(flow) { screen in
///     switch screen.route {
///     case .notes: if let list = screen.destination(as: NotesList.self) { NotesListView(list: list) }
///     default: Text(screen.route.name)
///     }
/// }
/// ```
///
/// A context does not keep the Destination alive: it looks it up in the flow, so once the
/// flow removes the screen, ``destination(as:)`` returns `nil` while ``id`` and ``route`` still
/// say what the screen showed. A renderer that keeps a departing screen on display (its exit
/// animation) hands the view ``keepingDestination()`` instead, which holds the Destination for
/// as long as the view holds the context.
@MainActor
public struct ScreenContext<Route: NavigationRoute> {
    /// The screen's element id.
    public let id: ElementID
    /// The screen's route.
    public let route: Route
    private weak var flow: Flow<Route>?
    /// The Destination, held, in a context made by ``keepingDestination()``.
    private var kept: AnyObject?

    /// The context of screen `id` in `flow`; `nil` when `id` is not a screen of its state.
    public init?(_ id: ElementID, in flow: Flow<Route>) {
        guard let route = flow.node(id)?.route else { return nil }
        self.id = id
        self.route = route
        self.flow = flow
    }

    /// The context of screen `id` that a renderer shows with `route` (read from what it shows,
    /// not from the flow), holding its Destination as ``keepingDestination()`` does; `nil` when
    /// the flow no longer has that screen (it was removed, or a restore gave the id to another
    /// screen). Reading it tracks nothing in the flow, so a view that makes it re-renders when
    /// what its renderer shows changes, not ahead of it.
    public init?(keeping id: ElementID, showing route: Route, in flow: Flow<Route>) {
        guard let destination = flow.destination(id), flow.untrackedState.node(id)?.route == route else { return nil }
        self.id = id
        self.route = route
        self.flow = flow
        kept = destination
    }

    /// The screen's Destination when it is of type `D` and still in the flow — or, in a context
    /// made by ``keepingDestination()``, the Destination it holds, without reading the flow.
    public func destination<D: Destination>(as type: D.Type = D.self) -> D? where D.Route == Route {
        if let kept { return kept as? D }
        guard isLive else { return nil }
        return flow?.destination(id, as: type)
    }

    /// This context holding the screen's Destination, so that a view animating away after the
    /// flow removed the screen still has it (its events are then dropped by
    /// ``Destination/post(_:content:)``). Views of a context made this way do not track the
    /// screen's element when they ask for the Destination.
    public func keepingDestination() -> ScreenContext {
        var context = self
        context.kept = flow?.destination(id)
        return context
    }

    /// Applies a presentation from this screen, as a link in its view does (SwiftUI's
    /// `RouteLink`): a refusal goes to the flow's logger, ``Flow/onRefusal`` and the event
    /// stream, not to the caller. Does nothing once the flow no longer shows the screen (a
    /// view animating away).
    public func navigate(_ presentation: Presentation<Route>) {
        guard isLive, let flow else { return }
        _ = try? flow.apply(presentation, from: id)
    }

    /// Whether the flow still shows the screen: the element is there, with the same route (a
    /// restore can give the id to another screen).
    public var isLive: Bool {
        guard let flow, flow.destination(id) != nil else { return false }
        return flow.node(id)?.route == route
    }
}

extension Destination {
    /// Sends an event from view code, which has nothing to do with a refusal: like
    /// ``send(_:)``, but a refusal goes to the flow's logger, ``Flow/onRefusal`` and the event
    /// stream instead of being thrown. An event of a Destination the flow already removed (a
    /// view animating away) is dropped. An event that carries content is posted with
    /// ``post(_:content:)``.
    ///
    /// An event refused before it led to a change (not configured, an assistant that threw)
    /// is reported with the cause ``FlowEvent/Cause/event(_:route:from:_:)`` and an empty path.
    public func post(_ event: Event) {
        post(event, carrying: nil)
    }

    /// Posts an event with content whose type only the run time checks.
    package func post(_ event: Event, carrying content: (any Sendable)?) {
        let flow = context.flow
        let reported = flow?.refusals
        do {
            try send(event, carrying: content)
        } catch {
            guard let flow, flow.refusals == reported, let id = context.id, let route = context.route else { return }
            flow.refuse(.event(AnyEvent(event), route: route, from: id, .path([])), error)
        }
    }
}
