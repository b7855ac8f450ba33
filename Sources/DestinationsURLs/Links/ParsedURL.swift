public import Destinations

/// What a URL asks for, as ``URLRouter/parse(_:ids:limits:)`` found it: a deep link, or the
/// canonical URL of a whole state.
public enum ParsedURL<Route: NavigationRoute>: Sendable, Equatable {
    /// A deep link, or a one-route link to an external route pattern (`notes://note/12`).
    case link(LinkMatch<Route>)
    /// A canonical state URL: the scene kind and the state it describes, with fresh ids.
    case state(scene: String, NavigationState<Route>)
}

/// What the flow does with a URL: apply a presentation, or merge a state.
public enum NavigationTarget<Route: NavigationRoute>: Sendable, Equatable {
    /// A presentation, applied from the focused screen (a deep link) or from the anchor (a
    /// relative path).
    case presentation(Presentation<Route>)
    /// A state of the scene, to merge with the current one: what it mentions is set, elements
    /// that did not change keep their ids.
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
    /// The target compiled for the flow: a presentation to apply from the focused screen, or,
    /// for ``LinkTarget/state(_:)``, the parsed state to merge. Computed on each read.
    public var resolved: NavigationTarget<Route> {
        if let state { return .state(state) }
        guard let presentation = target.presentation else {
            // A state target is parsed when the link is matched, or the match throws.
            preconditionFailure("a link to a state matched without its parsed state")
        }
        return .presentation(presentation)
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
