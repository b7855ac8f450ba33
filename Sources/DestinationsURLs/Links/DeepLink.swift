// Performance: the url-link figure (Benchmarks/README.md, "URLs"): a link's closures are made in the app's module.
public import Destinations

/// A web-style URL that maps typed parameters to a target in the navigation tree:
/// `DeepLink("notes/{id}") { (id: Int) in .inTab(.notes, [.notes, .note(id: id)]) }`.
///
/// The template is `[//host/][/]segment(/segment)*[?key={name}(&key={name})*]`: constants, typed
/// segments `{name}`, segments with constants around typed parameters (`@{user}`, `{user}@{host}`),
/// a last catch-all `{name...}`, and query items `{page=1}`, `{q?}` or `{tag*}`. A host is `*`,
/// `*.example.com`, `example.com` or `{name}` (read as a parameter, in lower case). At each segment
/// a constant is tried first, then segments with constants (more parameters first, then more
/// constant bytes: `@{user}@{server}` before `@{user}`), then integers,
/// `UUID`, `Bool`, `Double`, other types, `String`, then a catch-all, backtracking when a later
/// segment fails. Links of one shape are tried in declaration order: the first whose host fits
/// and whose closure does not decline (``init(_:sources:caseInsensitive:strictQuery:scene:hosts:deciding:)``) wins.
public struct DeepLink<Route: NavigationRoute>: Sendable {
    /// What matching reads, without the route type; shared with the router's engine, so that a
    /// copy of the link is a few retains.
    let shape: LinkShape
    /// The template, as written.
    public var template: String { shape.template }
    /// The external sources that may open the link; `nil` for any. The flow enforces it.
    public var sources: Set<ExternalSource>? { shape.sources }
    /// Whether the link's constants match in any ASCII case.
    public var caseInsensitive: Bool { shape.caseInsensitive }
    /// Whether a query item the template does not declare refuses the URL.
    public var strictQuery: Bool { shape.strictQuery }
    /// The scene kind the link opens in; `nil` for the router's first.
    public var scene: String? { shape.scene }
    /// The run-time set of hosts the link accepts, besides its template's host; `nil` for any.
    public var hosts: KnownHosts? { shape.hosts }
    /// Whether the link's closure may decline a URL its template matched.
    public var declines: Bool { shape.declines }
    var segments: [URLTemplate.Segment] { shape.segments }
    var host: HostTemplate? { shape.host }
    var parameters: [ParameterSpec] { shape.parameters }
    var problems: [URLConfigurationProblem] { shape.problems }
    @usableFromInline let codec: ParameterCodec<LinkTarget<Route>?>
    @usableFromInline var share: ParameterCodec<Route>?
    /// Creates a link from its template (`notes/{id}`) and a closure from its parameters to its target.
    @inlinable public init<each Value: URLParameter>(
        _ template: String, sources: Set<ExternalSource>? = nil, caseInsensitive: Bool = false,
        strictQuery: Bool = false, scene: String? = nil, hosts: KnownHosts? = nil,
        _ target: @escaping @Sendable (repeat each Value) -> LinkTarget<Route>
    ) {
        self.init(
            template, ParameterCodec({ (value: repeat each Value) in target(repeat each value) }, match: { _ in nil }),
            sources: sources, caseInsensitive: caseInsensitive, strictQuery: strictQuery, scene: scene, hosts: hosts,
            declines: false)
    }
    /// Creates a link whose closure decides: it returns `nil` for a URL that is not its own
    /// ("not mine"), and the next link that matches is tried — links of the same shape in
    /// declaration order, then less specific shapes, then one-route links, then the fallback.
    @inlinable public init<each Value: URLParameter>(
        _ template: String, sources: Set<ExternalSource>? = nil, caseInsensitive: Bool = false,
        strictQuery: Bool = false, scene: String? = nil, hosts: KnownHosts? = nil,
        deciding target: @escaping @Sendable (repeat each Value) -> LinkTarget<Route>?
    ) {
        self.init(
            template, ParameterCodec(target, match: { _ in nil }), sources: sources, caseInsensitive: caseInsensitive,
            strictQuery: strictQuery, scene: scene, hosts: hosts, declines: true)
    }
    /// Creates a link whose closure also reads the flow's environment
    /// (``/Destinations/FlowConfiguration/environment``), handed to it rather than captured: the server
    /// of the signed-in account, to tell a local account from a remote one. Like a deciding
    /// link, it may return `nil` for a URL that is not its own.
    ///
    /// ```swift
    /// DeepLink("@{user}") { (environment: FlowEnvironment, user: String) in
    ///     let server = environment[AppSession.self]?.server ?? "mastodon.social"
    ///     return .push(.account(user, server: server))
    /// }
    /// ```
    ///
    /// ``FlowURLs`` hands it the flow's environment for each URL it opens; a router used alone
    /// hands it an empty one. Objects read here must be safe to read from any thread.
    @inlinable public init<each Value: URLParameter>(
        _ template: String, sources: Set<ExternalSource>? = nil, caseInsensitive: Bool = false,
        strictQuery: Bool = false, scene: String? = nil, hosts: KnownHosts? = nil,
        withEnvironment target: @escaping @Sendable (FlowEnvironment, repeat each Value) -> LinkTarget<Route>?
    ) {
        self.init(
            template, ParameterCodec(environment: target), sources: sources, caseInsensitive: caseInsensitive,
            strictQuery: strictQuery, scene: scene, hosts: hosts, declines: true)
    }
    @usableFromInline init(
        _ template: String, _ codec: ParameterCodec<LinkTarget<Route>?>, sources: Set<ExternalSource>?,
        caseInsensitive: Bool, strictQuery: Bool, scene: String?, hosts: KnownHosts?, declines: Bool
    ) {
        self.codec = codec
        shape = LinkShape(
            template: template, types: codec.types, sources: sources, caseInsensitive: caseInsensitive,
            strictQuery: strictQuery, scene: scene, hosts: hosts, declines: declines)
    }
    /// Whether the link takes every URL of its shape: it never declines and accepts any host.
    var takesEveryMatch: Bool { !declines && hosts == nil && (host?.rule ?? .any) == .any }
    /// Whether the link accepts the URL's host (`nil` for a custom scheme, which has none).
    func accepts(host name: ArraySlice<UInt8>?) -> Bool { shape.accepts(host: name) }
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
        let mismatch = problems.isEmpty && share.map { $0.types.map(\.identity) != codec.types.map(\.identity) } == true
        return problems + (mismatch ? [.shareMismatch(pattern: template)] : [])
    }
}

/// The deep links of an app, listed in a builder block: `DeepLinks<AppRoute> { DeepLink(…) { … } }`,
/// and what a URL that none of them takes opens (`DeepLinks(fallback: …) { … }`).
public struct DeepLinks<Route: NavigationRoute>: Sendable {
    /// The links, in declaration order.
    public let links: [DeepLink<Route>]
    /// What a URL opens that no link, one-route link or prefix takes; `nil` for an error.
    public let fallback: LinkFallback<Route>?
    /// Collects the links the builder lists, and the fallback.
    public init(fallback: LinkFallback<Route>? = nil, @DeepLinkBuilder<Route> _ content: () -> [DeepLink<Route>]) {
        (links, self.fallback) = (content(), fallback)
    }
    /// Collects the given links, and the fallback.
    public init(_ links: [DeepLink<Route>], fallback: LinkFallback<Route>? = nil) {
        (self.links, self.fallback) = (links, fallback)
    }
}

/// What a URL opens when nothing else takes it, an in-app browser for one:
/// `LinkFallback { url in .sheet(.browser(url)) }`. It is judged like any link: its `sources`, the
/// guards, the screens in its way; its closure may decline (`nil`), and the URL is refused. A URL
/// that breaks the grammar or the limits is refused before any link or the fallback sees it.
public struct LinkFallback<Route: NavigationRoute>: Sendable {
    /// The name requests and events give the fallback where a link gives its template.
    public static var pattern: String { "(fallback)" }
    /// The external sources that may open it; `nil` for any.
    public let sources: Set<ExternalSource>?
    /// The scene kind it opens in; `nil` for the router's first.
    public let scene: String?
    let target: @Sendable (String) -> LinkTarget<Route>?
    /// Creates the fallback from a closure from the whole URL to its target, or `nil` to decline.
    public init(
        sources: Set<ExternalSource>? = nil, scene: String? = nil,
        _ target: @escaping @Sendable (String) -> LinkTarget<Route>?
    ) {
        (self.sources, self.scene, self.target) = (sources, scene, target)
    }
}

/// Builds a list of ``DeepLink``s.
public typealias DeepLinkBuilder<Route: NavigationRoute> = URLDeclarationBuilder<DeepLink<Route>>

/// What a URL asks for (``URLRouter/parse(_:ids:limits:)``): a deep link, or a whole state.
public enum ParsedURL<Route: NavigationRoute>: Sendable, Equatable {
    /// A deep link, or a one-route link to an external route pattern (`notes://note/12`).
    case link(LinkMatch<Route>)
    /// A canonical state URL: the scene kind and the state it describes, with fresh ids.
    case state(scene: String, NavigationState<Route>)
}

/// What the flow does with a URL: apply a presentation, or merge a state.
public enum NavigationTarget<Route: NavigationRoute>: Sendable, Equatable {
    /// A presentation, applied from the focused screen, or a relative path's anchor.
    case presentation(Presentation<Route>)
    /// A state of the scene, to merge: elements that did not change keep their ids.
    case state(NavigationState<Route>)
}

/// Where a deep link leads in the navigation tree: one `Presentation`, or a state path.
///
/// A target is one reference, which a match copies with a retain: a presentation is a box of
/// its own, and every other case is held in one.
public enum LinkTarget<Route: NavigationRoute>: Sendable, Equatable {
    /// Dismisses every modal, selects the tab, shows exactly `routes` in it, then runs `then`.
    indirect case inTab(TabID, [Route], then: Presentation<Route>? = nil)
    /// Dismisses every modal and shows `routes` in the column, the first in place, the others pushed.
    indirect case inColumn(SplitColumn, [Route])
    /// Runs the presentation from the focused screen, on top of whatever the user is doing.
    case presentation(Presentation<Route>)
    /// A state path of the link's scene (after `scheme://scene/`), merged with the current state.
    indirect case state(String)
    /// Replaces the whole state with the layout.
    indirect case replace(Layout<Route>)
    /// Asks something asynchronous first and opens the target it answers (``resolving(_:_:)``).
    indirect case resolution(LinkResolution<Route>)
    /// Asks something asynchronous first — a server: what does this URL point to? — and opens
    /// the target it answers; `nil` hands the URL to the router's fallback, else refuses it
    /// with `NavigationError.resolutionDeclined`. Only `FlowURLs.openAwaitingGuards` opens it:
    /// as one request, cancellable, superseded by a newer link, timed out on the flow's clock.
    public static func resolving(
        _ name: String, _ resolve: @escaping @Sendable () async throws -> LinkTarget<Route>?
    ) -> LinkTarget {
        .resolution(LinkResolution(name, resolve))
    }
    /// Pushes the route from the focused screen.
    public static func push(_ route: Route) -> LinkTarget { .presentation(.push(route)) }
    /// Presents the route in a sheet over the focused screen.
    public static func sheet(_ route: Route, _ options: SheetOptions = SheetOptions()) -> LinkTarget {
        .presentation(.sheet(route, options))
    }
    /// Presents the route in a full-screen cover over the focused screen.
    public static func fullScreenCover(_ route: Route) -> LinkTarget { .presentation(.fullScreenCover(route)) }
    /// Presents the route as an alert over the focused screen.
    public static func alert(_ route: Route) -> LinkTarget { .presentation(.alert(route)) }
    /// The presentation the target compiles to; `nil` for ``state(_:)``, which the flow merges.
    public var presentation: Presentation<Route>? {
        switch self {
        case .inTab(let tab, let routes, let then):
            .path([.dismissAll, .selectTab(tab), .setStack(routes)] + (then.map { [$0] } ?? []))
        case .inColumn(let column, let routes):
            .path(
                [.dismissAll] + (routes.first.map { [.show($0, in: column)] } ?? [.setStack([])])
                    + routes.dropFirst().map { .push($0) })
        case .presentation(let presentation): presentation
        case .state, .resolution: nil
        case .replace(let layout): .replaceRoot(layout)
        }
    }
}
