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
    /// layout is the *skeleton* of its state URLs: a container that fits it prints without a
    /// kind marker, and whatever equals the layout's default is left out, so the first state of
    /// a scene prints as `scheme://name`.
    public let scenes: [SceneKind<Route>]
    /// The scene kinds whose state URLs sources outside the app may open. None unless set: a
    /// state URL can name any screen, while a deep link names only what its author chose.
    /// Trusted sources and the app always may.
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
    /// URLs), scene kinds, route patterns, deep links, parsing limits and the scene kinds
    /// whose state URLs external sources may open, and validates it.
    ///
    /// - Throws: ``URLConfigurationError`` with every problem found.
    public init(
        prefixes: [String],
        scenes: [SceneKind<Route>],
        patterns: RoutePatterns<Route>,
        links: DeepLinks<Route> = DeepLinks([]),
        limits: URLLimits = .external,
        externalStateURLs: Set<String> = []
    ) throws(URLConfigurationError) {
        var problems: [URLConfigurationProblem] = []
        var parsedPrefixes: [URLPrefix] = []
        for prefix in prefixes {
            if let parsed = URLPrefix(prefix) {
                parsedPrefixes.append(parsed)
            } else {
                problems.append(.badPrefix(prefix))
            }
        }
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
        var shapes: [[LinkTrie.ShapeSegment]?] = []
        for link in links {
            let linkProblems = link.allProblems
            problems += linkProblems
            if let scene = link.scene, !names.contains(scene) {
                problems.append(.unknownLinkScene(pattern: link.template, scene: scene))
            }
            shapes.append(linkProblems.isEmpty ? Self.shape(of: link) : nil)
        }
        var duplicates: [(Int, Int)] = []
        let trie = LinkTrie(shapes, caseInsensitive: links.map { $0.caseInsensitive }, duplicates: &duplicates)
        for (later, earlier) in duplicates {
            problems.append(.duplicateLink(pattern: links[later].template, existing: links[earlier].template))
        }
        let external = Set(routes.patterns.filter { $0.access == .external }.flatMap { [$0.keyword] + $0.aliases })
        let linkFirsts = Set(links.compactMap { $0.firstConstant })
        for scene in scenes where external.contains(scene.name) || linkFirsts.contains(scene.name) {
            problems.append(.sceneCollision(scene.name))
        }
        guard problems.isEmpty else { throw URLConfigurationError(problems: problems) }
        var diagnostics: [URLDiagnostic] = []
        var seen: Set<URLDiagnostic> = []
        for (preferred, other) in trie.overlaps() {
            let diagnostic = URLDiagnostic.overlappingLinks(
                preferred: links[preferred].template, other: links[other].template)
            if seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
        }
        self.prefixes = parsedPrefixes.map { $0.text }
        self.parsedPrefixes = parsedPrefixes
        self.scenes = scenes
        self.links = links
        self.limits = limits
        self.externalStateURLs = externalStateURLs
        self.diagnostics = diagnostics
        self.routes = routes
        self.trie = trie
        sceneNames = scenes.map { Array($0.name.utf8) }
    }
    @usableFromInline static func shape(of link: DeepLink<Route>) -> [LinkTrie.ShapeSegment] {
        link.segments.map { segment in
            switch segment {
            case .constant(let constant): .constant(constant)
            case .parameter(let index): .parameter(link.parameters[index].type)
            case .catchAll: .catchAll
            }
        }
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
        for (index, name) in sceneNames.enumerated() where name.count == end - start {
            var offset = 0
            while offset < name.count,
                name[offset] == (fold ? URLByte.lowercased(bytes[start + offset]) : bytes[start + offset])
            {
                offset += 1
            }
            if offset == name.count { return scenes[index] }
        }
        return nil
    }
}
