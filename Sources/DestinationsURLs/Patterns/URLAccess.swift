public import Destinations

/// Who may construct a route from a URL.
public enum URLAccess: Hashable, Sendable {
    /// Only the app itself (in-app URLs, relative paths, trusted sources).
    case `internal`
    /// External sources too: the route can be opened by a one-route link and can appear in an
    /// external state URL.
    case external
}
