/// The route patterns of a router, with their keywords (and aliases) in a hash table.
@usableFromInline
struct RouteTable<Route: NavigationRoute>: Sendable {
    @usableFromInline
    let patterns: [RoutePattern<Route>]
    private var keywords = ByteKeyTable()

    /// Builds the table; reports keywords used twice.
    init(_ patterns: [RoutePattern<Route>], problems: inout [URLConfigurationProblem]) {
        self.patterns = patterns
        for (index, pattern) in patterns.enumerated() {
            problems += pattern.problems
            guard !pattern.keyword.isEmpty else { continue }
            for keyword in [pattern.keyword] + pattern.aliases where URLByte.isKeyword(keyword) {
                if keywords.insert(Array(keyword.utf8), scope: 0, value: Int32(index)) != nil {
                    problems.append(.duplicateKeyword(keyword))
                }
            }
        }
    }

    /// The pattern whose keyword or alias is the bytes `start..<end`.
    @inline(__always)
    @usableFromInline
    func pattern(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var hash = ByteKeyTable.offsetBasis
        for index in start..<end { hash = ByteKeyTable.combine(hash, bytes[index]) }
        return keywords.find(scope: 0, hash: ByteKeyTable.finish(hash, scope: 0), key: bytes, start: start, end: end)
            .map(Int.init)
    }

    /// The pattern whose keyword or alias is `keyword`.
    func pattern(keyword: String) -> Int? {
        keywords.find(keyword, scope: 0).map(Int.init)
    }

    /// The first pattern that prints `route`, and the route's parameter texts.
    ///
    /// - Complexity: O(*p*) calls of `match` closures, *p* the number of patterns.
    func pattern(for route: Route) -> (pattern: RoutePattern<Route>, values: [[String]])? {
        for pattern in patterns {
            if let values = pattern.values(route) { return (pattern, values) }
        }
        return nil
    }

    /// Appends the route's text: its keyword, positional values and named parameters.
    func print(_ route: Route, to out: inout [UInt8]) throws(URLPrintError) {
        guard let (pattern, values) = pattern(for: route), values.count == pattern.parameters.count else {
            throw .noPattern(route: route.name)
        }
        out.append(contentsOf: pattern.keyword.utf8)
        var named = false
        for (spec, texts) in zip(pattern.parameters, values) {
            switch spec.placement {
            case .positional:
                out.append(URLByte.slash)
                PercentEncoding.appendSegment(texts.first ?? "", to: &out)
            case .named(let key):
                if case .defaulted(let text) = spec.mode, texts.count == 1, texts[0] == text { continue }
                for text in texts {
                    out.append(named ? URLByte.comma : URLByte.openParen)
                    named = true
                    out.append(contentsOf: key.utf8)
                    out.append(URLByte.equals)
                    PercentEncoding.appendComponent(text, to: &out)
                }
            }
        }
        if named { out.append(URLByte.closeParen) }
    }
}
