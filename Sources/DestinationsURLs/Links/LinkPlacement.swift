public import Destinations

/// Where a one-route link (`notes://note/12`) shows its route.
public enum LinkPlacement: Hashable, Sendable {
    /// Pushed onto the focused screen's stack.
    case push
    /// In a sheet over the focused screen.
    case sheet(SheetOptions)
    /// In a full-screen cover over the focused screen.
    case fullScreenCover
    /// Every modal dismissed, the tab selected and the route shown in it.
    case inTab(TabID)
    /// Every modal dismissed and the route shown in the split view's column.
    case column(SplitColumn)
    /// In a sheet with the default options.
    public static var sheet: LinkPlacement { .sheet(SheetOptions()) }
    /// The presentation that shows `route` here.
    public func presentation<Route: NavigationRoute>(for route: Route) -> Presentation<Route> {
        switch self {
        case .push: .push(route)
        case .sheet(let options): .sheet(route, options)
        case .fullScreenCover: .fullScreenCover(route)
        case .inTab(let tab): .path([.dismissAll, .presentInTab(tab, route)])
        case .column(let column): .path([.dismissAll, .show(route, in: column)])
        }
    }
}
