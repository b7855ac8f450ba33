/// Turns URLs into navigation states and presentations, and states back into URLs: the pure
/// URL layer of a flow.
///
/// ```swift
/// let router = try URLRouter<AppRoute>(
///     prefixes: ["notes://", "https://notes.example.com/"],
///     scenes: [SceneKind("main", layout: NotesAppConfiguration.layout)],
///     patterns: AppRoute.patterns,
///     links: AppRoute.links
/// )
/// try router.stateURL(for: flow.state, scene: "main")   // "notes://main/notes/notes/note/12"
/// var ids = SequentialElementIDs()
/// let parsed = try router.parse("https://notes.example.com/notes/12", ids: &ids)
/// ```
///
/// A router is a `Sendable` value, built once: building it validates the configuration and
/// throws every problem it finds. Everything it does is pure and nonisolated, so a
/// notification extension can parse a URL off the main actor; only applying the result needs a
/// ``Flow``.
///
/// - The first prefix is used to print state URLs; share links prefer the first `https`
///   prefix.
/// - A URL whose first component (a custom scheme's host, or the first path segment after an
///   `https` prefix) names a scene kind is a **state URL** of that scene (``stateURL(for:scene:)``).
/// - Any other URL is a **deep link** (``DeepLink``), or else a **one-route link** to an
///   external ``RoutePattern`` (`notes://note/12`).
public struct URLRouter<Route: NavigationRoute>: Sendable {
    /// The prefixes, normalised: scheme and host in lower case.
    @inlinable public var prefixes: [String] { storage.prefixes }
    /// The scene kinds; the first is where deep links go.
    @inlinable public var scenes: [SceneKind<Route>] { storage.scenes }
    /// The deep links, in declaration order.
    @inlinable public var links: [DeepLink<Route>] { storage.links }
    /// The limits ``parse(_:ids:limits:)`` applies unless told otherwise.
    @inlinable public var limits: URLLimits { storage.limits }
    /// Overlapping links that precedence resolves, for review.
    @inlinable public var diagnostics: [URLDiagnostic] { storage.diagnostics }

    @inlinable var parsedPrefixes: [URLPrefix] { storage.parsedPrefixes }
    @inlinable var routes: RouteTable<Route> { storage.routes }
    @inlinable var trie: LinkTrie { storage.trie }
    @inlinable var sceneNames: [[UInt8]] { storage.sceneNames }

    /// Everything the router holds, behind one reference: parsing passes and captures the
    /// router, and copying one reference costs less than retaining each of its tables.
    @usableFromInline
    let storage: URLRouterStorage<Route>

    /// The route patterns, in declaration order.
    public var patterns: [RoutePattern<Route>] { routes.patterns }

    /// Builds a router and validates its configuration.
    ///
    /// - Parameters:
    ///   - prefixes: The URL prefixes the app owns: `scheme://` or `https://host/` (with an
    ///     optional path). The first prints state URLs.
    ///   - scenes: The scene kinds; each layout is the skeleton of the kind's state URLs.
    ///   - patterns: One pattern per route case.
    ///   - links: The deep links.
    ///   - limits: The limits for parsing, by default those for external sources.
    /// - Throws: ``URLConfigurationError`` with every problem found: bad templates, keywords
    ///   used twice, links of the same shape, scene names that collide with links or external
    ///   keywords, bad prefixes.
    public init(
        prefixes: [String],
        scenes: [SceneKind<Route>],
        patterns: RoutePatterns<Route>,
        links: DeepLinks<Route> = DeepLinks([]),
        limits: URLLimits = .external
    ) throws(URLConfigurationError) {
        var problems: [URLConfigurationProblem] = []
        var parsedPrefixes: [URLPrefix] = []
        for prefix in prefixes {
            if let parsed = URLPrefix(prefix) { parsedPrefixes.append(parsed) } else { problems.append(.badPrefix(prefix)) }
        }
        if prefixes.isEmpty { problems.append(.noPrefix) }
        if scenes.isEmpty { problems.append(.noScene) }
        var names: Set<String> = []
        for scene in scenes {
            if !URLByte.isKeyword(scene.name) { problems.append(.badSceneName(scene.name)) }
            if !names.insert(scene.name).inserted { problems.append(.duplicateScene(scene.name)) }
            var ids = SequentialElementIDs()
            do {
                _ = try scene.layout.makeNode(ids: &ids)
            } catch {
                if case .invalidLayout(let problem) = error { problems.append(.badSceneLayout(scene: scene.name, problem)) }
            }
        }
        let routes = RouteTable(patterns.patterns, problems: &problems)
        let links = links.links
        var shapes: [[LinkTrie.ShapeSegment]?] = []
        for link in links {
            let linkProblems = link.allProblems
            problems += linkProblems
            shapes.append(linkProblems.isEmpty ? Self.shape(of: link) : nil)
        }
        let (trie, duplicates, overlaps) = LinkTrie.build(shapes, caseInsensitive: links.map { $0.caseInsensitive })
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
        for (preferred, other) in overlaps {
            let diagnostic = URLDiagnostic.overlappingLinks(preferred: links[preferred].template, other: links[other].template)
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        storage = URLRouterStorage(
            parsedPrefixes: parsedPrefixes,
            scenes: scenes,
            links: links,
            limits: limits,
            diagnostics: diagnostics,
            routes: routes,
            trie: trie
        )
    }

    private static func shape(of link: DeepLink<Route>) -> [LinkTrie.ShapeSegment] {
        link.segments.map { segment in
            switch segment {
            case .constant(let constant): .constant(Array(constant.utf8))
            case .parameter(let index): .parameter(link.parameters[index].type)
            case .catchAll: .catchAll
            }
        }
    }

    /// The scene kind named `name`.
    public func scene(named name: String) -> SceneKind<Route>? {
        scenes.first { $0.name == name }
    }

    /// The index of the scene whose name is `bytes[start..<end]`, in lower case when `fold`.
    @usableFromInline
    func sceneIndex(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, fold: Bool) -> Int? {
        let length = end - start
        for (index, name) in sceneNames.enumerated() where name.count == length {
            var equal = true
            for offset in 0..<length {
                let byte = fold ? URLByte.lowercased(bytes[start + offset]) : bytes[start + offset]
                if byte != name[offset] {
                    equal = false
                    break
                }
            }
            if equal { return index }
        }
        return nil
    }

    /// The text a state URL of `scene` starts with: the first prefix, then the scene.
    func stateURLPrefix(_ scene: String) -> [UInt8] {
        Array(prefixes[0].utf8) + Array(scene.utf8)
    }
}

extension DeepLink {
    /// The first constant, which must not be a scene's name.
    var firstConstant: String? {
        if case .constant(let constant)? = segments.first { return constant }
        return nil
    }
}

/// What a ``URLRouter`` holds.
@usableFromInline
final class URLRouterStorage<Route: NavigationRoute>: Sendable {
    @usableFromInline let prefixes: [String]
    @usableFromInline let scenes: [SceneKind<Route>]
    @usableFromInline let links: [DeepLink<Route>]
    @usableFromInline let limits: URLLimits
    @usableFromInline let diagnostics: [URLDiagnostic]
    @usableFromInline let parsedPrefixes: [URLPrefix]
    @usableFromInline let routes: RouteTable<Route>
    @usableFromInline let trie: LinkTrie
    @usableFromInline let sceneNames: [[UInt8]]

    init(
        parsedPrefixes: [URLPrefix],
        scenes: [SceneKind<Route>],
        links: [DeepLink<Route>],
        limits: URLLimits,
        diagnostics: [URLDiagnostic],
        routes: RouteTable<Route>,
        trie: LinkTrie
    ) {
        prefixes = parsedPrefixes.map { $0.text }
        self.parsedPrefixes = parsedPrefixes
        self.scenes = scenes
        self.links = links
        self.limits = limits
        self.diagnostics = diagnostics
        self.routes = routes
        self.trie = trie
        sceneNames = scenes.map { Array($0.name.utf8) }
    }
}
