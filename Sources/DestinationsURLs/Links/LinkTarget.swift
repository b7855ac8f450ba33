public import Destinations

/// Where a deep link leads in the navigation tree.
///
/// Every case but ``state(_:)`` compiles to one `Presentation` (``presentation``), which the
/// flow plans and commits as one transaction from the focused screen.
public enum LinkTarget<Route: NavigationRoute>: Sendable, Equatable {
    /// Dismisses every modal, selects the tab and makes its stack show exactly `routes` (a
    /// synthetic back stack), then runs `then`. The common prefix with the tab's stack keeps its
    /// elements; other tabs are untouched.
    case inTab(TabID, [Route], then: Presentation<Route>? = nil)
    /// Dismisses every modal and shows `routes` in the split view's column: the first in place
    /// of what the column showed, the others pushed on it.
    case inColumn(SplitColumn, [Route])
    /// Runs the presentation from the focused screen, on top of whatever the user is doing.
    case presentation(Presentation<Route>)
    /// A canonical state path of the link's scene (what follows `scheme://scene/`), merged with
    /// the current state: what it mentions is set, what it leaves out stays.
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
