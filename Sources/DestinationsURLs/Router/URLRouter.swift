// @inlinable: the scene lookup is specialised for the app's Route: url-link and url-state (Benchmarks/README.md, URLs).
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
    /// The limits ``parse(_:ids:limits:)`` applies unless told otherwise.
    public let limits: URLLimits
    /// Overlapping links that precedence resolves, for review.
    public let diagnostics: [URLDiagnostic]
    @usableFromInline let parsedPrefixes: [URLPrefix]
    @usableFromInline let routes: RouteTable<Route>
    @usableFromInline let trie: LinkTrie
    @usableFromInline let sceneNames: [[UInt8]]
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
        let links = links.links
        for link in links {
            problems += link.allProblems
            if let scene = link.scene, !names.contains(scene) {
                problems.append(.unknownLinkScene(pattern: link.template, scene: scene))
            }
        }
        var duplicates: [(Int, Int)] = []
        let trie = LinkTrie(links, duplicates: &duplicates)
        for (later, earlier) in duplicates {
            problems.append(.duplicateLink(pattern: links[later].template, existing: links[earlier].template))
        }
        let external = Set(routes.patterns.filter { $0.access == .external }.flatMap { [$0.keyword] + $0.aliases })
        let firsts = Set(links.compactMap { if case .constant(let first)? = $0.segments.first { first } else { nil } })
        for scene in scenes where external.contains(scene.name) || firsts.contains(scene.name) {
            problems.append(.sceneCollision(scene.name))
        }
        guard problems.isEmpty else { throw URLConfigurationError(problems: problems) }
        let diagnostics = trie.overlaps().map {
            URLDiagnostic.overlappingLinks(preferred: links[$0].template, other: links[$1].template)
        }
        (self.prefixes, self.parsedPrefixes, self.scenes, self.links) = (
            parsedPrefixes.map { $0.text }, parsedPrefixes, scenes, links
        )
        (self.limits, self.externalStateURLs, self.diagnostics) = (limits, externalStateURLs, diagnostics.uniqued)
        (self.routes, self.trie, sceneNames) = (routes, trie, scenes.map { Array($0.name.utf8) })
    }
    /// The scene kind named `name`.
    public func scene(named name: String) -> SceneKind<Route>? {
        scenes.first { $0.name == name }
    }
    /// The route pattern that prints `route`: the first whose `match` accepts it.
    public func pattern(for route: Route) -> RoutePattern<Route>? {
        routes.pattern(for: route)?.pattern
    }
    /// The scene whose name is `bytes[start..<end]`, in lower case when `fold`.
    @inlinable func scene(_ bytes: [UInt8], _ start: Int, _ end: Int, fold: Bool) -> SceneKind<Route>? {
        let text = bytes[start..<end]
        for (index, name) in sceneNames.enumerated() where name.count == text.count {
            if zip(name, text).allSatisfy({ $0 == (fold ? URLByte.lowercased($1) : $1) }) { return scenes[index] }
        }
        return nil
    }
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
