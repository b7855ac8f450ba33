// Performance: the url-link and url-state figures (Benchmarks/README.md, "URLs"): what the specialised closures call.
public import Destinations

/// Hands a pattern's or a link's closure its parameters, decoded and typed one at a time.
@usableFromInline struct ArgumentReader {
    let bytes: [UInt8]
    /// The parameters, their owner's name and what kind of URL gives them: one reference, so
    /// that the reader is cheap to make and to free.
    let list: ParameterList
    /// Where the values are.
    let given: Given
    var decodedBytes: Int
    let decodedLimit: Int
    var index = 0
    /// The flow's environment, for a link's closure that reads it.
    @usableFromInline let environment: FlowEnvironment
    var specs: [ParameterSpec] { list.specs }
    /// The route's keyword or the link's template, for errors.
    var owner: String { list.owner }
    /// Whether the values are a link's, else a state URL's.
    var link: Bool { list.link }
    /// A reader of the values given; refuses a named parameter given twice that takes one value.
    init(
        _ bytes: [UInt8], list: ParameterList, given: Given, decodedBytes: Int, decodedLimit: Int,
        environment: FlowEnvironment = FlowEnvironment()
    ) throws(DeepLinkError) {
        if case .entries(let entries) = given {
            for index in list.singleNamed where entries.count(where: { $0.spec == index }) > 1 {
                throw .duplicateParameter(route: list.owner, name: list.specs[index].displayName)
            }
        }
        (self.bytes, self.list, self.given, self.environment) = (bytes, list, given, environment)
        (self.decodedBytes, self.decodedLimit) = (decodedBytes, decodedLimit)
    }
    /// The next parameter's value. An `Int` or a `String` given once is read without generic
    /// calls; any other value, or a value given several times or left out, through ``nextValue(_:)``.
    @inlinable mutating func next<Value: URLParameter>(_: Value.Type) throws(DeepLinkError) -> Value {
        if Value.self == Int.self, let int = try nextInt(), let value = int as? Value { return value }
        if Value.self == String.self, let text = try nextString(), let value = text as? Value { return value }
        return try nextValue(Value.self)
    }
    /// The next parameter as an `Int`, when it is given once, plainly written and valid; `nil`
    /// (nothing read) otherwise.
    @usableFromInline mutating func nextInt() throws(DeepLinkError) -> Int? {
        // A link's path segment that the split read as a number already.
        if index < list.positions.count, case .segments(let segments) = given {
            let segment = segments[list.positions[index]]
            if let number = segment.number {
                try count(segment.range.count)
                index += 1
                return number
            }
        }
        // Digits with at most a leading `-` are plain text: a value the decimal reader takes
        // decodes to itself, and needs no other check.
        guard let range = onlyEntry(index), let value = DecimalText.int(bytes, range) else { return nil }
        try count(range.count)
        index += 1
        return value
    }
    /// The next parameter as a `String`, when it is given once; `nil` (nothing read) otherwise.
    @usableFromInline mutating func nextString() throws(DeepLinkError) -> String? {
        guard let range = onlyEntry(index) else { return nil }
        let text = try PercentCoding.decode(
            bytes, range.lowerBound, range.upperBound, segment: list.isSegment[index], link: link)
        try count(text.utf8.count)
        index += 1
        return text
    }
    /// The next parameter's value, of any type.
    @usableFromInline mutating func nextValue<Value: URLParameter>(_: Value.Type) throws(DeepLinkError) -> Value {
        let parameter = index
        index += 1
        guard let found = try texts(parameter, joined: Value.urlMultiplicity == .one) else {
            return try missing(specs[parameter], Value.self)
        }
        let repeatedCatchAll = specs[parameter].mode == .catchAll && Value.urlMultiplicity != .one
        let value =
            if let all = found.all ?? (repeatedCatchAll ? [found.first] : nil) {
                Value(urlComponents: all.map { $0[...] })
            } else {
                Value(urlComponent: found.first[...])
            }
        guard let value else {
            let spec = specs[parameter]
            throw .invalidParameter(
                route: owner, name: spec.displayName, expected: spec.type.name, offset: found.offset)
        }
        return value
    }
    /// The range of the one entry given for `parameter`; `nil` for none or several.
    func onlyEntry(_ parameter: Int) -> Range<Int>? {
        let entries: [(spec: Int, range: Range<Int>)]
        switch given {
        case .segments(let segments):
            return parameter < list.positions.count ? segments[list.positions[parameter]].range : nil
        case .entries(let all): entries = all
        }
        var found: Range<Int>?
        for entry in entries where entry.spec == parameter {
            guard found == nil else { return nil }
            found = entry.range
        }
        return found
    }
    /// Counts decoded bytes against the limit.
    mutating func count(_ added: Int) throws(DeepLinkError) {
        decodedBytes += added
        if decodedBytes > decodedLimit { throw .tooManyParameterBytes(bytes: decodedBytes, limit: decodedLimit) }
    }
    /// The decoded texts given for `parameter` (`all` when several, unless `joined` by `/`).
    mutating func texts(_ parameter: Int, joined: Bool) throws(DeepLinkError) -> (
        first: String, all: [String]?, offset: Int
    )? {
        var first: (text: String, offset: Int)?
        var all: [String]?
        let ranges =
            switch given {
            case .segments(let segments):
                parameter < list.positions.count ? [segments[list.positions[parameter]].range] : []
            case .entries(let entries): entries.filter { $0.spec == parameter }.map(\.range)
            }
        for range in ranges {
            let text = try PercentCoding.decode(
                bytes, range.lowerBound, range.upperBound, segment: list.isSegment[parameter], link: link)
            try count(text.utf8.count)
            if let found = first {
                all = (all ?? [found.text]) + [text]
            } else {
                first = (text, range.lowerBound)
            }
        }
        guard let first else { return nil }
        if joined, let all { return (all.joined(separator: "/"), nil, first.offset) }
        return (first.text, all, first.offset)
    }
    /// The value of a parameter the URL left out: its default, or an empty optional or array.
    func missing<Value: URLParameter>(_ spec: ParameterSpec, _: Value.Type) throws(DeepLinkError) -> Value {
        switch spec.mode {
        case .defaulted(let text):
            if let value = Value(urlComponent: text[...]) { return value }
        case .optional, .repeated:
            if let value = Value(urlComponents: []) { return value }
        case .required, .catchAll:
            break
        }
        throw .missingParameter(route: owner, name: spec.displayName)
    }
}

extension ArgumentReader {
    /// Where a reader's values are: a list of byte ranges, or a link's path segments.
    enum Given {
        /// The byte ranges given, each with the index of its parameter, in input order.
        case entries([(spec: Int, range: Range<Int>)])
        /// A link's path segments, where ``ParameterList/positions`` finds its parameters; a
        /// URL with a query lists its values as entries.
        case segments([LinkSegment])
    }
}

/// The parameters of a route pattern or a deep link as a reader reads them: built once with the
/// pattern or the link.
final class ParameterList: Sendable {
    let specs: [ParameterSpec]
    /// The route's keyword or the link's template, for errors.
    let owner: String
    /// Whether the values are a link's, else a state URL's.
    let link: Bool
    /// The named parameters that take one value, which a URL may not give twice.
    let singleNamed: [Int]
    /// The path segment of each of the first parameters, for a link whose path has no host
    /// parameter, catch-all or segment with constants: a reader finds them without a list of
    /// entries. Empty for other links and for route patterns.
    let positions: [Int]
    /// Whether each parameter is a path segment (no key), for percent-decoding.
    let isSegment: [Bool]
    init(_ specs: [ParameterSpec], owner: String, link: Bool, positions: [Int] = []) {
        (self.specs, self.owner, self.link, self.positions) = (specs, owner, link, positions)
        isSegment = specs.map { $0.key == nil }
        singleNamed = specs.indices.filter { specs[$0].key != nil && specs[$0].mode != .repeated }
    }
}
