// Performance: the url-link and url-state figures (Benchmarks/README.md, "URLs"): what the typed layer reads.
public import Destinations

/// Turns URLs into navigation states and presentations, and states back into URLs: a pure,
/// `Sendable` value, validated when built. A URL whose first component names a scene kind is a
/// **state URL**; any other is a **deep link**, or else a **one-route link** to an external
/// ``RoutePattern`` (`notes://note/12`).
public struct URLRouter<Route: NavigationRoute>: Sendable {
    /// The prefixes, normalised: scheme and host in lower case.
    public let prefixes: [String]
    /// The scene kinds, the first where deep links go; a kind's layout is its URLs' skeleton.
    public let scenes: [SceneKind<Route>]
    /// The scene kinds whose state URLs external sources may open; none unless set.
    public let externalStateURLs: Set<String>
    /// The deep links, in declaration order.
    public let links: [DeepLink<Route>]
    /// What a URL that nothing else takes opens (``DeepLinks/fallback``); `nil` for an error.
    public let fallback: LinkFallback<Route>?
    /// The limits ``parse(_:ids:limits:)`` applies unless told otherwise.
    public let limits: URLLimits
    /// Overlapping links that precedence resolves, for review.
    public let diagnostics: [URLDiagnostic]
    /// The matching, not generic: prefixes, scenes, the link trie and the route keywords.
    @usableFromInline let engine: URLEngine
    /// The scene layouts and every layout inside them, by the index their shapes name.
    @usableFromInline let layouts: [Layout<Route>]
    let routes: RouteTable<Route>
    /// The environment a link's closure reads (``DeepLink/init(_:sources:caseInsensitive:strictQuery:scene:hosts:withEnvironment:)``):
    /// the flow's, set by ``FlowURLs`` for each URL it opens.
    @usableFromInline var environment = FlowEnvironment()
    /// The route patterns, in declaration order.
    public var patterns: [RoutePattern<Route>] { routes.patterns }
    /// Builds a router from its prefixes (`scheme://` or `https://host/…`) and the properties above.
    public init(
        prefixes: [String], scenes: [SceneKind<Route>], patterns: RoutePatterns<Route>,
        links: DeepLinks<Route> = DeepLinks([]), limits: URLLimits = .external, externalStateURLs: Set<String> = []
    ) throws(URLConfigurationError) {
        var problems: [URLConfigurationProblem] = []
        let parsedPrefixes = prefixes.compactMap(URLPrefix.init)
        problems += prefixes.filter { URLPrefix($0) == nil }.map { .badPrefix($0) }
        if prefixes.isEmpty { problems.append(.noPrefix) }
        if scenes.isEmpty { problems.append(.noScene) }
        var names: Set<String> = []
        for scene in scenes {
            if !URLByte.isKeyword(scene.name) { problems.append(.badSceneName(scene.name)) }
            if !names.insert(scene.name).inserted { problems.append(.duplicateScene(scene.name)) }
            var ids = SequentialElementIDs()
            let built = Result { () throws(NavigationError) in try NavigationState(scene.layout, ids: &ids) }
            if case .failure(.invalidLayout(let problem)) = built {
                problems.append(.badSceneLayout(scene: scene.name, problem))
            }
        }
        for name in externalStateURLs.sorted() where !names.contains(name) { problems.append(.unknownScene(name)) }
        let routes = RouteTable(patterns.patterns, problems: &problems)
        for link in links.links {
            problems += link.allProblems
            if let scene = link.scene, !names.contains(scene) {
                problems.append(.unknownLinkScene(pattern: link.template, scene: scene))
            }
        }
        if let scene = links.fallback?.scene, !names.contains(scene) {
            problems.append(.unknownLinkScene(pattern: LinkFallback<Route>.pattern, scene: scene))
        }
        let trie = LinkTrie(links.links, problems: &problems)
        let external = Set(routes.patterns.filter { $0.access == .external }.flatMap { [$0.keyword] + $0.aliases })
        let firsts = Set(
            links.links.compactMap { if case .constant(let first)? = $0.segments.first { first } else { nil } })
        for scene in scenes where external.contains(scene.name) || firsts.contains(scene.name) {
            problems.append(.sceneCollision(scene.name))
        }
        guard problems.isEmpty else { throw URLConfigurationError(problems: problems) }
        let diagnostics = trie.overlaps().map {
            URLDiagnostic.overlappingLinks(preferred: links.links[$0].template, other: links.links[$1].template)
        }
        (self.prefixes, self.scenes, self.links) = (parsedPrefixes.map { $0.text }, scenes, links.links)
        fallback = links.fallback
        (self.limits, self.externalStateURLs, self.diagnostics) = (limits, externalStateURLs, diagnostics.uniqued)
        var layouts: [Layout<Route>] = []
        var screens: [Int] = []
        let shapes = scenes.map { $0.layout.shape(into: &layouts, screens: &screens) }
        self.routes = routes
        self.layouts = layouts
        engine = URLEngine(
            prefixes: parsedPrefixes, sceneNames: scenes.map(\.name), sceneShapes: shapes, layoutScreens: screens,
            links: links.links.map(\.shape), trie: trie, patterns: routes.table)
    }
    /// The scene kind named `name`.
    public func scene(named name: String) -> SceneKind<Route>? {
        scenes.first { $0.name == name }
    }
    /// The route pattern that prints `route`: the first whose `match` accepts it.
    public func pattern(for route: Route) -> RoutePattern<Route>? { routes.pattern(for: route)?.pattern }
}

/// Hard limits against hostile input (URLS.md §6.4), checked before work that grows with it.
public struct URLLimits: Hashable, Sendable {
    /// The most bytes a URL may have.
    public var bytes: Int
    /// The most path segments (`/`-separated).
    public var segments: Int
    /// The most bytes in one segment.
    public var segmentBytes: Int
    /// The deepest nesting of groups, nodes and modals.
    public var depth: Int
    /// The most screens in the resulting state.
    public var screens: Int
    /// The most query items.
    public var queryItems: Int
    /// The most bytes all parameters may decode to, together.
    public var parameterBytes: Int
    /// Creates limits; the defaults are those for external sources.
    public init(
        bytes: Int = 4_096, segments: Int = 128, segmentBytes: Int = 1_024, depth: Int = 16, screens: Int = 64,
        queryItems: Int = 32, parameterBytes: Int = 4_096
    ) {
        (self.bytes, self.segments, self.segmentBytes, self.depth) = (bytes, segments, segmentBytes, depth)
        (self.screens, self.queryItems, self.parameterBytes) = (screens, queryItems, parameterBytes)
    }
    /// The limits for external sources: the defaults.
    public static let external = URLLimits()
    /// The limits for the app itself and trusted sources.
    public static let trusted = URLLimits(
        bytes: 16_384, segments: 1_024, segmentBytes: 4_096, depth: 32, screens: 512, parameterBytes: 16_384)
}

extension URLRouter {
    /// Checks the router against the routes a flow can reach (given, and those of the scene
    /// layouts): a route no pattern or several patterns print, a route whose text does not parse
    /// back to it, a shared link that does not open its route, a tab id that is not a URL label.
    public func validate(routes: some Sequence<Route>) -> [URLConfigurationProblem] {
        var problems: [URLConfigurationProblem] = []
        for scene in scenes {
            for tab in Self.tabIDs(in: scene.layout) where !URLByte.isLabel(tab.rawValue) {
                problems.append(.tabIDNotURLSafe(tab))
            }
        }
        var seen: Set<Route> = []
        let all = scenes.flatMap { $0.layout.routes } + Array(routes)
        for route in all where seen.insert(route).inserted {
            let printing = self.routes.patterns.filter { $0.codec.values(route) != nil }
            guard printing.count == 1, let pattern = printing.first else {
                problems.append(
                    printing.isEmpty
                        ? .noURLPattern(route: route.name)
                        : .ambiguousRoute(route: route.name, patterns: printing.map { $0.template }))
                continue
            }
            var text: [UInt8] = []
            guard (try? self.routes.print(route, to: &text)) != nil else {
                problems.append(.roundTripMismatch(route: route.name, url: pattern.template))
                continue
            }
            let parsed = try? parseOneRoute(text, from: 0, to: text.count, limits: .trusted)
            if parsed != route {
                problems.append(.roundTripMismatch(route: route.name, url: String(decoding: text, as: UTF8.self)))
            }
            for link in links {
                guard let url = shareLink(for: route, with: link) else { continue }
                if (try? sharedRoute(in: url, link: link)) != route {
                    problems.append(.shareRoundTripMismatch(route: route.name, url: url))
                }
            }
        }
        return problems.uniqued
    }
    /// The canonical URL of a scene's whole state (URLS.md §4): the focus path
    /// (`notes://main/notes/notes/note/12/!sheet+large/edit/12`), what is off it in side groups,
    /// what equals the scene layout's default left out. Parsing it gives an equivalent state.
    public func stateURL(for state: NavigationState<Route>, scene: String) throws(URLPrintError) -> String {
        let path = try statePath(for: state, scene: scene)
        return prefixes[0] + scene + (path.isEmpty ? "" : "/" + path)
    }
    /// The path of ``stateURL(for:scene:)``, what follows `scheme://scene/`.
    public func statePath(for state: NavigationState<Route>, scene: String) throws(URLPrintError) -> String {
        guard let kind = self.scene(named: scene) else { throw .unknownScene(scene) }
        var printer = StateURLPrinter(routes: routes)
        try printer.root(state.root, layout: kind.layout)
        return String(decoding: printer.out, as: UTF8.self)
    }
    /// The canonical URL of the state cut at the screen `element`, for breadcrumbs.
    public func stateURL(for state: NavigationState<Route>, scene: String, upTo element: ElementID)
        throws(URLPrintError) -> String
    {
        guard let cut = state.cut(at: element) else { throw .notAWaypoint(element) }
        return try stateURL(for: cut, scene: scene)
    }
    /// The link that shares `route`, from the first `https` prefix (``DeepLink/shares(_:match:)``).
    public func shareLink(for route: Route) -> String? {
        links.lazy.compactMap { shareLink(for: route, with: $0) }.first
    }
    func shareLink(for route: Route, with link: DeepLink<Route>) -> String? {
        guard let share = link.share, let values = share.values(route), values.count == link.parameters.count else {
            return nil
        }
        var out: [UInt8]
        if let parameter = link.host?.parameter {
            // A link that reads its host prints the route's: `https://` and the value.
            let name = Array((values[parameter].first ?? "").lowercased().utf8)
            guard HostRule.isHost(name[...]), link.accepts(host: name[...]) else { return nil }
            out = Array("https://".utf8) + name + [UInt8(ascii: "/")]
        } else {
            let fixed = engine.prefixes.filter { $0.fixedHost != nil || ($0.isCustomScheme && link.host == nil) }
            guard
                let prefix = fixed.first(where: { $0.isHTTPS && link.accepts(host: $0.fixedHost?[...]) })
                    ?? fixed.first,
                link.accepts(host: prefix.fixedHost?[...])
            else { return nil }
            out = Array(prefix.text.utf8)
        }
        var segments: [[UInt8]] = []
        for segment in link.segments {
            switch segment {
            case .constant(let constant): segments.append(Array(constant.utf8))
            case .parameter(let index): segments.append(Self.printed(values[index].first ?? ""))
            case .compound(let compound):
                segments.append(compound.print(compound.parameters.map { values[$0].first ?? "" }))
            case .catchAll(let index) where link.parameters[index].type.multiplicity == .repeated:
                segments += values[index].map(Self.printed)
            case .catchAll(let index):
                segments += (values[index].first ?? "").split(separator: "/", omittingEmptySubsequences: false).map {
                    Self.printed(String($0))
                }
            }
        }
        for (position, segment) in segments.enumerated() {
            if position > 0 { out.append(UInt8(ascii: "/")) }
            out += segment
        }
        _ = link.parameters.appendNamed(values, open: UInt8(ascii: "?"), separator: UInt8(ascii: "&"), to: &out)
        return String(decoding: out, as: UTF8.self)
    }
    private static func printed(_ segment: String) -> [UInt8] {
        var out: [UInt8] = []
        PercentCoding.appendSegment(segment, to: &out)
        return out
    }
    private static func tabIDs(in layout: Layout<Route>) -> [TabID] {
        switch layout {
        case .screen, .stack: []
        case .tabs(let tabs, _): tabs.flatMap { [$0.id] + tabIDs(in: $0.layout) }
        case .split(let sidebar, let content, let detail, _):
            tabIDs(in: sidebar) + (content.map(tabIDs) ?? []) + (detail.map(tabIDs) ?? [])
        }
    }
    /// The route a shared link opens, built by the link's `shares`; `nil` for another link.
    func sharedRoute(in url: String, link expected: DeepLink<Route>) throws(DeepLinkError) -> Route? {
        var bytes = Array(url.utf8)
        guard let share = expected.share, let (prefix, rest, host) = try engine.matchPrefix(&bytes) else { return nil }
        let split = try LinkPath.split(
            bytes, rest, URLEngine.pathEnd(bytes, from: rest), hostFolding: prefix.isCustomScheme, limits: .trusted,
            constants: engine.trie.constants)
        let hostName = host.map { bytes[$0] }
        guard
            let index = engine.trie.match(
                split.segments, in: bytes, accept: { engine.links[$0].accepts(host: hostName) }),
            links[index].template == expected.template
        else { return nil }
        var reader = try engine.links[index].arguments(
            bytes, split.segments, split.query, host: host, limits: .trusted, environment: environment)
        return try share.make(&reader)
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, in order: O(n).
    var uniqued: [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
