extension URLRouter {
    /// Parses a URL: a state URL of one of the router's scenes, a deep link, or a one-route
    /// link to an external route pattern.
    ///
    /// Parsing is pure: it reads the URL's bytes once, checks the limits before any work that
    /// grows with the input, and builds nothing but the result. A state URL's state takes its
    /// ids from `ids`; so does the state of a link whose target is ``LinkTarget/state(_:)``.
    ///
    /// - Parameters:
    ///   - url: The URL's text, such as a Foundation `URL`'s `absoluteString`.
    ///   - ids: The generator of the new state's ids.
    ///   - limits: The limits to apply; by default the router's.
    /// - Throws: ``DeepLinkError``: the limit broken, the byte offset where the grammar
    ///   breaks, or what did not match.
    @inlinable
    public func parse(
        _ url: String,
        ids: inout some ElementIDGenerator,
        limits: URLLimits? = nil
    ) throws(DeepLinkError) -> ParsedURL<Route> {
        let limits = limits ?? self.limits
        let length = url.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        return try withUTF8Bytes(of: url) { (bytes) throws(DeepLinkError) -> ParsedURL<Route> in
            try parse(bytes, ids: &ids, limits: limits)
        }
    }

    @inlinable
    func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        ids: inout some ElementIDGenerator,
        limits: URLLimits
    ) throws(DeepLinkError) -> ParsedURL<Route> {
        // Prefixes are compared in place and only whether the matching one is a custom scheme is
        // kept: copying a prefix would retain each of its byte arrays.
        let prefixes = parsedPrefixes
        var matched: (customScheme: Bool, rest: Int)?
        for index in prefixes.indices {
            if let rest = try prefixes[index].match(bytes) {
                matched = (prefixes[index].isCustomScheme, rest)
                break
            }
        }
        guard let (customScheme, rest) = matched else { throw .unknownPrefix }
        var pathEnd = rest
        while pathEnd < bytes.count, bytes[pathEnd] != URLByte.question, bytes[pathEnd] != URLByte.hash { pathEnd += 1 }
        var firstEnd = rest
        while firstEnd < pathEnd, bytes[firstEnd] != URLByte.slash { firstEnd += 1 }
        if let scene = sceneIndex(bytes, rest, firstEnd, fold: customScheme) {
            guard pathEnd == bytes.count else { throw .unexpectedQuery }
            let kind = scenes[scene]
            let state = try StateURLParser.parse(
                bytes,
                from: firstEnd < pathEnd ? firstEnd + 1 : pathEnd,
                to: pathEnd,
                layout: kind.layout,
                routes: routes,
                limits: limits,
                ids: &ids
            )
            return .state(scene: kind.name, state)
        }
        let match = try matchLink(bytes, rest, pathEnd, hostFolding: customScheme, ids: &ids, limits: limits)
        return .link(match)
    }

    /// Parses a state path of `scene`: what follows `scheme://scene/` in a state URL.
    ///
    /// - Throws: ``DeepLinkError`` with offsets into `path`.
    @inlinable
    public func parseState(
        path: String,
        scene: String,
        ids: inout some ElementIDGenerator,
        limits: URLLimits? = nil
    ) throws(DeepLinkError) -> NavigationState<Route> {
        guard let kind = self.scene(named: scene) else { throw .unknownScene(scene) }
        let limits = limits ?? self.limits
        let length = path.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        return try withUTF8Bytes(of: path) { (bytes) throws(DeepLinkError) -> NavigationState<Route> in
            try StateURLParser.parse(
                bytes,
                from: bytes.first == URLByte.slash ? 1 : 0,
                to: bytes.count,
                layout: kind.layout,
                routes: routes,
                limits: limits,
                ids: &ids
            )
        }
    }

    // MARK: Links

    @inlinable
    func matchLink(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ queryStart: Int,
        hostFolding: Bool,
        ids: inout some ElementIDGenerator,
        limits: URLLimits
    ) throws(DeepLinkError) -> LinkMatch<Route> {
        let found = try withLinkMatch(bytes, start, queryStart, hostFolding: hostFolding, limits: limits) {
            (index, segments, query) throws(DeepLinkError) -> LinkMatch<Route> in
            try decodeLink(index, bytes, segments, query, ids: &ids, limits: limits)
        }
        if let found { return found }
        var routeError: DeepLinkError?
        do throws(DeepLinkError) {
            if let match = try oneRouteLink(bytes, start, pathEnd(bytes, start, queryStart), limits: limits) { return match }
        } catch {
            routeError = error
        }
        // A typed segment may have refused its value: matching loosely and decoding says which.
        _ = try withLinkMatch(bytes, start, queryStart, hostFolding: hostFolding, limits: limits, loose: true) {
            (index, segments, query) throws(DeepLinkError) -> LinkMatch<Route> in
            try decodeLink(index, bytes, segments, query, ids: &ids, limits: limits)
        }
        throw routeError ?? .noMatchingLink(path: bytes.echo(start, pathEnd(bytes, start, queryStart)))
    }

    /// The end of a link's path, without a trailing `/`.
    @inlinable
    func pathEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ queryStart: Int) -> Int {
        queryStart > start && bytes[queryStart - 1] == URLByte.slash ? queryStart - 1 : queryStart
    }

    /// Scans a link's path, matches it against the trie and runs `body` with the link found;
    /// `nil` when no link matches.
    @inlinable
    func withLinkMatch<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ queryStart: Int,
        hostFolding: Bool,
        limits: URLLimits,
        loose: Bool = false,
        _ body: (Int, UnsafeBufferPointer<PathSegment>, QueryScanner) throws(DeepLinkError) -> Result
    ) throws(DeepLinkError) -> Result? {
        let end = pathEnd(bytes, start, queryStart)
        guard end > start else { throw .noMatchingLink(path: "") }
        var segmentCount = 1
        for index in start..<end where bytes[index] == URLByte.slash { segmentCount += 1 }
        guard segmentCount <= limits.segments else { throw .tooManySegments(count: segmentCount, limit: limits.segments) }
        let query = QueryScanner(bytes, from: queryStart)
        guard query.count <= limits.queryItems else {
            throw .tooManyQueryItems(count: query.count, limit: limits.queryItems)
        }
        return try withTemporaryBuffers(of: PathSegment.self, capacity: segmentCount, and: UInt8.self, capacity: end - start) {
            (segments, scratch) throws(DeepLinkError) -> Result? in
            let count = try LinkPathScanner.scan(
                bytes, start, end, hostFolding: hostFolding, limits: limits, into: segments, scratch: scratch)
            let segments = UnsafeBufferPointer(rebasing: segments[..<count])
            guard let link = trie.match(segments, input: bytes, scratch: UnsafeBufferPointer(scratch), loose: loose)
            else { return nil }
            return try body(Int(link), segments, query)
        }
    }

    @inlinable
    func decodeLink(
        _ index: Int,
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ segments: UnsafeBufferPointer<PathSegment>,
        _ query: QueryScanner,
        ids: inout some ElementIDGenerator,
        limits: URLLimits
    ) throws(DeepLinkError) -> LinkMatch<Route> {
        let link = links[index]
        let target = try withArguments(of: link, bytes, segments, query, limits: limits) {
            (reader) throws(DeepLinkError) -> LinkTarget<Route> in
            try link.makeTarget(&reader)
        }
        // Every target but a state path compiles to a presentation, which the match computes
        // when asked; a state path is parsed now, with the caller's ids.
        var state: NavigationState<Route>?
        if case .state(let path) = target {
            state = try parseState(path: path, scene: scenes[0].name, ids: &ids, limits: limits)
        }
        return LinkMatch(
            pattern: link.template,
            kind: .deepLink,
            scene: scenes[0].name,
            target: target,
            state: state,
            sources: link.sources
        )
    }

    /// Gives `body` a reader of the link's parameters: its typed segments, its catch-all and its
    /// query items, in template order.
    @inlinable
    func withArguments<Result>(
        of link: DeepLink<Route>,
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ segments: UnsafeBufferPointer<PathSegment>,
        _ query: QueryScanner,
        limits: URLLimits,
        _ body: (inout ArgumentReader) throws(DeepLinkError) -> Result
    ) throws(DeepLinkError) -> Result {
        try withTemporaryBuffers(
            of: ByteRange.self, capacity: segments.count + query.count, and: ArgumentSlot.self, capacity: link.parameters.count
        ) {
            (ranges, slots) throws(DeepLinkError) -> Result in
            var rangeCount = 0
            var position = 0
            for segment in link.segments {
                switch segment {
                case .constant:
                    position += 1
                case .parameter(let parameter):
                    slots.initializeElement(at: parameter, to: ArgumentSlot(first: Int32(rangeCount), count: 1))
                    ranges.initializeElement(
                        at: rangeCount, to: ByteRange(Int(segments[position].start), Int(segments[position].end)))
                    rangeCount += 1
                    position += 1
                case .catchAll(let parameter):
                    let taken = segments.count - position
                    slots.initializeElement(at: parameter, to: ArgumentSlot(first: Int32(rangeCount), count: Int32(taken)))
                    for segment in segments[position...] {
                        ranges.initializeElement(at: rangeCount, to: ByteRange(Int(segment.start), Int(segment.end)))
                        rangeCount += 1
                    }
                    position = segments.count
                }
            }
            var matchedItems = 0
            let parameters = link.parameters
            for parameter in parameters.indices where !parameters[parameter].isPositional {
                // Only query parameters are read whole: a spec holds strings and closures.
                let spec = parameters[parameter]
                guard case .named(let key) = spec.placement else { continue }
                let first = rangeCount
                for item in query {
                    guard try query.key(of: item, equals: key, foldingCase: link.caseInsensitive) else { continue }
                    ranges.initializeElement(at: rangeCount, to: item.value)
                    rangeCount += 1
                }
                let found = rangeCount - first
                if found > 1 && spec.mode != .repeated {
                    throw .duplicateParameter(route: link.template, name: key)
                }
                matchedItems += found
                slots.initializeElement(at: parameter, to: ArgumentSlot(first: Int32(first), count: Int32(found)))
            }
            if link.strictQuery && matchedItems < query.count {
                for item in query where try !link.declares(item, in: query) {
                    throw .unknownParameter(route: link.template, name: bytes.echo(item.key))
                }
            }
            var reader = ArgumentReader(
                bytes: bytes,
                specs: link.parameters,
                owner: link.template,
                slots: UnsafeBufferPointer(slots),
                ranges: UnsafeBufferPointer(rebasing: ranges[..<rangeCount]),
                segmentMode: .linkSegment,
                namedMode: .linkQuery,
                decodedBytes: 0,
                decodedLimit: limits.parameterBytes
            )
            return try body(&reader)
        }
    }

    /// A one-route link: an external route pattern's own text after the prefix
    /// (`notes://note/12`), shown where the pattern's placement says.
    @inlinable
    func oneRouteLink(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        limits: URLLimits
    ) throws(DeepLinkError) -> LinkMatch<Route>? {
        var keywordEnd = start
        while keywordEnd < end, bytes[keywordEnd] != URLByte.slash, bytes[keywordEnd] != URLByte.openParen { keywordEnd += 1 }
        guard let index = routes.pattern(bytes, start, keywordEnd), routes.patterns[index].access == .external else {
            return nil
        }
        let pattern = routes.patterns[index]
        let route = try StateURLParser<Route, SequentialElementIDs>.parseOneRoute(
            bytes, from: start, to: end, routes: routes, limits: limits)
        let presentation = pattern.placement.presentation(for: route)
        return LinkMatch(
            pattern: pattern.template,
            kind: .routePattern,
            scene: scenes[0].name,
            target: .presentation(presentation),
            state: nil,
            sources: nil
        )
    }
}

extension DeepLink {
    /// Whether the query item's key is one of the link's query keys.
    @inlinable
    func declares(_ item: QueryScanner.Item, in query: QueryScanner) throws(DeepLinkError) -> Bool {
        for spec in parameters {
            guard case .named(let key) = spec.placement else { continue }
            if try query.key(of: item, equals: key, foldingCase: caseInsensitive) { return true }
        }
        return false
    }
}
