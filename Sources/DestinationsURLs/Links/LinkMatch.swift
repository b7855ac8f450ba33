// Performance: the url-link figure (Benchmarks/README.md, "URLs"): a match is three references, copied without value witnesses.
public import Destinations

/// A deep link that matched a URL.
///
/// A match is three references: the declaration that matched, made once per declaration when
/// the router is built; the target; and what only some matches have (a host, a parsed state).
public struct LinkMatch<Route: NavigationRoute>: Sendable, Equatable {
    /// The kinds of declaration that match a URL.
    public enum Kind: Hashable, Sendable {
        /// A ``DeepLink``.
        case deepLink
        /// An external ``RoutePattern`` used as a one-route link.
        case routePattern
        /// The ``LinkFallback``: nothing else took the URL.
        case fallback
    }
    /// What matched: the same object for every match of one declaration.
    let declaration: LinkDeclaration
    /// The target the link's closure returned.
    public let target: LinkTarget<Route>
    /// The host and the parsed state, for the matches that have either; `nil` for most.
    let extras: Extras?
    /// The template of the link or pattern that matched; safe to log (no parameter values).
    public var pattern: String { declaration.pattern }
    /// What kind of declaration matched.
    public var kind: Kind {
        switch declaration.kind {
        case .deepLink: .deepLink
        case .routePattern: .routePattern
        case .fallback: .fallback
        }
    }
    /// The scene kind the link goes to: ``DeepLink/scene``, else the router's first.
    public var scene: String { declaration.scene }
    /// The target compiled for the flow: a presentation, or a state target's parsed state; an
    /// empty path for a ``LinkTarget/resolution(_:)``, whose answer the request waits for.
    public var resolved: NavigationTarget<Route> {
        // A state target is parsed when the link is matched, or the match throws.
        state.map { .state($0) } ?? .presentation(target.presentation ?? .path([]))
    }
    /// The parsed state of a ``LinkTarget/state(_:)`` target; `nil` for every other target.
    var state: NavigationState<Route>? { extras?.state }
    /// The external sources the link accepts; `nil` for any.
    public var sources: Set<ExternalSource>? { declaration.sources }
    /// The URL's host in lower case, for a link whose template names a host (`//…/`) and for the
    /// fallback; `nil` for other links, and for a custom scheme's URL.
    public var host: String? { extras?.host }
    /// The scene kind the link declares (``DeepLink/scene``); it opens only there.
    var declaredScene: String? { declaration.declaredScene }
    /// A match of `declaration`; the host and the state are boxed only when there is either.
    @usableFromInline init(
        _ declaration: LinkDeclaration, target: LinkTarget<Route>, state: NavigationState<Route>?, host: String?
    ) {
        (self.declaration, self.target) = (declaration, target)
        extras = state == nil && host == nil ? nil : Extras(state: state, host: host)
    }
    /// A match of a declaration made for it: a one-route link or the fallback.
    init(
        pattern: String, kind: LinkDeclaration.Kind, scene: String, target: LinkTarget<Route>,
        state: NavigationState<Route>?, sources: Set<ExternalSource>?, host: String? = nil,
        declaredScene: String? = nil
    ) {
        let declaration = LinkDeclaration(
            pattern: pattern, kind: kind, scene: scene, sources: sources, declaredScene: declaredScene)
        self.init(declaration, target: target, state: state, host: host)
    }

    /// Whether two matches have the same declaration, target, host and state.
    public static func == (lhs: LinkMatch, rhs: LinkMatch) -> Bool {
        lhs.declaration.matches(rhs.declaration) && lhs.target == rhs.target && lhs.host == rhs.host
            && lhs.state == rhs.state
    }

    /// What only some matches have, in one box.
    final class Extras: Sendable {
        let state: NavigationState<Route>?
        let host: String?
        init(state: NavigationState<Route>?, host: String?) { (self.state, self.host) = (state, host) }
    }
}
