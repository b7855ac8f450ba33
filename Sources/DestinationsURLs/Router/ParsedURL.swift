public import Destinations

/// What a URL asks for, as ``URLRouter/parse(_:ids:limits:)`` found it: a deep link, or the
/// canonical URL of a whole state.
public enum ParsedURL<Route: NavigationRoute>: Sendable, Equatable {
    /// A deep link, or a one-route link to an external route pattern (`notes://note/12`).
    case link(LinkMatch<Route>)
    /// A canonical state URL: the scene kind and the state it describes, with fresh ids.
    case state(scene: String, NavigationState<Route>)
}
