// @inlinable: the closures are made in the app's module, beside the url-link and url-state parse path (Benchmarks/README.md, URLs).
public import Destinations

/// A web-style URL that maps typed parameters to a target in the navigation tree.
///
/// ```swift
/// DeepLink("notes/{id}") { (id: Int) in .inTab(.notes, [.notes, .note(id: id)]) }
///     .shares(AppRoute.note(id:)) { if case .note(let id) = $0 { id } else { nil } }
/// DeepLink("search?q={query}&page={page=1}", scene: "main") { (query: String, page: Int) in .push(.search(query, page)) }
/// ```
///
/// The template is `[/]segment(/segment)*[?key={name}(&key={name})*]`: constants
/// (`[a-z0-9][a-z0-9._-]*`), typed segments `{name}`, a last catch-all `{name...}`; query items
/// required, defaulted (`{page=1}`), optional (`{q?}`) or repeated (`{tag*}`). At each segment a
/// constant is tried first, then integers, `UUID`, `Bool`, `Double`, other types, `String`, then a
/// catch-all, backtracking when a later segment fails. The fragment is never matched.
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
    @usableFromInline let segments: [LinkTemplate.Segment]
    @usableFromInline let parameters: [ParameterSpec]
    @usableFromInline let problems: [URLConfigurationProblem]
    @usableFromInline let makeTarget: @Sendable (inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route>
    @usableFromInline let types: [ObjectIdentifier]
    /// The route the link shares, set by `shares`.
    @usableFromInline var share: LinkShare<Route>?
    /// Creates a link from its template after the prefix (`notes/{id}`), the external sources that
    /// may open it (`nil` for any), whether constants match in any ASCII case, whether unknown query
    /// items refuse the URL, the scene kind it opens in (`nil` for the router's first), and `target`,
    /// which maps the parameters, in template order, to the link's target.
    @inlinable public init<each Value: URLParameter>(
        _ template: String,
        sources: Set<ExternalSource>? = nil,
        caseInsensitive: Bool = false,
        strictQuery: Bool = false,
        scene: String? = nil,
        _ target: @escaping @Sendable (repeat each Value) -> LinkTarget<Route>
    ) {
        var types: [ParameterType] = []
        for type in repeat (each Value).self { types.append(ParameterType(type)) }
        self.init(
            template, types: types, sources: sources, caseInsensitive: caseInsensitive, strictQuery: strictQuery,
            scene: scene,
            makeTarget: { (reader: inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route> in
                try target(repeat reader.next((each Value).self))
            })
    }
    @usableFromInline init(
        _ template: String, types: [ParameterType], sources: Set<ExternalSource>?, caseInsensitive: Bool,
        strictQuery: Bool,
        scene: String?,
        makeTarget: @escaping @Sendable (inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route>
    ) {
        self.template = template
        self.sources = sources
        self.caseInsensitive = caseInsensitive
        self.strictQuery = strictQuery
        self.scene = scene
        self.makeTarget = makeTarget
        self.types = types.map { $0.identity }
        var segments: [LinkTemplate.Segment] = []
        var parameters: [ParameterSpec] = []
        var problems: [URLConfigurationProblem] = []
        do throws(TemplateError) {
            let parsed = try LinkTemplate.parse(template)
            let bound = ParameterSpec.bind(parsed.placeholders, to: types, pattern: template)
            segments = bound.problems.isEmpty ? parsed.segments : []
            parameters = bound.specs
            problems += bound.problems
        } catch {
            problems.append(.badTemplate(pattern: template, offset: error.offset))
        }
        self.segments = segments
        self.parameters = parameters
        self.problems = problems
    }
    /// Declares that the link shares a route: ``URLRouter/shareLink(for:)`` prints this link for the
    /// routes `match` accepts, with the values it returns; `make` builds the route back from them.
    @inlinable public func shares<each Value: URLParameter>(
        _ make: @escaping @Sendable (repeat each Value) -> Route,
        match: @escaping @Sendable (Route) -> (repeat each Value)?
    ) -> DeepLink {
        var types: [ObjectIdentifier] = []
        for type in repeat (each Value).self { types.append(ObjectIdentifier(type)) }
        var link = self
        link.share = LinkShare(
            types: types,
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) -> Route in
                try make(repeat reader.next((each Value).self))
            },
            values: { route in
                guard let values = match(route) else { return nil }
                var texts: [[String]] = []
                for value in repeat each values { texts.append(value.urlComponents) }
                return texts
            }
        )
        return link
    }
    /// Declares that the link, which has no parameters, shares `route`.
    public func shares(_ route: Route) -> DeepLink {
        var link = self
        link.share = LinkShare(types: [], make: { _ in route }, values: { $0 == route ? [] : nil })
        return link
    }
    /// The configuration problems of the link alone.
    @usableFromInline var allProblems: [URLConfigurationProblem] {
        guard let share, share.types != types, problems.isEmpty else { return problems }
        return problems + [.shareMismatch(pattern: template)]
    }
    /// The first constant, which must not be a scene's name.
    @usableFromInline var firstConstant: String? {
        if case .constant(let constant)? = segments.first { return constant }
        return nil
    }
}

/// How a link prints a route it shares, and builds it back.
@usableFromInline struct LinkShare<Route: NavigationRoute>: Sendable {
    @usableFromInline let types: [ObjectIdentifier]
    @usableFromInline let make: @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Route
    @usableFromInline let values: @Sendable (Route) -> [[String]]?
    @usableFromInline init(
        types: [ObjectIdentifier], make: @escaping @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Route,
        values: @escaping @Sendable (Route) -> [[String]]?
    ) {
        (self.types, self.make, self.values) = (types, make, values)
    }
}
