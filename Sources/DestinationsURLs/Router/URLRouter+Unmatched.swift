// Performance: the url-link and url-state figures (Benchmarks/README.md, "URLs"): the slower path beside the typed layer.
import Destinations

extension URLRouter {
    /// What a URL that no scene and no link took opens: a one-route link, the fallback, or an error.
    @usableFromInline func parseUnmatched(_ url: String, _ location: URLLocation, limits: URLLimits)
        throws(DeepLinkError) -> ParsedURL<Route>
    {
        switch location {
        case .noPrefix(let bytes):
            // Only a web URL the router has no prefix for reaches the fallback: never another
            // scheme (`javascript:`, `mailto:`), a bad host or a control byte.
            if URLByte.isWebURL(bytes), let match = try fallbackMatch(url, host: nil) { return .link(match) }
            throw .unknownPrefix
        case .unmatched(let bytes, let rest, let pathEnd, let host, let hostFolding):
            if let split = try? LinkPath.split(
                bytes, rest, pathEnd, hostFolding: hostFolding, limits: limits, constants: engine.trie.constants)
            {
                do throws(DeepLinkError) {
                    if let match = try oneRouteLink(bytes, rest, split.end, limits: limits) { return .link(match) }
                } catch {
                    try diagnose(bytes, rest, pathEnd, host: host, hostFolding: hostFolding, limits: limits)
                    throw error
                }
            }
            if let match = try fallbackMatch(url, host: host.map { bytes.echo($0.lowerBound, $0.upperBound) }) {
                return .link(match)
            }
            // A typed segment may have refused its value: matching loosely and decoding says which.
            try diagnose(bytes, rest, pathEnd, host: host, hostFolding: hostFolding, limits: limits)
            let end = pathEnd > rest && bytes[pathEnd - 1] == UInt8(ascii: "/") ? pathEnd - 1 : pathEnd
            throw .noMatchingLink(path: bytes.echo(rest, end))
        case .state, .link:
            // The typed layer answers these; a link whose closure gave no target is not one.
            throw .noMatchingLink(path: url)
        }
    }
    /// Throws the error of the link that would match if its typed segments took any value.
    func diagnose(
        _ bytes: [UInt8], _ start: Int, _ queryStart: Int, host: Range<Int>?, hostFolding: Bool, limits: URLLimits
    ) throws(DeepLinkError) {
        guard
            let split = try? LinkPath.split(
                bytes, start, queryStart, hostFolding: hostFolding, limits: limits, constants: engine.trie.constants),
            let index = engine.trie.match(
                split.segments, in: bytes, loose: true,
                accept: { engine.links[$0].accepts(host: host.map { bytes[$0] }) })
        else { return }
        var reader = try engine.links[index].arguments(
            bytes, split.segments, split.query, host: host, limits: limits, environment: environment)
        _ = try links[index].codec.make(&reader)
    }
    /// The fallback's match for a URL nothing else takes; `nil` without a fallback, or when it declines.
    func fallbackMatch(_ url: String, host: String?) throws(DeepLinkError) -> LinkMatch<Route>? {
        guard let fallback, let target = fallback.target(url) else { return nil }
        let scene = fallback.scene ?? scenes[0].name
        var state: NavigationState<Route>?
        if case .state(let path) = target {
            var ids = SequentialElementIDs()
            state = try parseState(path: path, scene: scene, ids: &ids, limits: limits)
        }
        return LinkMatch(
            pattern: LinkFallback<Route>.pattern, kind: .fallback, scene: scene, target: target, state: state,
            sources: fallback.sources, host: host, declaredScene: fallback.scene)
    }
    /// A one-route link: an external route pattern's text after the prefix (`notes://note/12`).
    func oneRouteLink(_ bytes: [UInt8], _ start: Int, _ end: Int, limits: URLLimits) throws(DeepLinkError)
        -> LinkMatch<Route>?
    {
        var keywordEnd = start
        while keywordEnd < end, bytes[keywordEnd] != UInt8(ascii: "/"), bytes[keywordEnd] != UInt8(ascii: "(") {
            keywordEnd += 1
        }
        guard let index = routes.pattern(bytes, start, keywordEnd), routes.patterns[index].access == .external else {
            return nil
        }
        let pattern = routes.patterns[index]
        let route = try parseOneRoute(bytes, from: start, to: end, limits: limits)
        return LinkMatch(
            pattern: pattern.template, kind: .routePattern, scene: scenes[0].name,
            target: .presentation(presentation(of: route, placedAt: pattern.placement)), state: nil, sources: nil)
    }
    /// Parses `bytes[start..<end]` as one route's text: a one-route link, or a printed route read back.
    func parseOneRoute(_ bytes: [UInt8], from start: Int, to end: Int, limits: URLLimits) throws(DeepLinkError)
        -> Route
    {
        try StateURLScanner.prescan(bytes, start, end, limits: limits)
        var scan = StateURLScanner(bytes, start, end, patterns: engine.patterns, limits: limits)
        var route: Route?
        try scan.parseRoute { (pattern, reader) throws(DeepLinkError) in
            route = try routes.patterns[pattern].codec.make(&reader)
        }
        if scan.position != end { throw .malformed(.trailingInput, offset: scan.position) }
        guard let route else { throw .unknownRoute(keyword: bytes.echo(start, end), offset: start) }
        return route
    }
    /// A one-route link's presentation; a tab's root route selects the tab and pops to it.
    func presentation(of route: Route, placedAt placement: LinkPlacement) -> Presentation<Route> {
        var ids = SequentialElementIDs()
        if case .inTab(let tab) = placement,
            let root = (try? NavigationState(scenes[0].layout, ids: &ids))?.node(inTab: tab),
            (root.route ?? root.stack?.elements.first?.route) == route
        {
            return .path([.dismissAll, .selectTab(tab), .setStack([route])])
        }
        return placement.presentation(for: route)
    }
}
