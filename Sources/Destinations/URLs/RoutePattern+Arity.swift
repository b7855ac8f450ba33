// Fixed-arity forms of the variadic initialisers. Parameter packs are not specialised by the
// optimiser, so a pattern made through the variadic form decodes each value through generic
// metadata lookups on every parse; these forms are specialised in the app's module. Swift
// prefers them to the variadic form whenever both apply.

extension RoutePattern {
    /// Creates the pattern of a route case with one parameter, as
    /// the variadic initialiser does.
    @inlinable
    public init<A: URLParameter>(
        _ template: String,
        _ make: @escaping @Sendable (A) -> Route,
        aliases: [String] = [],
        access: URLAccess = .internal,
        interruption: InterruptionPolicy = .allow,
        placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (A)?
    ) {
        self.init(
            template: template,
            types: [ParameterType(A.self)],
            aliases: aliases,
            access: access,
            interruption: interruption,
            placement: placement,
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) -> Route in
                let a = try reader.next(A.self)
                return make(a)
            },
            values: { route in
                guard let a = match(route) else { return nil }
                return [a.urlComponents]
            }
        )
    }

    /// Creates the pattern of a route case with two parameters, as
    /// the variadic initialiser does.
    @inlinable
    public init<A: URLParameter, B: URLParameter>(
        _ template: String,
        _ make: @escaping @Sendable (A, B) -> Route,
        aliases: [String] = [],
        access: URLAccess = .internal,
        interruption: InterruptionPolicy = .allow,
        placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (A, B)?
    ) {
        self.init(
            template: template,
            types: [ParameterType(A.self), ParameterType(B.self)],
            aliases: aliases,
            access: access,
            interruption: interruption,
            placement: placement,
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
    }

    /// Creates the pattern of a route case with three parameters, as
    /// the variadic initialiser does.
    @inlinable
    public init<A: URLParameter, B: URLParameter, C: URLParameter>(
        _ template: String,
        _ make: @escaping @Sendable (A, B, C) -> Route,
        aliases: [String] = [],
        access: URLAccess = .internal,
        interruption: InterruptionPolicy = .allow,
        placement: LinkPlacement = .push,
        match: @escaping @Sendable (Route) -> (A, B, C)?
    ) {
        self.init(
            template: template,
            types: [ParameterType(A.self), ParameterType(B.self), ParameterType(C.self)],
            aliases: aliases,
            access: access,
            interruption: interruption,
            placement: placement,
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
    }
}
