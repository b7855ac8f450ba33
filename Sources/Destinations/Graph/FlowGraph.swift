import Foundation

/// The app's flow as a graph: which event of which screen leads where, derived from the
/// providers' configuration without running the app.
///
/// ```swift
/// let graph = FlowGraph(NotesAppConfiguration.layout, providers: providers)
/// print(graph.mermaid())      // paste into any Mermaid renderer
/// graph.unreachableRoutes     // screens no configured event leads to
/// ```
///
/// Nodes are route names. An edge is one configured event whose fixed presentation shows a
/// route (a push, a sheet, a path's steps…). Events answered by an assistant choose their route
/// at run time: they appear as edges to ``dynamicTarget`` so that the graph still shows that the
/// event does something — unless the response declares the routes it may lead to
/// (``EventResponse/leading(to:)``): then it is drawn to each of them. Events a screen marks as
/// its own (``OwnEvents``) are edges too, marked ``Edge/isOwnEvent`` and drawn dotted with
/// `(own)`. Built from a whole configuration (``init(_:)``), the graph also draws what guards'
/// redirects show, from a node for each guard (``guardNodes``), when the guards declare it
/// (``NavigationGuard/redirects``). Feed the flow's events to ``observe(_:)`` and the graph also
/// holds the edges the running app took (``observedEdges``), assistants' choices included.
@MainActor
public struct FlowGraph<Route: NavigationRoute> {
    /// One configured event.
    public struct Edge: Hashable, Sendable {
        /// The route name of the screen whose event this is.
        public let from: String
        /// The route name the event leads to, or ``FlowGraph/dynamicTarget``.
        public let to: String
        /// The event's name.
        public let event: String
        /// How it presents: `push`, `sheet`, `path`, `assistant(Note)`, ….
        public let presentation: String
        /// Whether the event is one the screen marks as its own (``OwnEvents``): sent by the
        /// screen's code, never by a view. Such an edge counts for reachability, since the app
        /// takes it when it runs, but no tap takes it (see ``routesReachedOnlyByOwnEvents``).
        public let isOwnEvent: Bool

        /// Creates an edge, for instance to assert that a graph contains it.
        public init(from: String, to: String, event: String, presentation: String, isOwnEvent: Bool = false) {
            self.from = from
            self.to = to
            self.event = event
            self.presentation = presentation
            self.isOwnEvent = isOwnEvent
        }
    }

    /// The name of the node that stands for routes chosen at run time.
    public static var dynamicTarget: String { "(run time)" }

    /// The name of the node that stands for a guard's declared redirects: `(guard signedIn)`.
    static func guardNode(_ name: String) -> String { "(guard \(name))" }

    /// The route names the flow starts with.
    public let entryRoutes: [String]
    /// Every route name the graph knows, in discovery order; routes first reached by an
    /// observed edge come last.
    public private(set) var routes: [String]
    /// The configured events.
    public let edges: [Edge]
    /// The edges the running app took that the configuration does not show: an assistant's
    /// choice, in the order they were first observed.
    public private(set) var observedEdges: [Edge] = []
    /// Route names that a configured presentation or the layout reaches but no provider builds.
    public let missingProviders: [String]
    /// The nodes that stand for guards whose redirects the configuration declares
    /// (``NavigationGuard/redirects``), such as `(guard signedIn)`: a redirect can happen from
    /// any state, so what it shows is reached from there.
    public let guardNodes: [String]

    /// Derives the graph of a flow's layout and providers.
    ///
    /// It starts from the layout's routes and, when `Route` is `CaseIterable`, every case.
    public init(_ layout: Layout<Route>, providers: Providers<Route>) {
        self.init(layout, providers: providers, redirects: [])
    }

    /// Derives the graph of a flow's whole configuration: its layout and providers, and the
    /// routes its guards declare that their redirects show (``NavigationGuard/redirects``),
    /// drawn from a node for each guard.
    public init(_ configuration: FlowConfiguration<Route>) {
        let redirects =
            configuration.guards.map { ($0.name, $0.redirects) }
            + configuration.asyncGuards.map { ($0.name, $0.redirects) }
        self.init(configuration.layout, providers: configuration.providers, redirects: redirects.filter { !$1.isEmpty })
    }

    private init(_ layout: Layout<Route>, providers: Providers<Route>, redirects: [(guard: String, routes: [Route])]) {
        var pending = layout.routes
        if let all = Route.self as? any CaseIterable.Type {
            func open<T: CaseIterable>(_: T.Type) -> [Route] { T.allCases.compactMap { $0 as? Route } }
            pending += open(all)
        }
        entryRoutes = Self.unique(layout.routes.map { $0.name })
        guardNodes = Self.unique(redirects.map { Self.guardNode($0.guard) })
        var names: [String] = []
        var edges: [Edge] = []
        for (name, routes) in redirects {
            for route in routes {
                edges.append(Edge(from: Self.guardNode(name), to: route.name, event: name, presentation: "redirect"))
                pending.append(route)
            }
        }
        var missing: [String] = []
        var visited: Set<String> = []
        var index = 0
        while index < pending.count {
            let route = pending[index]
            index += 1
            guard visited.insert(route.name).inserted else { continue }
            names.append(route.name)
            guard let provider = providers.provider(for: route) else {
                missing.append(route.name)
                continue
            }
            let declared = provider.declaredRoutes
            let own = ownEventNames(ofType: provider.destinationType)
            for entry in provider.presentations {
                let targets = entry.presentation?.routes ?? []
                let isOwn = own.contains(entry.event)
                func edge(to target: String) -> Edge {
                    Edge(
                        from: route.name, to: target, event: entry.event, presentation: entry.response,
                        isOwnEvent: isOwn)
                }
                if entry.presentation == nil {
                    let leadsTo = declared.first { $0.event == entry.event }?.routes ?? []
                    for target in leadsTo {
                        edges.append(edge(to: target.name))
                        pending.append(target)
                    }
                    if leadsTo.isEmpty, entry.response.hasPrefix("assistant") {
                        edges.append(edge(to: Self.dynamicTarget))
                    }
                    continue
                }
                if targets.isEmpty {
                    edges.append(edge(to: route.name))
                }
                for target in targets {
                    edges.append(edge(to: target.name))
                    pending.append(target)
                }
            }
        }
        self.routes = names
        self.edges = Self.unique(edges)
        self.missingProviders = missing
    }

    /// Records the edges a flow event took: one from the route of the screen that sent the
    /// event to the route of every screen the change added, and returns them (to light them up).
    ///
    /// An edge the configuration already shows is returned but not recorded again; any other
    /// (an assistant's choice) joins ``observedEdges``. Events that are not a Destination's
    /// event (a direct `apply`, a user's gesture, a restore) and refusals take no edge.
    @discardableResult
    public mutating func observe(_ event: FlowEvent<Route>) -> [Edge] {
        guard event.refusal == nil, case .event(let sent, let route, _, let presentation) = event.cause else {
            return []
        }
        let eventName = String(sent.description.prefix { $0 != "(" })
        var taken: [Edge] = []
        for node in event.changes.added {
            guard let target = node.route else { continue }
            if let known = edges.first(where: { $0.from == route.name && $0.to == target.name && $0.event == eventName }
            ) {
                taken.append(known)
                continue
            }
            let edge = Edge(from: route.name, to: target.name, event: eventName, presentation: presentation.name)
            if !observedEdges.contains(edge) {
                observedEdges.append(edge)
                if !routes.contains(target.name) { routes.append(target.name) }
            }
            taken.append(edge)
        }
        return taken
    }

    /// Route names that neither the layout nor any fixed or declared presentation leads to.
    /// They may still be reached through an assistant, a deep link or a guard's redirect that
    /// the guard does not declare (``NavigationGuard/redirects``); the list is where to look.
    ///
    /// Edges of the events a screen marks as its own (``OwnEvents``, ``Edge/isOwnEvent``)
    /// count: the screen's code sends them when the app runs (a load that opens a welcome
    /// sheet, an alert's forwarded confirmation), so what they lead to is reached, though no
    /// tap leads there. ``routesReachedOnlyByOwnEvents`` lists the routes that only such edges
    /// reach, which a random walk and the explorer — tools that play the user — never show.
    public var unreachableRoutes: [String] {
        let reached = reachedRoutes(includingOwnEvents: true)
        return routes.filter { !reached.contains($0) }
    }

    /// Route names that are reached only through the events screens mark as their own
    /// (``OwnEvents``): the app shows them when its code sends those events, but no sequence
    /// of taps from the layout leads there.
    public var routesReachedOnlyByOwnEvents: [String] {
        let all = reachedRoutes(includingOwnEvents: true)
        let byTaps = reachedRoutes(includingOwnEvents: false)
        return routes.filter { all.contains($0) && !byTaps.contains($0) }
    }

    private func reachedRoutes(includingOwnEvents: Bool) -> Set<String> {
        var reached = Set(entryRoutes + guardNodes)
        var frontier = entryRoutes + guardNodes
        let allEdges = (edges + observedEdges).filter { includingOwnEvents || !$0.isOwnEvent }
        while let name = frontier.popLast() {
            for edge in allEdges where edge.from == name && reached.insert(edge.to).inserted {
                frontier.append(edge.to)
            }
        }
        return reached
    }

    /// The graph in Graphviz's DOT language.
    public func dot() -> String {
        var lines = ["digraph Flow {", "  rankdir=LR;", "  node [shape=box];"]
        for name in entryRoutes { lines.append("  \(quoted(name)) [style=bold];") }
        for name in missingProviders {
            lines.append("  \(quoted(name)) [color=red, label=\(quoted(name + "\\n(no provider)"))];")
        }
        if edges.contains(where: { $0.to == Self.dynamicTarget }) {
            lines.append("  \(quoted(Self.dynamicTarget)) [shape=ellipse, style=dashed];")
        }
        for name in guardNodes { lines.append("  \(quoted(name)) [shape=ellipse];") }
        for edge in edges {
            let style = edge.to == Self.dynamicTarget ? ", style=dashed" : edge.isOwnEvent ? ", style=dotted" : ""
            lines.append(
                "  \(quoted(edge.from)) -> \(quoted(edge.to)) [label=\(quoted("\(edge.event)\(Self.ownMark(edge)): \(edge.presentation)"))\(style)];"
            )
        }
        for edge in observedEdges {
            lines.append(
                "  \(quoted(edge.from)) -> \(quoted(edge.to)) [label=\(quoted("\(edge.event): \(edge.presentation) (observed)")), color=blue];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The graph as a Mermaid flowchart.
    public func mermaid() -> String {
        var ids: [String: String] = [:]
        func id(_ name: String) -> String {
            if let existing = ids[name] { return existing }
            let made = "n\(ids.count)"
            ids[name] = made
            return made
        }
        var lines = ["flowchart LR"]
        for name in routes + [Self.dynamicTarget]
        where name != Self.dynamicTarget || edges.contains(where: { $0.to == name }) {
            let label = missingProviders.contains(name) ? "\(name) (no provider)" : name
            lines.append("  \(id(name))[\"\(label)\"]")
        }
        for name in guardNodes { lines.append("  \(id(name))([\"\(name)\"])") }
        for edge in edges {
            let arrow = edge.to == Self.dynamicTarget || edge.isOwnEvent ? "-.->" : "-->"
            lines.append(
                "  \(id(edge.from)) \(arrow)|\"\(edge.event)\(Self.ownMark(edge)): \(edge.presentation)\"| \(id(edge.to))"
            )
        }
        for edge in observedEdges {
            lines.append("  \(id(edge.from)) ==>|\"\(edge.event): \(edge.presentation) (observed)\"| \(id(edge.to))")
        }
        return lines.joined(separator: "\n")
    }

    /// ` (own)` after the event of an edge sent from code.
    private static func ownMark(_ edge: Edge) -> String {
        edge.isOwnEvent ? " (own)" : ""
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen: Set<T> = []
        return values.filter { seen.insert($0).inserted }
    }
}
