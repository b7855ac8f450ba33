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
        let bytes = Array(url.utf8)
        guard let (prefix, rest) = try matchPrefix(bytes) else { throw .unknownPrefix }
        let pathEnd = Self.pathEnd(bytes, from: rest)
        let firstEnd = bytes[rest..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
        if let kind = scene(bytes, rest, firstEnd, fold: prefix.isCustomScheme) {
            guard pathEnd == bytes.count else { throw .unexpectedQuery }
            let state = try StateURLParser.parse(
                bytes, from: min(firstEnd + 1, pathEnd), to: pathEnd, layout: kind.layout, routes: routes,
                limits: limits, ids: &ids)
            return .state(scene: kind.name, state)
        }
        return .link(try matchLink(bytes, rest, pathEnd, hostFolding: prefix.isCustomScheme, ids: &ids, limits: limits))
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
    @inlinable func matchPrefix(_ bytes: [UInt8]) throws(DeepLinkError) -> (URLPrefix, Int)? {
        for prefix in parsedPrefixes {
            if let rest = try prefix.match(bytes) { return (prefix, rest) }
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
    @inlinable func matchLink(
        _ bytes: [UInt8], _ start: Int, _ queryStart: Int, hostFolding: Bool, ids: inout some ElementIDGenerator,
        limits: URLLimits
    ) throws(DeepLinkError) -> LinkMatch<Route> {
        let (segments, end, query) = try Self.split(bytes, start, queryStart, hostFolding: hostFolding, limits: limits)
        if let index = trie.match(segments, in: bytes) {
            // `links[index]` is read field by field: copying a whole link costs more than matching.
            var reader = try arguments(of: index, bytes, segments, query, limits: limits)
            let target = try links[index].codec.make(&reader)
            let scene = links[index].scene ?? scenes[0].name
            // A state path is parsed now, with the caller's ids; other targets compile when asked.
            var state: NavigationState<Route>?
            if case .state(let path) = target {
                state = try parseState(path: path, scene: scene, ids: &ids, limits: limits)
            }
            return LinkMatch(
                pattern: links[index].template, kind: .deepLink, scene: scene, target: target, state: state,
                sources: links[index].sources)
        }
        var routeError: DeepLinkError?
        do throws(DeepLinkError) {
            if let match = try oneRouteLink(bytes, start, end, limits: limits) { return match }
        } catch {
            routeError = error
        }
        // A typed segment may have refused its value: matching loosely and decoding says which.
        if let index = trie.match(segments, in: bytes, loose: true) {
            var reader = try arguments(of: index, bytes, segments, query, limits: limits)
            _ = try links[index].codec.make(&reader)
        }
        throw routeError ?? .noMatchingLink(path: bytes.echo(start, end))
    }
    /// A reader of the link's parameters: typed segments, catch-all and query items.
    @inlinable func arguments(
        of index: Int, _ bytes: [UInt8], _ segments: [LinkSegment], _ query: [QueryItem], limits: URLLimits
    ) throws(DeepLinkError) -> ArgumentReader {
        var entries: [(spec: Int, range: Range<Int>)] = []
        entries.reserveCapacity(segments.count + query.count)
        for (position, segment) in links[index].segments.enumerated() {
            switch segment {
            case .constant: break
            case .parameter(let parameter): entries.append((parameter, segments[position].range))
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

/// A prefix a router accepts: `scheme://` (the host is the first component) or `scheme://host/…/`.
@usableFromInline struct URLPrefix: Sendable {
    @usableFromInline let text: String
    /// The scheme and `://`, in lower case, which every match starts with.
    @usableFromInline let head: [UInt8]
    /// The host in lower case; `nil` for a custom scheme, whose host is the first component.
    @usableFromInline let host: [UInt8]?
    /// The path after the host, from its `/` to the prefix's final `/`.
    @usableFromInline let path: [UInt8]
    @usableFromInline var isCustomScheme: Bool { host == nil }
    @usableFromInline var isHTTPS: Bool { head == Array("https://".utf8) }
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
        let host = rest[..<slash].map(URLByte.lowercased)
        let path = Array(bytes[slash...])
        guard !host.isEmpty, host.allSatisfy({ URLByte.isKeywordByte($0) || $0 == UInt8(ascii: ".") }),
            path.allSatisfy({ URLByte.isUnreserved($0) || $0 == UInt8(ascii: "/") }),
            !zip(path, path.dropFirst()).contains(where: { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") })
        else { return nil }
        (self.host, self.path) = (host, path)
        self.text = String(decoding: head + host + path, as: UTF8.self)
    }
    /// The offset after the prefix at the start of `input`, scheme and host in any case.
    @usableFromInline func match(_ input: [UInt8]) throws(DeepLinkError) -> Int? {
        guard input.count >= head.count, zip(head, input).allSatisfy({ $0 == URLByte.lowercased($1) }) else {
            return nil
        }
        let start = head.count
        let end = input[start...].firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        let authority = input[start..<(end ?? input.count)]
        guard let host, authority.elementsEqual(host, by: { URLByte.lowercased($0) == $1 }) else {
            if let at = authority.firstIndex(of: UInt8(ascii: "@")) { throw .malformed(.userInfo, offset: at) }
            return host == nil ? start : nil
        }
        let rest = input[authority.endIndex...]
        if rest.count == path.count - 1 { return rest.elementsEqual(path.dropLast()) ? input.count : nil }
        return rest.starts(with: path) ? authority.endIndex + path.count : nil
    }
}
