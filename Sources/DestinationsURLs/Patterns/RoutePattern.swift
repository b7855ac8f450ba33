// Performance: the url-state figure (Benchmarks/README.md, "URLs"): a pattern's closures are made in the app's module.
public import Destinations

/// The URL form of one route case: a keyword (`[a-z][a-z0-9-]*`), `/{name}` per positional
/// parameter, then named ones in parentheses, `{name}`, `{name=1}`, `{name?}` or `{name*}`.
///
/// ```swift
/// RoutePattern("note/{id}(tab={tab=1})", AppRoute.note(id:tab:)) {
///     if case .note(let id, let tab) = $0 { (id, tab) } else { nil }
/// }
/// ```
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
    let parameters: [ParameterSpec]
    /// The template's segments after the keyword: a parameter each, or several inside one
    /// (`@{user}`, `{user}@{host}`).
    let slots: [URLTemplate.Segment]
    let problems: [URLConfigurationProblem]
    @usableFromInline let codec: ParameterCodec<Route>
    /// Creates the pattern of a route case: `make` builds it, `match` takes it apart (`nil` for others).
    @inlinable public init<each Value: URLParameter>(
        _ template: String, _ make: @escaping @Sendable (repeat each Value) -> Route, aliases: [String] = [],
        access: URLAccess = .internal, interruption: InterruptionPolicy = .allow, placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (repeat each Value)?
    ) {
        self.init(
            template, ParameterCodec(make, match: match), aliases: aliases, access: access,
            interruption: interruption, placement: placement)
    }
    /// Creates the pattern of a route without parameters, such as `settings`.
    public init(
        _ template: String, _ route: Route, aliases: [String] = [], access: URLAccess = .internal,
        interruption: InterruptionPolicy = .allow, placement: LinkPlacement = .push
    ) {
        self.init(
            template, ParameterCodec(constant: route), aliases: aliases, access: access, interruption: interruption,
            placement: placement)
    }
    @usableFromInline init(
        _ template: String, _ codec: ParameterCodec<Route>, aliases: [String], access: URLAccess,
        interruption: InterruptionPolicy, placement: LinkPlacement
    ) {
        let (parsed, parameters, problems) = URLTemplate.compile(template, route: true, types: codec.types)
        let keyword = if case .constant(let first)? = parsed?.segments.first { first } else { "" }
        (self.template, self.keyword, self.aliases, self.access) = (template, keyword, aliases, access)
        let aliasProblems = aliases.filter { !URLByte.isKeyword($0) }.map {
            URLConfigurationProblem.badTemplate(pattern: $0, offset: 0)
        }
        (self.interruption, self.placement, self.parameters, self.problems) = (
            interruption, placement, parameters, problems + aliasProblems
        )
        self.codec = codec
        self.slots = Array(parsed?.segments.dropFirst() ?? [])
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

/// The route patterns of an app, one per route case: `RoutePatterns<AppRoute> { … }`.
public struct RoutePatterns<Route: NavigationRoute>: Sendable {
    /// The patterns, in declaration order.
    public let patterns: [RoutePattern<Route>]
    /// Collects the patterns the builder lists.
    public init(@RoutePatternBuilder<Route> _ content: () -> [RoutePattern<Route>]) { patterns = content() }
    /// Collects the given patterns.
    public init(_ patterns: [RoutePattern<Route>]) { self.patterns = patterns }
}

/// Builds the lists of ``RoutePatterns`` and ``DeepLinks``.
@resultBuilder
public enum URLDeclarationBuilder<Declaration> {
    /// One declaration.
    public static func buildExpression(_ declaration: Declaration) -> [Declaration] { [declaration] }
    /// Several patterns.
    public static func buildExpression<Route>(_ patterns: RoutePatterns<Route>) -> [Declaration]
    where Declaration == RoutePattern<Route> { patterns.patterns }
    /// Several links.
    public static func buildExpression<Route>(_ links: DeepLinks<Route>) -> [Declaration]
    where Declaration == DeepLink<Route> { links.links }
    /// The declarations of a block, in order.
    public static func buildBlock(_ parts: [Declaration]...) -> [Declaration] { parts.flatMap { $0 } }
    /// The declarations of an `if` without `else`.
    public static func buildOptional(_ part: [Declaration]?) -> [Declaration] { part ?? [] }
    /// The declarations of an `if` branch.
    public static func buildEither(first part: [Declaration]) -> [Declaration] { part }
    /// The declarations of an `else` branch.
    public static func buildEither(second part: [Declaration]) -> [Declaration] { part }
    /// The declarations of a `for` loop.
    public static func buildArray(_ parts: [[Declaration]]) -> [Declaration] { parts.flatMap { $0 } }
}

/// Builds a list of ``RoutePattern``s.
public typealias RoutePatternBuilder<Route: NavigationRoute> = URLDeclarationBuilder<RoutePattern<Route>>

/// The route patterns of a router, found by keyword (or alias).
struct RouteTable<Route: NavigationRoute>: Sendable {
    let patterns: [RoutePattern<Route>]
    /// The keywords and what parsing reads of each pattern, without the route type.
    let table: PatternTable
    /// Builds the table; reports keywords used twice.
    init(_ patterns: [RoutePattern<Route>], problems: inout [URLConfigurationProblem]) {
        self.patterns = patterns
        var keywords: [ArraySlice<UInt8>: Int] = [:]
        for (index, pattern) in patterns.enumerated() {
            problems += pattern.problems
            guard !pattern.keyword.isEmpty else { continue }
            for keyword in [pattern.keyword] + pattern.aliases where URLByte.isKeyword(keyword) {
                if keywords.updateValue(index, forKey: Array(keyword.utf8)[...]) != nil {
                    problems.append(.duplicateKeyword(keyword))
                }
            }
        }
        table = PatternTable(shapes: patterns.map(PatternShape.init), keywords: keywords)
    }
    /// The pattern whose keyword or alias is `bytes[start..<end]`, unreserved escapes decoded.
    func pattern(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? { table.pattern(bytes, start, end) }
    /// The first pattern that prints `route`, and the route's parameter texts: O(patterns).
    func pattern(for route: Route) -> (pattern: RoutePattern<Route>, values: [[String]])? {
        patterns.lazy.compactMap { pattern in pattern.codec.values(route).map { (pattern, $0) } }.first
    }
    func print(_ route: Route, to out: inout [UInt8]) throws(URLPrintError) {
        guard let (pattern, values) = pattern(for: route), values.count == pattern.parameters.count else {
            throw .noPattern(route: route.name)
        }
        // The parser refuses control characters, raw or encoded: a URL holding one would not read back.
        for (spec, texts) in zip(pattern.parameters, values)
        where texts.contains(where: { $0.utf8.contains(where: URLByte.isControl) }) {
            throw .controlCharacter(route: route.name, parameter: spec.name)
        }
        out += pattern.keyword.utf8
        for slot in pattern.slots {
            out.append(UInt8(ascii: "/"))
            switch slot {
            case .parameter(let index): PercentCoding.appendSegment(values[index].first ?? "", to: &out)
            case .compound(let compound): compound.printState(values, to: &out)
            case .constant, .catchAll: break
            }
        }
        if pattern.parameters.appendNamed(values, open: UInt8(ascii: "("), separator: UInt8(ascii: ","), to: &out) {
            out.append(UInt8(ascii: ")"))
        }
    }
}

extension [ParameterSpec] {
    /// Appends `key=value` for each named parameter not at its default; whether it appended any.
    func appendNamed(_ values: [[String]], open: UInt8, separator: UInt8, to out: inout [UInt8]) -> Bool {
        var any = false
        for (spec, texts) in zip(self, values) {
            guard let key = spec.key else { continue }
            if case .defaulted(let text) = spec.mode, texts == [text] { continue }
            for text in texts {
                out.append(any ? separator : open)
                any = true
                PercentCoding.appendComponent(key, to: &out)
                out.append(UInt8(ascii: "="))
                PercentCoding.appendComponent(text, to: &out)
            }
        }
        return any
    }
}
