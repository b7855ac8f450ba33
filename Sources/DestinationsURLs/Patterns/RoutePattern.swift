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
    /// Whether external sources may construct the route, and open it as `scheme://keyword/…`.
    public let access: URLAccess
    /// How deep links treat the screen when they would remove or hide it.
    public let interruption: InterruptionPolicy
    /// Where a one-route link shows the route; only for `.external` patterns.
    public let placement: LinkPlacement
    @usableFromInline let parameters: [ParameterSpec]
    @usableFromInline let problems: [URLConfigurationProblem]
    @usableFromInline let codec: ParameterCodec<Route>
    /// Creates the pattern of a route case with parameters: `make` builds the route from them, in
    /// template order (usually the case itself, `AppRoute.note(id:)`), and `match` returns them,
    /// or `nil` for another case.
    @inlinable public init<each Value: URLParameter>(
        _ template: String,
        _ make: @escaping @Sendable (repeat each Value) -> Route,
        aliases: [String] = [],
        access: URLAccess = .internal,
        interruption: InterruptionPolicy = .allow,
        placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (repeat each Value)?
    ) {
        self.init(
            template, ParameterCodec(make, match: match), aliases: aliases, access: access,
            interruption: interruption, placement: placement)
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
            template, ParameterCodec(constant: route), aliases: aliases, access: access, interruption: interruption,
            placement: placement)
    }
    @usableFromInline init(
        _ template: String, _ codec: ParameterCodec<Route>, aliases: [String], access: URLAccess,
        interruption: InterruptionPolicy, placement: LinkPlacement
    ) {
        var keyword = ""
        var parameters: [ParameterSpec] = []
        var problems: [URLConfigurationProblem] = []
        do throws(TemplateError) {
            let parsed = try URLTemplate(template, route: true)
            if case .constant(let first)? = parsed.segments.first { keyword = first }
            (parameters, problems) = ParameterSpec.bind(parsed.placeholders, to: codec.types, pattern: template)
        } catch {
            problems.append(.badTemplate(pattern: template, offset: error.offset))
        }
        for alias in aliases where !URLByte.isKeyword(alias) {
            problems.append(.badTemplate(pattern: alias, offset: 0))
        }
        (self.template, self.keyword, self.aliases, self.access) = (template, keyword, aliases, access)
        (self.interruption, self.placement, self.parameters, self.problems) = (
            interruption, placement, parameters, problems
        )
        self.codec = codec
    }
}

/// Who may construct a route from a URL.
public enum URLAccess: Hashable, Sendable {
    /// Only the app itself (in-app URLs, relative paths, trusted sources).
    case `internal`
    /// External sources too: in a one-route link or an external state URL.
    case external
}

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

/// The route patterns of an app, one per route case, listed in a builder block:
/// `RoutePatterns<AppRoute> { RoutePattern("notes", .notes); … }`.
public struct RoutePatterns<Route: NavigationRoute>: Sendable {
    /// The patterns, in declaration order.
    public let patterns: [RoutePattern<Route>]
    /// Collects the patterns the builder lists.
    public init(@RoutePatternBuilder<Route> _ content: () -> [RoutePattern<Route>]) {
        patterns = content()
    }
    /// Collects the given patterns.
    public init(_ patterns: [RoutePattern<Route>]) {
        self.patterns = patterns
    }
}

/// Builds a list of ``RoutePattern``s.
@resultBuilder
public enum RoutePatternBuilder<Route: NavigationRoute> {
    /// One pattern.
    public static func buildExpression(_ pattern: RoutePattern<Route>) -> [RoutePattern<Route>] { [pattern] }
    /// Several patterns.
    public static func buildExpression(_ patterns: RoutePatterns<Route>) -> [RoutePattern<Route>] { patterns.patterns }
    /// The patterns of a block, in order.
    public static func buildBlock(_ parts: [RoutePattern<Route>]...) -> [RoutePattern<Route>] { parts.flatMap { $0 } }
    /// The patterns of an `if` without `else`.
    public static func buildOptional(_ part: [RoutePattern<Route>]?) -> [RoutePattern<Route>] { part ?? [] }
    /// The patterns of an `if` branch.
    public static func buildEither(first part: [RoutePattern<Route>]) -> [RoutePattern<Route>] { part }
    /// The patterns of an `else` branch.
    public static func buildEither(second part: [RoutePattern<Route>]) -> [RoutePattern<Route>] { part }
    /// The patterns of a `for` loop.
    public static func buildArray(_ parts: [[RoutePattern<Route>]]) -> [RoutePattern<Route>] { parts.flatMap { $0 } }
}
