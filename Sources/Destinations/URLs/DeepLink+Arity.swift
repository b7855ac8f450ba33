// Fixed-arity forms of the variadic initialiser and `shares`: see RoutePattern+Arity.swift.

extension DeepLink {
    /// Creates a link whose target takes one parameter, as the variadic initialiser does.
    @inlinable
    public init<A: URLParameter>(
        _ template: String,
        sources: Set<ExternalSource>? = nil,
        caseInsensitive: Bool = false,
        strictQuery: Bool = false,
        _ target: @escaping @Sendable (A) -> LinkTarget<Route>
    ) {
        self.init(
            template: template,
            sources: sources,
            caseInsensitive: caseInsensitive,
            strictQuery: strictQuery,
            types: [ParameterType(A.self)],
            makeTarget: { (reader: inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route> in
                let a = try reader.next(A.self)
                return target(a)
            }
        )
    }

    /// Declares that the link shares a route with one parameter, as the variadic `shares` does.
    @inlinable
    public func shares<A: URLParameter>(
        _ make: @escaping @Sendable (A) -> Route,
        match: @escaping @Sendable (Route) -> (A)?
    ) -> DeepLink {
        var link = self
        link.share = LinkShare(
            types: [ObjectIdentifier(A.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) -> Route in
                let a = try reader.next(A.self)
                return make(a)
            },
            values: { route in
                guard let a = match(route) else { return nil }
                return [a.urlComponents]
            }
        )
        return link
    }

    /// Creates a link whose target takes two parameters, as the variadic initialiser does.
    @inlinable
    public init<A: URLParameter, B: URLParameter>(
        _ template: String,
        sources: Set<ExternalSource>? = nil,
        caseInsensitive: Bool = false,
        strictQuery: Bool = false,
        _ target: @escaping @Sendable (A, B) -> LinkTarget<Route>
    ) {
        self.init(
            template: template,
            sources: sources,
            caseInsensitive: caseInsensitive,
            strictQuery: strictQuery,
            types: [ParameterType(A.self), ParameterType(B.self)],
            makeTarget: { (reader: inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route> in
                let a = try reader.next(A.self)
                let b = try reader.next(B.self)
                return target(a, b)
            }
        )
    }

    /// Declares that the link shares a route with two parameters, as the variadic `shares` does.
    @inlinable
    public func shares<A: URLParameter, B: URLParameter>(
        _ make: @escaping @Sendable (A, B) -> Route,
        match: @escaping @Sendable (Route) -> (A, B)?
    ) -> DeepLink {
        var link = self
        link.share = LinkShare(
            types: [ObjectIdentifier(A.self), ObjectIdentifier(B.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) -> Route in
                let a = try reader.next(A.self)
                let b = try reader.next(B.self)
                return make(a, b)
            },
            values: { route in
                guard let (a, b) = match(route) else { return nil }
                return [a.urlComponents, b.urlComponents]
            }
        )
        return link
    }

    /// Creates a link whose target takes three parameters, as the variadic initialiser does.
    @inlinable
    public init<A: URLParameter, B: URLParameter, C: URLParameter>(
        _ template: String,
        sources: Set<ExternalSource>? = nil,
        caseInsensitive: Bool = false,
        strictQuery: Bool = false,
        _ target: @escaping @Sendable (A, B, C) -> LinkTarget<Route>
    ) {
        self.init(
            template: template,
            sources: sources,
            caseInsensitive: caseInsensitive,
            strictQuery: strictQuery,
            types: [ParameterType(A.self), ParameterType(B.self), ParameterType(C.self)],
            makeTarget: { (reader: inout ArgumentReader) throws(DeepLinkError) -> LinkTarget<Route> in
                let a = try reader.next(A.self)
                let b = try reader.next(B.self)
                let c = try reader.next(C.self)
                return target(a, b, c)
            }
        )
    }

    /// Declares that the link shares a route with three parameters, as the variadic `shares` does.
    @inlinable
    public func shares<A: URLParameter, B: URLParameter, C: URLParameter>(
        _ make: @escaping @Sendable (A, B, C) -> Route,
        match: @escaping @Sendable (Route) -> (A, B, C)?
    ) -> DeepLink {
        var link = self
        link.share = LinkShare(
            types: [ObjectIdentifier(A.self), ObjectIdentifier(B.self), ObjectIdentifier(C.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) -> Route in
                let a = try reader.next(A.self)
                let b = try reader.next(B.self)
                let c = try reader.next(C.self)
                return make(a, b, c)
            },
            values: { route in
                guard let (a, b, c) = match(route) else { return nil }
                return [a.urlComponents, b.urlComponents, c.urlComponents]
            }
        )
        return link
    }
}
