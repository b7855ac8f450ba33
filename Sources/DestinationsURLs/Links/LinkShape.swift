import Destinations

/// What matching reads of a ``DeepLink``, without its route type: one reference for each link,
/// shared by the link and the router's engine.
final class LinkShape: Sendable {
    let template: String
    let segments: [URLTemplate.Segment]
    let host: HostTemplate?
    let parameters: [ParameterSpec]
    let problems: [URLConfigurationProblem]
    let sources: Set<ExternalSource>?
    let caseInsensitive: Bool
    let strictQuery: Bool
    let scene: String?
    let hosts: KnownHosts?
    let declines: Bool
    /// The parameters as a reader reads them.
    let list: ParameterList
    /// Compiles the template against the closure's parameter types.
    init(
        template: String, types: [ParameterType], sources: Set<ExternalSource>?, caseInsensitive: Bool,
        strictQuery: Bool, scene: String?, hosts: KnownHosts?, declines: Bool
    ) {
        let (parsed, parameters, problems) = URLTemplate.compile(template, route: false, types: types)
        (self.template, self.parameters, self.problems, host) = (template, parameters, problems, parsed?.host)
        segments = problems.isEmpty ? parsed?.segments ?? [] : []
        (self.sources, self.caseInsensitive, self.strictQuery) = (sources, caseInsensitive, strictQuery)
        (self.scene, self.hosts, self.declines) = (scene, hosts, declines)
        list = ParameterList(
            parameters, owner: template, link: true, positions: Self.positions(segments, host: parsed?.host))
    }
    /// The segment of each path parameter, when they are plain segments in order and the host
    /// is no parameter (``ParameterList/positions``); else none.
    private static func positions(_ segments: [URLTemplate.Segment], host: HostTemplate?) -> [Int] {
        guard host?.parameter == nil else { return [] }
        var positions: [Int] = []
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .constant: continue
            case .parameter(let index) where index == positions.count: positions.append(position)
            case .parameter, .compound, .catchAll: return []
            }
        }
        return positions
    }
    /// Whether the link accepts the host at `range` of `bytes`, in lower case (`nil` for a custom
    /// scheme, which has none): a link that names no host and no host set takes any.
    func accepts(_ bytes: [UInt8], host range: Range<Int>?) -> Bool {
        guard hosts != nil || host != nil else { return true }
        return accepts(host: range.map { bytes[$0] })
    }
    /// Whether the link accepts the URL's host (`nil` for a custom scheme, which has none).
    func accepts(host name: ArraySlice<UInt8>?) -> Bool {
        // A run-time host set narrows the link even when its template names no host.
        if let hosts, name.map({ hosts.contains(bytes: $0) }) != true { return false }
        guard let host else { return true }
        guard let name else { return false }
        return host.rule.accepts(name)
    }
    /// A reader of the link's parameters: typed segments, catch-all and query items.
    func arguments(
        _ bytes: [UInt8], _ segments: [LinkSegment], _ query: [QueryItem], host: Range<Int>?, limits: URLLimits,
        environment: FlowEnvironment
    ) throws(DeepLinkError) -> ArgumentReader {
        // A link whose path parameters are plain segments reads them there: no list to make.
        if !list.positions.isEmpty && query.isEmpty {
            return try ArgumentReader(
                bytes, list: list, given: .segments(segments), decodedBytes: 0, decodedLimit: limits.parameterBytes,
                environment: environment)
        }
        var entries: [(spec: Int, range: Range<Int>)] = []
        entries.reserveCapacity(segments.count + query.count + 1)
        if let parameter = self.host?.parameter, let host { entries.append((parameter, host)) }
        for (position, segment) in self.segments.enumerated() {
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
            for (parameter, declared) in parameters.enumerated() where spec == nil {
                guard let key = declared.key else { continue }
                if try LinkPath.key(of: item, in: bytes, equals: key, foldingCase: caseInsensitive) {
                    spec = parameter
                }
            }
            if let spec { entries.append((spec, item.value)) } else if unknown == nil { unknown = item }
        }
        let reader = try ArgumentReader(
            bytes, list: list, given: .entries(entries), decodedBytes: 0, decodedLimit: limits.parameterBytes,
            environment: environment)
        if strictQuery, let unknown {
            throw .unknownParameter(route: template, name: bytes.echo(unknown.key.lowerBound, unknown.key.upperBound))
        }
        return reader
    }
}
