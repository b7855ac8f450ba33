/// A web-style URL that maps typed parameters to a target in the navigation tree.
///
/// ```swift
/// DeepLink("notes/{id}") { (id: Int) in .inTab(.notes, [.notes, .note(id: id)]) }
///     .shares(AppRoute.note(id:)) { if case .note(let id) = $0 { id } else { nil } }
/// DeepLink("search?q={query}&page={page=1}") { (query: String, page: Int) in
///     .inTab(.notes, [.notes, .search(query: query, page: page)])
/// }
/// ```
///
/// The template is `[/]segment(/segment)*[?key={name}(&key={name})*]`. A segment is a constant
/// (`[a-z0-9][a-z0-9._-]*`), a typed parameter `{name}`, or, last, a catch-all `{name...}`
/// that takes the rest of the path (one or more segments: a `String` gets them joined by `/`,
/// an `Array` one element each). Query items are required (`{q}`), defaulted (`{page=1}`),
/// optional (`{q?}`) or repeated (`{tag*}`); in their values `+` means a space. Unknown query
/// items are ignored unless `strictQuery` is set. The fragment is never matched. The
/// placeholders bind to the closure's parameters in template order.
///
/// At each segment, a constant is tried first, then typed parameters (integers, `UUID`,
/// `Bool`, `Double`, other types in declaration order), then `String`, then a catch-all;
/// matching backtracks when a later segment fails.
public struct DeepLink<Route: NavigationRoute>: Sendable {
    /// What the link is made of, behind one reference: the parse path copies a link for every
    /// URL it opens, and a copy is then one retain instead of one per field.
    @usableFromInline
    let storage: Storage

    /// The template, as written.
    public var template: String { storage.template }
    /// The external sources that may open the link; `nil` for any. The flow enforces it.
    public var sources: Set<ExternalSource>? { storage.sources }
    /// Whether the link's constants match in any ASCII case.
    public var caseInsensitive: Bool { storage.caseInsensitive }
    /// Whether a query item the template does not declare refuses the URL.
    public var strictQuery: Bool { storage.strictQuery }

    @inlinable
    var segments: [LinkTemplate.Segment] { storage.segments }
    @inlinable
    var parameters: [ParameterSpec] { storage.parameters }
    var problems: [URLConfigurationProblem] { storage.problems }
    @inlinable
    var makeTarget: @Sendable (inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route> { storage.makeTarget }
    var types: [ObjectIdentifier] { storage.types }
    /// The route the link shares, set by `shares`: a reference too, so that a copy costs one
    /// retain more at most.
    @usableFromInline
    var share: LinkShare<Route>?

    @usableFromInline
    final class Storage: Sendable {
        let template: String
        let sources: Set<ExternalSource>?
        let caseInsensitive: Bool
        let strictQuery: Bool
        @usableFromInline
        let segments: [LinkTemplate.Segment]
        @usableFromInline
        let parameters: [ParameterSpec]
        let problems: [URLConfigurationProblem]
        @usableFromInline
        let makeTarget: @Sendable (inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route>
        let types: [ObjectIdentifier]

        init(
            template: String,
            sources: Set<ExternalSource>?,
            caseInsensitive: Bool,
            strictQuery: Bool,
            segments: [LinkTemplate.Segment],
            parameters: [ParameterSpec],
            problems: [URLConfigurationProblem],
            makeTarget: @escaping @Sendable (inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route>,
            types: [ObjectIdentifier]
        ) {
            self.template = template
            self.sources = sources
            self.caseInsensitive = caseInsensitive
            self.strictQuery = strictQuery
            self.segments = segments
            self.parameters = parameters
            self.problems = problems
            self.makeTarget = makeTarget
            self.types = types
        }
    }

    /// Creates a link.
    ///
    /// - Parameters:
    ///   - template: The URL form after the prefix, such as `notes/{id}`.
    ///   - sources: The external sources that may open it; `nil` for any.
    ///   - caseInsensitive: Whether constants match in any ASCII case.
    ///   - strictQuery: Whether unknown query items refuse the URL.
    ///   - target: Maps the parameters, in template order, to the link's target.
    @inlinable
    public init<each Value: URLParameter>(
        _ template: String,
        sources: Set<ExternalSource>? = nil,
        caseInsensitive: Bool = false,
        strictQuery: Bool = false,
        _ target: @escaping @Sendable (repeat each Value) -> LinkTarget<Route>
    ) {
        // The closures are made here, in the app's module, so that they are specialised for
        // its parameter types: the parse path then runs without generic metadata lookups.
        var types: [ParameterType] = []
        for type in repeat (each Value).self { types.append(ParameterType(type)) }
        self.init(
            template: template,
            sources: sources,
            caseInsensitive: caseInsensitive,
            strictQuery: strictQuery,
            types: types,
            makeTarget: { (reader: inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route> in
                try target(repeat reader.next((each Value).self))
            }
        )
    }

    @usableFromInline
    init(
        template: String,
        sources: Set<ExternalSource>?,
        caseInsensitive: Bool,
        strictQuery: Bool,
        types: [ParameterType],
        makeTarget: @escaping @Sendable (inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route>
    ) {
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
        storage = Storage(
            template: template,
            sources: sources,
            caseInsensitive: caseInsensitive,
            strictQuery: strictQuery,
            segments: segments,
            parameters: parameters,
            problems: problems,
            makeTarget: makeTarget,
            types: types.map { $0.identity }
        )
    }

    /// Declares that the link shares a route: ``URLRouter/shareLink(for:)`` prints this link
    /// for the routes `match` accepts, with the values it returns as the link's parameters, in
    /// template order.
    ///
    /// - Parameters:
    ///   - make: Builds the route from the link's parameters; validation checks it against
    ///     `match`.
    ///   - match: Returns the link's parameters for a route, or `nil` for a route it does not
    ///     share.
    @inlinable
    public func shares<each Value: URLParameter>(
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
    var allProblems: [URLConfigurationProblem] {
        guard let share, share.types != types, problems.isEmpty else { return problems }
        return problems + [.shareMismatch(pattern: template)]
    }
}

/// How a link prints a route it shares, and builds it back.
@usableFromInline
final class LinkShare<Route: NavigationRoute>: Sendable {
    let types: [ObjectIdentifier]
    let make: @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Route
    let values: @Sendable (Route) -> [[String]]?

    @usableFromInline
    init(
        types: [ObjectIdentifier],
        make: @escaping @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Route,
        values: @escaping @Sendable (Route) -> [[String]]?
    ) {
        self.types = types
        self.make = make
        self.values = values
    }
}
