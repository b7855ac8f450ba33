import Destinations

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
            let parsed = try? StateURLParser<Route, SequentialElementIDs>.parseOneRoute(
                text, from: 0, to: text.count, routes: self.routes, limits: .trusted)
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
    private static func tabIDs(in layout: Layout<Route>) -> [TabID] {
        switch layout {
        case .screen, .stack: []
        case .tabs(let tabs, _): tabs.flatMap { [$0.id] + tabIDs(in: $0.layout) }
        case .split(let sidebar, let content, let detail):
            tabIDs(in: sidebar) + (content.map(tabIDs) ?? []) + (detail.map(tabIDs) ?? [])
        }
    }
    /// The route a shared link opens, built by the link's `shares`; `nil` for another link.
    func sharedRoute(in url: String, link expected: DeepLink<Route>) throws(DeepLinkError) -> Route? {
        let bytes = Array(url.utf8)
        guard let share = expected.share, let (prefix, rest) = try matchPrefix(bytes) else { return nil }
        let queryStart = Self.pathEnd(bytes, from: rest)
        let (segments, _, query) = try Self.split(
            bytes, rest, queryStart, hostFolding: prefix.isCustomScheme, limits: .trusted)
        guard let index = trie.match(segments, in: bytes), links[index].template == expected.template else {
            return nil
        }
        var reader = try arguments(of: index, bytes, segments, query, limits: .trusted)
        return try share.make(&reader)
    }
}

extension Array where Element: Equatable {
    /// The elements without repeats, in order.
    var uniqued: [Element] { reduce(into: []) { if !$0.contains($1) { $0.append($1) } } }
}
