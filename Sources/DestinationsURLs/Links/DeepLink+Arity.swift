// Performance: the url-link figure (Benchmarks/README.md, "URLs"): closures of one to three parameters, specialised.
public import Destinations

extension DeepLink {
    /// Creates a link of one parameter (`notes/{id}`): specialised, where the
    /// variadic form is not.
    @inlinable public init<A: URLParameter>(
        _ template: String, sources: Set<ExternalSource>? = nil, caseInsensitive: Bool = false,
        strictQuery: Bool = false, scene: String? = nil, hosts: KnownHosts? = nil,
        _ target: @escaping @Sendable (A) -> LinkTarget<Route>
    ) {
        let codec = ParameterCodec<LinkTarget<Route>?>(
            types: [ParameterType(A.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) in target(try reader.next(A.self)) },
            values: { _ in nil })
        self.init(
            template, codec, sources: sources, caseInsensitive: caseInsensitive, strictQuery: strictQuery,
            scene: scene, hosts: hosts, declines: false)
    }
    /// Creates a link of two parameters (`users/{id}/notes/{note}`), specialised.
    @inlinable public init<A: URLParameter, B: URLParameter>(
        _ template: String, sources: Set<ExternalSource>? = nil, caseInsensitive: Bool = false,
        strictQuery: Bool = false, scene: String? = nil, hosts: KnownHosts? = nil,
        _ target: @escaping @Sendable (A, B) -> LinkTarget<Route>
    ) {
        let codec = ParameterCodec<LinkTarget<Route>?>(
            types: [ParameterType(A.self), ParameterType(B.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) in
                let a = try reader.next(A.self)
                return target(a, try reader.next(B.self))
            },
            values: { _ in nil })
        self.init(
            template, codec, sources: sources, caseInsensitive: caseInsensitive, strictQuery: strictQuery,
            scene: scene, hosts: hosts, declines: false)
    }
    /// Creates a link of three parameters, specialised.
    @inlinable public init<A: URLParameter, B: URLParameter, C: URLParameter>(
        _ template: String, sources: Set<ExternalSource>? = nil, caseInsensitive: Bool = false,
        strictQuery: Bool = false, scene: String? = nil, hosts: KnownHosts? = nil,
        _ target: @escaping @Sendable (A, B, C) -> LinkTarget<Route>
    ) {
        let codec = ParameterCodec<LinkTarget<Route>?>(
            types: [ParameterType(A.self), ParameterType(B.self), ParameterType(C.self)],
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) in
                let a = try reader.next(A.self)
                let b = try reader.next(B.self)
                return target(a, b, try reader.next(C.self))
            },
            values: { _ in nil })
        self.init(
            template, codec, sources: sources, caseInsensitive: caseInsensitive, strictQuery: strictQuery,
            scene: scene, hosts: hosts, declines: false)
    }
}
