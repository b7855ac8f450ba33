public import Destinations

/// Turns URLs into navigation states and presentations, and states back into URLs: the pure
/// URL layer of a flow.
///
/// ```swift
/// let router = try URLRouter<AppRoute>(
///     prefixes: ["notes://", "https://notes.example.com/"],
///     scenes: [SceneKind("main", layout: AppLayout.main)], patterns: AppRoute.patterns, links: AppRoute.links)
/// try router.stateURL(for: flow.state, scene: "main")   // "notes://main/notes/notes/note/12"
/// ```
///
/// A router is a `Sendable` value, built once: building it validates the configuration. Parsing is
/// pure and nonisolated. A URL whose first component names a scene kind is a **state URL**
/// (``stateURL(for:scene:)``); any other is a **deep link** (``DeepLink``), or else a
/// **one-route link** to an external ``RoutePattern`` (`notes://note/12`). The first prefix
/// prints state URLs; share links prefer the first `https` prefix.
public struct URLRouter<Route: NavigationRoute>: Sendable {
    /// The prefixes, normalised: scheme and host in lower case.
    public let prefixes: [String]
    /// The scene kinds; the first is where deep links go unless they name another. A kind's
    /// layout is the *skeleton* of its state URLs: what equals it is left out.
    public let scenes: [SceneKind<Route>]
    /// The scene kinds whose state URLs external sources may open (none unless set: a state URL
    /// can name any screen); trusted sources and the app always may.
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
    /// Builds a router from its prefixes (`scheme://` or `https://host/…`; the first prints state
    /// URLs) and the properties above, and throws every problem found.
    public init(
        prefixes: [String],
        scenes: [SceneKind<Route>],
        patterns: RoutePatterns<Route>,
        links: DeepLinks<Route> = DeepLinks([]),
        limits: URLLimits = .external,
        externalStateURLs: Set<String> = []
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
            do {
                _ = try NavigationState(scene.layout, ids: &ids)
            } catch {
                if case .invalidLayout(let problem) = error {
                    problems.append(.badSceneLayout(scene: scene.name, problem))
                }
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
        var diagnostics: [URLDiagnostic] = []
        for (preferred, other) in trie.overlaps() {
            let diagnostic = URLDiagnostic.overlappingLinks(
                preferred: links[preferred].template, other: links[other].template)
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        (self.prefixes, self.parsedPrefixes, self.scenes, self.links) = (
            parsedPrefixes.map { $0.text }, parsedPrefixes, scenes, links
        )
        (self.limits, self.externalStateURLs, self.diagnostics) = (limits, externalStateURLs, diagnostics)
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
    @usableFromInline func scene(_ bytes: [UInt8], _ start: Int, _ end: Int, fold: Bool) -> SceneKind<Route>? {
        let name = bytes[start..<end]
        let index = sceneNames.firstIndex { $0.elementsEqual(name) { $0 == (fold ? URLByte.lowercased($1) : $1) } }
        return index.map { scenes[$0] }
    }
}
