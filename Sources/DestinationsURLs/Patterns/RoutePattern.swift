// @inlinable: the closures are made in the app's module, beside the url-link and url-state parse path (Benchmarks/README.md, URLs).
public import Destinations

/// The URL form of one route case: a keyword, typed positional parameters and named ones.
///
/// ```swift
/// RoutePattern("notes", .notes, access: .external)
/// RoutePattern("search/{query}(page={page=1},sort={sort?})", AppRoute.search(query:page:sort:)) {
///     if case .search(let query, let page, let sort) = $0 { (query, page, sort) } else { nil }
/// }
/// ```
///
/// The template is a keyword (`[a-z][a-z0-9-]*`), `/{name}` per positional parameter, then named
/// parameters in parentheses: required `{name}`, defaulted `{name=1}`, optional `{name?}`,
/// repeated `{name*}`. `make` builds the route from the values and `match` takes them back out
/// (`nil` for another case); the router checks at start that the two agree.
public struct RoutePattern<Route: NavigationRoute>: Sendable {
    /// The template, as written.
    public let template: String
    /// The keyword: the template's first segment (empty when the template is malformed).
    public let keyword: String
    /// Other keywords that parse to this pattern, such as an old name; URLs print the keyword.
    public let aliases: [String]
    /// Whether external sources may construct the route, and whether `scheme://keyword/…`
    /// opens it as a one-route link.
    public let access: URLAccess
    /// How deep links treat the screen when they would remove or hide it.
    public let interruption: InterruptionPolicy
    /// Where a one-route link shows the route; only for `.external` patterns.
    public let placement: LinkPlacement
    @usableFromInline let parameters: [ParameterSpec]
    @usableFromInline let problems: [URLConfigurationProblem]
    @usableFromInline let make: @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Route
    @usableFromInline let values: @Sendable (Route) -> [[String]]?
    /// Creates the pattern of a route case with parameters: `make` builds the route from them, in
    /// template order (usually the case itself, `AppRoute.note(id:)`), and `match` returns them, or
    /// `nil` for another case. `aliases` also parse to the pattern; `access`, `interruption` and
    /// `placement` are as the properties say.
    @inlinable public init<each Value: URLParameter>(
        _ template: String,
        _ make: @escaping @Sendable (repeat each Value) -> Route,
        aliases: [String] = [],
        access: URLAccess = .internal,
        interruption: InterruptionPolicy = .allow,
        placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (repeat each Value)?
    ) {
        var types: [ParameterType] = []
        for type in repeat (each Value).self { types.append(ParameterType(type)) }
        self.init(
            template, types: types, aliases: aliases, access: access, interruption: interruption, placement: placement,
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
    }
    /// Creates the pattern of a route without parameters, such as `settings`.
    public init(
        _ template: String,
        _ route: Route,
        aliases: [String] = [],
        access: URLAccess = .internal,
        interruption: InterruptionPolicy = .allow,
        placement: LinkPlacement = .push
    ) {
        self.init(
            template, types: [], aliases: aliases, access: access, interruption: interruption, placement: placement,
            make: { _ in route }, values: { $0 == route ? [] : nil })
    }
    @usableFromInline init(
        _ template: String,
        types: [ParameterType],
        aliases: [String],
        access: URLAccess,
        interruption: InterruptionPolicy,
        placement: LinkPlacement,
        make: @escaping @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Route,
        values: @escaping @Sendable (Route) -> [[String]]?
    ) {
        var keyword = ""
        var parameters: [ParameterSpec] = []
        var problems: [URLConfigurationProblem] = []
        do throws(TemplateError) {
            let parsed = try RouteTemplate.parse(template)
            let bound = ParameterSpec.bind(parsed.placeholders, to: types, pattern: template)
            keyword = parsed.keyword
            parameters = bound.specs
            problems += bound.problems
        } catch {
            problems.append(.badTemplate(pattern: template, offset: error.offset))
        }
        for alias in aliases where !URLByte.isKeyword(alias) {
            problems.append(.badTemplate(pattern: alias, offset: 0))
        }
        self.template = template
        self.keyword = keyword
        self.aliases = aliases
        self.access = access
        self.interruption = interruption
        self.placement = placement
        self.parameters = parameters
        self.problems = problems
        self.make = make
        self.values = values
    }
}

/// Who may construct a route from a URL.
public enum URLAccess: Hashable, Sendable {
    /// Only the app itself (in-app URLs, relative paths, trusted sources).
    case `internal`
    /// External sources too: the route can be opened by a one-route link and can appear in an
    /// external state URL.
    case external
}
