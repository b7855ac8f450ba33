public import Destinations

/// What a URL asks for (``URLRouter/parse(_:ids:limits:)``): a deep link, or a whole state.
public enum ParsedURL<Route: NavigationRoute>: Sendable, Equatable {
    /// A deep link, or a one-route link to an external route pattern (`notes://note/12`).
    case link(LinkMatch<Route>)
    /// A canonical state URL: the scene kind and the state it describes, with fresh ids.
    case state(scene: String, NavigationState<Route>)
}

/// What the flow does with a URL: apply a presentation, or merge a state.
public enum NavigationTarget<Route: NavigationRoute>: Sendable, Equatable {
    /// A presentation, applied from the focused screen, or a relative path's anchor.
    case presentation(Presentation<Route>)
    /// A state of the scene, to merge: elements that did not change keep their ids.
    case state(NavigationState<Route>)
}

/// A deep link that matched a URL.
public struct LinkMatch<Route: NavigationRoute>: Sendable, Equatable {
    /// The kinds of declaration that match a URL.
    public enum Kind: Hashable, Sendable {
        /// A ``DeepLink``.
        case deepLink
        /// An external ``RoutePattern`` used as a one-route link.
        case routePattern
    }
    /// The template of the link or pattern that matched; safe to log (no parameter values).
    public let pattern: String
    /// What kind of declaration matched.
    public let kind: Kind
    /// The scene kind the link goes to: ``DeepLink/scene``, else the router's first.
    public let scene: String
    /// The target the link's closure returned.
    public let target: LinkTarget<Route>
    /// The target compiled for the flow: a presentation, or a state target's parsed state.
    public var resolved: NavigationTarget<Route> {
        // A state target is parsed when the link is matched, or the match throws.
        state.map { .state($0) } ?? .presentation(target.presentation ?? .path([]))
    }
    /// The parsed state of a ``LinkTarget/state(_:)`` target; `nil` for every other target.
    @usableFromInline let state: NavigationState<Route>?
    /// The external sources the link accepts; `nil` for any.
    public let sources: Set<ExternalSource>?
    @usableFromInline init(
        pattern: String, kind: Kind, scene: String, target: LinkTarget<Route>, state: NavigationState<Route>?,
        sources: Set<ExternalSource>?
    ) {
        (self.pattern, self.kind, self.scene, self.target, self.state, self.sources) = (
            pattern, kind, scene, target, state, sources
        )
    }
}

/// Where a deep link leads in the navigation tree: one `Presentation`, or a state path.
public enum LinkTarget<Route: NavigationRoute>: Sendable, Equatable {
    /// Dismisses every modal, selects the tab, shows exactly `routes` in it, then runs `then`.
    case inTab(TabID, [Route], then: Presentation<Route>? = nil)
    /// Dismisses every modal and shows `routes` in the column, the first in place, the others pushed.
    case inColumn(SplitColumn, [Route])
    /// Runs the presentation from the focused screen, on top of whatever the user is doing.
    case presentation(Presentation<Route>)
    /// A state path of the link's scene (after `scheme://scene/`), merged with the current state.
    case state(String)
    /// Replaces the whole state with the layout.
    case replace(Layout<Route>)
    /// Pushes the route from the focused screen.
    public static func push(_ route: Route) -> LinkTarget { .presentation(.push(route)) }
    /// Presents the route in a sheet over the focused screen.
    public static func sheet(_ route: Route, _ options: SheetOptions = SheetOptions()) -> LinkTarget {
        .presentation(.sheet(route, options))
    }
    /// Presents the route in a full-screen cover over the focused screen.
    public static func fullScreenCover(_ route: Route) -> LinkTarget { .presentation(.fullScreenCover(route)) }
    /// Presents the route as an alert over the focused screen.
    public static func alert(_ route: Route) -> LinkTarget { .presentation(.alert(route)) }
    /// The presentation the target compiles to; `nil` for ``state(_:)``, which the flow merges.
    public var presentation: Presentation<Route>? {
        switch self {
        case .inTab(let tab, let routes, let then):
            let steps: [Presentation<Route>] = [.dismissAll, .selectTab(tab), .setStack(routes)]
            return .path(then.map { steps + [$0] } ?? steps)
        case .inColumn(let column, let routes):
            guard let first = routes.first else { return .path([.dismissAll, .setStack([])]) }
            return .path([.dismissAll, .show(first, in: column)] + routes.dropFirst().map { .push($0) })
        case .presentation(let presentation):
            return presentation
        case .state:
            return nil
        case .replace(let layout):
            return .replaceRoot(layout)
        }
    }
}
