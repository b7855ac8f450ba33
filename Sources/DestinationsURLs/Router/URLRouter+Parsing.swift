// @inlinable: the parse path is specialised for the app's Route: url-link and url-state (Benchmarks/README.md, URLs).
public import Destinations

extension URLRouter {
    /// Parses a URL: a state URL of one of the router's scenes, a deep link, or a one-route link,
    /// within the limits (by default the router's); a state takes its ids from `ids`.
    @inlinable public func parse(
        _ url: String, ids: inout some ElementIDGenerator, limits: URLLimits? = nil
    ) throws(DeepLinkError) -> ParsedURL<Route> {
        let limits = limits ?? self.limits
        let length = url.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        var bytes = Array(url.utf8)
        guard let (prefix, rest, host) = try matchPrefix(bytes) else {
            // Only a web URL the router has no prefix for reaches the fallback: never another
            // scheme (`javascript:`, `mailto:`), a bad host or a control byte.
            if URLByte.isWebURL(bytes), let match = try fallbackMatch(url, host: nil) { return .link(match) }
            throw .unknownPrefix
        }
        // The host is read in lower case: by host rules, and by the links that take it as a parameter.
        for index in host ?? 0..<0 { bytes[index] = URLByte.lowercased(bytes[index]) }
        let pathEnd = Self.pathEnd(bytes, from: rest)
        let firstEnd = bytes[rest..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
        if let kind = scene(bytes, rest, firstEnd, fold: prefix.isCustomScheme) {
            guard pathEnd == bytes.count else { throw .unexpectedQuery }
            let state = try StateURLParser.parse(
                bytes, from: min(firstEnd + 1, pathEnd), to: pathEnd, layout: kind.layout, routes: routes,
                limits: limits, ids: &ids)
            return .state(scene: kind.name, state)
        }
        let found = try matchLink(
            bytes, rest, pathEnd, host: host, hostFolding: prefix.isCustomScheme, ids: &ids, limits: limits)
        if let found { return .link(found) }
        if let match = try fallbackMatch(url, host: host.map { bytes.echo($0.lowerBound, $0.upperBound) }) {
            return .link(match)
        }
        // A typed segment may have refused its value: matching loosely and decoding says which.
        try diagnose(bytes, rest, pathEnd, host: host, hostFolding: prefix.isCustomScheme, limits: limits)
        let end = pathEnd > rest && bytes[pathEnd - 1] == UInt8(ascii: "/") ? pathEnd - 1 : pathEnd
        throw .noMatchingLink(path: bytes.echo(rest, end))
    }
    /// Parses a state path of `scene`: what follows `scheme://scene/` in a state URL.
    @inlinable public func parseState(
        path: String, scene: String, ids: inout some ElementIDGenerator, limits: URLLimits? = nil
    ) throws(DeepLinkError) -> NavigationState<Route> {
        guard let kind = self.scene(named: scene) else { throw .unknownScene(scene) }
        let limits = limits ?? self.limits
        let length = path.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        let bytes = Array(path.utf8)
        return try StateURLParser.parse(
            bytes, from: bytes.first == UInt8(ascii: "/") ? 1 : 0, to: bytes.count, layout: kind.layout, routes: routes,
            limits: limits, ids: &ids)
    }
    @inlinable func matchPrefix(_ bytes: [UInt8]) throws(DeepLinkError) -> (URLPrefix, Int, Range<Int>?)? {
        for prefix in parsedPrefixes {
            if let (rest, host) = try prefix.match(bytes) { return (prefix, rest, host) }
        }
        return nil
    }
    @inlinable static func pathEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
    }
    /// A link's path split into checked segments, its end without a trailing `/`, and its query.
    @inlinable static func split(
        _ bytes: [UInt8], _ start: Int, _ queryStart: Int, hostFolding: Bool, limits: URLLimits
    ) throws(DeepLinkError) -> (segments: [LinkSegment], end: Int, query: [QueryItem]) {
        let end = queryStart > start && bytes[queryStart - 1] == UInt8(ascii: "/") ? queryStart - 1 : queryStart
        guard end > start else { throw .noMatchingLink(path: "") }
        let count = bytes[start..<end].count(where: { $0 == UInt8(ascii: "/") }) + 1
        guard count <= limits.segments else { throw .tooManySegments(count: count, limit: limits.segments) }
        let query = LinkPath.query(bytes, from: queryStart)
        guard query.count <= limits.queryItems else {
            throw .tooManyQueryItems(count: query.count, limit: limits.queryItems)
        }
        let segments = try LinkPath.segments(bytes, start, end, count: count, hostFolding: hostFolding, limits: limits)
        return (segments, end, query)
    }
    /// The link, or else the one-route link, that takes the URL; `nil` when none does.
    @inlinable func matchLink(
        _ bytes: [UInt8], _ start: Int, _ queryStart: Int, host: Range<Int>?, hostFolding: Bool,
        ids: inout some ElementIDGenerator, limits: URLLimits
    ) throws(DeepLinkError) -> LinkMatch<Route>? {
        let (segments, end, query): ([LinkSegment], Int, [QueryItem])
        do throws(DeepLinkError) {
            (segments, end, query) = try Self.split(bytes, start, queryStart, hostFolding: hostFolding, limits: limits)
        } catch {
            if case .noMatchingLink = error { return nil }
            throw error
        }
        let hostName = host.map { bytes[$0] }
        var failure: DeepLinkError?
        var target: LinkTarget<Route>?
        // Links of a shape in declaration order: the first whose host fits and that does not decline.
        let found = trie.match(segments, in: bytes) { index in
            guard links[index].accepts(host: hostName) else { return false }
            do throws(DeepLinkError) {
                var reader = try arguments(of: index, bytes, segments, query, host: host, limits: limits)
                target = try links[index].codec.make(&reader)
                return target != nil
            } catch {
                failure = error
                return true
            }
        }
        if let failure { throw failure }
        if let index = found, let target {
            let scene = links[index].scene ?? scenes[0].name
            // A state path is parsed now, with the caller's ids; other targets compile when asked.
            var state: NavigationState<Route>?
            if case .state(let path) = target {
                state = try parseState(path: path, scene: scene, ids: &ids, limits: limits)
            }
            return LinkMatch(
                pattern: links[index].template, kind: .deepLink, scene: scene, target: target, state: state,
                sources: links[index].sources,
                host: links[index].host == nil ? nil : hostName.map { String(decoding: $0, as: UTF8.self) },
                declaredScene: links[index].scene)
        }
        do throws(DeepLinkError) {
            return try oneRouteLink(bytes, start, end, limits: limits)
        } catch {
            try diagnose(bytes, start, queryStart, host: host, hostFolding: hostFolding, limits: limits)
            throw error
        }
    }
    /// Throws the error of the link that would match if its typed segments took any value.
    @inlinable func diagnose(
        _ bytes: [UInt8], _ start: Int, _ queryStart: Int, host: Range<Int>?, hostFolding: Bool, limits: URLLimits
    ) throws(DeepLinkError) {
        guard
            let (segments, _, query) = try? Self.split(
                bytes, start, queryStart, hostFolding: hostFolding, limits: limits),
            let index = trie.match(
                segments, in: bytes, loose: true, accept: { links[$0].accepts(host: host.map { bytes[$0] }) })
        else { return }
        var reader = try arguments(of: index, bytes, segments, query, host: host, limits: limits)
        _ = try links[index].codec.make(&reader)
    }
    /// The fallback's match for a URL nothing else takes; `nil` without a fallback, or when it declines.
    @inlinable func fallbackMatch(_ url: String, host: String?) throws(DeepLinkError) -> LinkMatch<Route>? {
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
    /// A reader of the link's parameters: typed segments, catch-all and query items.
    @inlinable func arguments(
        of index: Int, _ bytes: [UInt8], _ segments: [LinkSegment], _ query: [QueryItem], host: Range<Int>?,
        limits: URLLimits
    ) throws(DeepLinkError) -> ArgumentReader {
        var entries: [(spec: Int, range: Range<Int>)] = []
        entries.reserveCapacity(segments.count + query.count + 1)
        if let parameter = links[index].host?.parameter, let host { entries.append((parameter, host)) }
        for (position, segment) in links[index].segments.enumerated() {
            switch segment {
            case .constant: break
            case .parameter(let parameter): entries.append((parameter, segments[position].range))
            case .compound(let compound):
                let pieces = compound.split(bytes, segments[position].range) ?? []
                entries += zip(compound.parameters, pieces).map { ($0, $1) }
            case .catchAll(let parameter): entries += segments[position...].map { (parameter, $0.range) }
            }
        }
        var unknown: QueryItem?
        for item in query {
            var spec: Int?
            for (parameter, declared) in links[index].parameters.enumerated() where spec == nil {
                guard let key = declared.key else { continue }
                if try LinkPath.key(of: item, in: bytes, equals: key, foldingCase: links[index].caseInsensitive) {
                    spec = parameter
                }
            }
            if let spec { entries.append((spec, item.value)) } else if unknown == nil { unknown = item }
        }
        var reader = try ArgumentReader(
            bytes, specs: links[index].parameters, owner: links[index].template, entries: entries, link: true,
            decodedBytes: 0,
            decodedLimit: limits.parameterBytes)
        reader.environment = environment
        if links[index].strictQuery, let unknown {
            throw .unknownParameter(
                route: links[index].template, name: bytes.echo(unknown.key.lowerBound, unknown.key.upperBound))
        }
        return reader
    }
    /// A one-route link: an external route pattern's text after the prefix (`notes://note/12`).
    @inlinable func oneRouteLink(_ bytes: [UInt8], _ start: Int, _ end: Int, limits: URLLimits) throws(DeepLinkError)
        -> LinkMatch<Route>?
    {
        let keywordEnd = bytes[start..<end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "(") } ?? end
        guard let index = routes.pattern(bytes, start, keywordEnd), routes.patterns[index].access == .external else {
            return nil
        }
        let pattern = routes.patterns[index]
        let route = try StateURLParser<Route, SequentialElementIDs>.parseOneRoute(
            bytes, from: start, to: end, routes: routes, limits: limits)
        return LinkMatch(
            pattern: pattern.template, kind: .routePattern, scene: scenes[0].name,
            target: .presentation(presentation(of: route, placedAt: pattern.placement)), state: nil, sources: nil)
    }
    /// A one-route link's presentation; a tab's root route selects the tab and pops to it.
    @usableFromInline func presentation(of route: Route, placedAt placement: LinkPlacement) -> Presentation<Route> {
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

/// A prefix a router accepts: `scheme://` (the host is the first component), or
/// `scheme://host/…/` where the host is a name, `*` (any host) or `*.example.com` (its subdomains).
@usableFromInline struct URLPrefix: Sendable {
    @usableFromInline let text: String
    /// The scheme and `://`, in lower case, which every match starts with.
    @usableFromInline let head: [UInt8]
    /// The hosts accepted; `nil` for a custom scheme, whose host is the first component.
    @usableFromInline let host: HostRule?
    /// The path after the host, from its `/` to the prefix's final `/`.
    @usableFromInline let path: [UInt8]
    @usableFromInline var isCustomScheme: Bool { host == nil }
    @usableFromInline var isHTTPS: Bool { head == Array("https://".utf8) }
    /// The host a printed link takes: the prefix's one host; `nil` for a pattern or a custom scheme.
    var fixedHost: [UInt8]? { if case .exact(let name)? = host { name } else { nil } }
    /// Parses a prefix; `nil` for one with a user name, a port, or no final `/`.
    @usableFromInline init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, bytes[colon...].starts(with: "://".utf8)
        else { return nil }
        let scheme = bytes[..<colon].map(URLByte.lowercased)
        guard URLByte.isLowercaseLetter(scheme[0]),
            scheme.allSatisfy({ URLByte.isKeywordByte($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".") })
        else { return nil }
        head = scheme + Array("://".utf8)
        let rest = bytes[(colon + 3)...]
        if rest.isEmpty {
            (host, path, self.text) = (nil, [], String(decoding: head, as: UTF8.self))
            return
        }
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), bytes.last == UInt8(ascii: "/") else { return nil }
        let path = Array(bytes[slash...])
        guard let host = HostRule(String(decoding: rest[..<slash], as: UTF8.self)),
            path.allSatisfy({ URLByte.isUnreserved($0) || $0 == UInt8(ascii: "/") }),
            !zip(path, path.dropFirst()).contains(where: { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") })
        else { return nil }
        (self.host, self.path) = (host, path)
        self.text = String(decoding: head, as: UTF8.self) + host.text + String(decoding: path, as: UTF8.self)
    }
    /// The offset after the prefix at the start of `input`, scheme and host in any case, and the
    /// host's range (`nil` for a custom scheme).
    @usableFromInline func match(_ input: [UInt8]) throws(DeepLinkError) -> (rest: Int, host: Range<Int>?)? {
        guard input.count >= head.count, zip(head, input).allSatisfy({ $0 == URLByte.lowercased($1) }) else {
            return nil
        }
        let start = head.count
        let end = input[start...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        let authority = input[start..<(end ?? input.count)]
        if let at = authority.firstIndex(of: UInt8(ascii: "@")) { throw .malformed(.userInfo, offset: at) }
        guard let host else { return (start, nil) }
        let name = authority.map(URLByte.lowercased)[...]
        guard HostRule.isHost(name), host.accepts(name) else { return nil }
        let rest = input[authority.endIndex...]
        let range = authority.startIndex..<authority.endIndex
        if rest.count == path.count - 1 { return rest.elementsEqual(path.dropLast()) ? (input.count, range) : nil }
        return rest.starts(with: path) ? (authority.endIndex + path.count, range) : nil
    }
}
