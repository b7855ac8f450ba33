// Performance: the url-state figure (Benchmarks/README.md, "URLs"): closures of one to three parameters, specialised.
public import Destinations

extension RoutePattern {
    /// Creates the pattern of a route case of one parameter (`note/{id}`): specialised, where the
    /// variadic form is not.
    @inlinable public init<A: URLParameter>(
        _ template: String, _ make: @escaping @Sendable (A) -> Route, aliases: [String] = [],
        access: URLAccess = .internal, interruption: InterruptionPolicy = .allow, placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> A?
    ) {
        let codec = ParameterCodec<Route>(
            types: [ParameterType(A.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) in make(try reader.next(A.self)) },
            values: { route in match(route).map { [$0.urlComponents] } })
        self.init(
            template, codec, aliases: aliases, access: access, interruption: interruption, placement: placement)
    }
    /// Creates the pattern of a route case of two parameters (`note/{id}(tab={tab=1})`), specialised.
    @inlinable public init<A: URLParameter, B: URLParameter>(
        _ template: String, _ make: @escaping @Sendable (A, B) -> Route, aliases: [String] = [],
        access: URLAccess = .internal, interruption: InterruptionPolicy = .allow, placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (A, B)?
    ) {
        let codec = ParameterCodec<Route>(
            types: [ParameterType(A.self), ParameterType(B.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) in
                let a = try reader.next(A.self)
                return make(a, try reader.next(B.self))
            },
            values: { route in match(route).map { [$0.0.urlComponents, $0.1.urlComponents] } })
        self.init(
            template, codec, aliases: aliases, access: access, interruption: interruption, placement: placement)
    }
    /// Creates the pattern of a route case of three parameters, specialised.
    @inlinable public init<A: URLParameter, B: URLParameter, C: URLParameter>(
        _ template: String, _ make: @escaping @Sendable (A, B, C) -> Route, aliases: [String] = [],
        access: URLAccess = .internal, interruption: InterruptionPolicy = .allow, placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (A, B, C)?
    ) {
        let codec = ParameterCodec<Route>(
            types: [ParameterType(A.self), ParameterType(B.self), ParameterType(C.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) in
                let a = try reader.next(A.self)
                let b = try reader.next(B.self)
                return make(a, b, try reader.next(C.self))
            },
            values: { route in match(route).map { [$0.0.urlComponents, $0.1.urlComponents, $0.2.urlComponents] } })
        self.init(
            template, codec, aliases: aliases, access: access, interruption: interruption, placement: placement)
    }
}
