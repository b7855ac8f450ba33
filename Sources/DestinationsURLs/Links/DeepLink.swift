// @inlinable: the closures are made in the app's module, beside the url-link parse path (Benchmarks/README.md, URLs).
public import Destinations

/// A web-style URL that maps typed parameters to a target in the navigation tree:
/// `DeepLink("notes/{id}") { (id: Int) in .inTab(.notes, [.notes, .note(id: id)]) }`.
///
/// The template is `[/]segment(/segment)*[?key={name}(&key={name})*]`: constants, typed segments
/// `{name}`, a last catch-all `{name...}`, and query items `{page=1}`, `{q?}` or `{tag*}`. At each
/// segment a constant is tried first, then integers, `UUID`, `Bool`, `Double`, other types,
/// `String`, then a catch-all, backtracking when a later segment fails.
public struct DeepLink<Route: NavigationRoute>: Sendable {
    /// The template, as written.
    public let template: String
    /// The external sources that may open the link; `nil` for any. The flow enforces it.
    public let sources: Set<ExternalSource>?
    /// Whether the link's constants match in any ASCII case.
    public let caseInsensitive: Bool
    /// Whether a query item the template does not declare refuses the URL.
    public let strictQuery: Bool
    /// The scene kind the link opens in; `nil` for the router's first.
    public let scene: String?
    @usableFromInline let segments: [URLTemplate.Segment]
    @usableFromInline let parameters: [ParameterSpec]
    @usableFromInline let problems: [URLConfigurationProblem]
    @usableFromInline let codec: ParameterCodec<LinkTarget<Route>>
    @usableFromInline var share: ParameterCodec<Route>?
    /// Creates a link from its template (`notes/{id}`) and a closure from its parameters to its target.
    @inlinable public init<each Value: URLParameter>(
        _ template: String, sources: Set<ExternalSource>? = nil, caseInsensitive: Bool = false,
        strictQuery: Bool = false, scene: String? = nil,
        _ target: @escaping @Sendable (repeat each Value) -> LinkTarget<Route>
    ) {
        self.init(
            template, ParameterCodec(target, match: { _ in nil }), sources: sources, caseInsensitive: caseInsensitive,
            strictQuery: strictQuery, scene: scene)
    }
    @usableFromInline init(
        _ template: String, _ codec: ParameterCodec<LinkTarget<Route>>, sources: Set<ExternalSource>?,
        caseInsensitive: Bool, strictQuery: Bool, scene: String?
    ) {
        (self.template, self.codec, self.sources, self.caseInsensitive) = (template, codec, sources, caseInsensitive)
        (self.strictQuery, self.scene) = (strictQuery, scene)
        let (segments, parameters, problems) = URLTemplate.compile(template, route: false, types: codec.types)
        (self.segments, self.parameters, self.problems) = (problems.isEmpty ? segments : [], parameters, problems)
    }
    /// Declares the route the link shares (``URLRouter/shareLink(for:)``): `make` and `match` as a pattern's.
    @inlinable public func shares<each Value: URLParameter>(
        _ make: @escaping @Sendable (repeat each Value) -> Route,
        match: @escaping @Sendable (Route) -> (repeat each Value)?
    ) -> DeepLink {
        var link = self
        link.share = ParameterCodec(make, match: match)
        return link
    }
    /// Declares that the link, which has no parameters, shares `route`.
    public func shares(_ route: Route) -> DeepLink {
        var link = self
        link.share = ParameterCodec(constant: route)
        return link
    }
    var allProblems: [URLConfigurationProblem] {
        guard let share, share.types.map(\.identity) != codec.types.map(\.identity), problems.isEmpty else {
            return problems
        }
        return problems + [.shareMismatch(pattern: template)]
    }
}

/// The deep links of an app, listed in a builder block: `DeepLinks<AppRoute> { DeepLink(…) { … } }`.
public struct DeepLinks<Route: NavigationRoute>: Sendable {
    /// The links, in declaration order.
    public let links: [DeepLink<Route>]
    /// Collects the links the builder lists.
    public init(@DeepLinkBuilder<Route> _ content: () -> [DeepLink<Route>]) {
        links = content()
    }
    /// Collects the given links.
    public init(_ links: [DeepLink<Route>]) {
        self.links = links
    }
}

/// Builds a list of ``DeepLink``s.
public typealias DeepLinkBuilder<Route: NavigationRoute> = URLDeclarationBuilder<DeepLink<Route>>
