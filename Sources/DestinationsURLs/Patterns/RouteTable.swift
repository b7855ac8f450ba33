public import Destinations

/// The route patterns of a router, found by keyword (or alias).
@usableFromInline struct RouteTable<Route: NavigationRoute>: Sendable {
    @usableFromInline let patterns: [RoutePattern<Route>]
    @usableFromInline var keywords: [ArraySlice<UInt8>: Int] = [:]
    /// Builds the table; reports keywords used twice.
    @usableFromInline init(_ patterns: [RoutePattern<Route>], problems: inout [URLConfigurationProblem]) {
        self.patterns = patterns
        for (index, pattern) in patterns.enumerated() {
            problems += pattern.problems
            guard !pattern.keyword.isEmpty else { continue }
            for keyword in [pattern.keyword] + pattern.aliases where URLByte.isKeyword(keyword) {
                if keywords.updateValue(index, forKey: Array(keyword.utf8)[...]) != nil {
                    problems.append(.duplicateKeyword(keyword))
                }
            }
        }
    }
    /// The pattern whose keyword or alias is `bytes[start..<end]`, escapes of unreserved bytes
    /// decoded (RFC 3986 §2.3).
    @usableFromInline func pattern(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        URLByte.unreservedDecoded(bytes, start, end).flatMap { keywords[$0] }
    }
    /// The first pattern that prints `route`, and the route's parameter texts.
    ///
    /// - Complexity: O(*p*) calls of `match` closures, *p* the number of patterns.
    @usableFromInline func pattern(for route: Route) -> (pattern: RoutePattern<Route>, values: [[String]])? {
        for pattern in patterns {
            if let values = pattern.codec.values(route) { return (pattern, values) }
        }
        return nil
    }
    /// Appends the route's text: its keyword, positional values and named parameters.
    @usableFromInline func print(_ route: Route, to out: inout [UInt8]) throws(URLPrintError) {
        guard let (pattern, values) = pattern(for: route), values.count == pattern.parameters.count else {
            throw .noPattern(route: route.name)
        }
        out += pattern.keyword.utf8
        var named = false
        for (spec, texts) in zip(pattern.parameters, values) {
            guard let key = spec.key else {
                out.append(UInt8(ascii: "/"))
                PercentCoding.appendSegment(texts.first ?? "", to: &out)
                continue
            }
            if case .defaulted(let text) = spec.mode, texts == [text] { continue }
            for text in texts {
                out.append(named ? UInt8(ascii: ",") : UInt8(ascii: "("))
                named = true
                out += key.utf8
                out.append(UInt8(ascii: "="))
                PercentCoding.appendComponent(text, to: &out)
            }
        }
        if named { out.append(UInt8(ascii: ")")) }
    }
}
