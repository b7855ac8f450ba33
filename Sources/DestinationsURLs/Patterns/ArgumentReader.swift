// Performance: the url-link and url-state figures (Benchmarks/README.md, "URLs"): what the specialised closures call.
public import Destinations

/// Hands a pattern's or a link's closure its parameters, decoded and typed one at a time.
@usableFromInline struct ArgumentReader {
    let bytes: [UInt8]
    let specs: [ParameterSpec]
    /// The route's keyword or the link's template, for errors.
    let owner: String
    /// The byte ranges given, each with the index of its parameter, in input order.
    let entries: [(spec: Int, range: Range<Int>)]
    /// Whether the values are a link's, else a state URL's.
    let link: Bool
    var decodedBytes: Int
    let decodedLimit: Int
    var index = 0
    /// The flow's environment, for a link's closure that reads it.
    @usableFromInline var environment = FlowEnvironment()
    /// A reader of `entries`; refuses a named parameter given twice that takes one value.
    init(
        _ bytes: [UInt8], specs: [ParameterSpec], owner: String, entries: [(spec: Int, range: Range<Int>)], link: Bool,
        decodedBytes: Int, decodedLimit: Int
    ) throws(DeepLinkError) {
        for (index, spec) in specs.enumerated() where spec.key != nil && spec.mode != .repeated {
            if entries.count(where: { $0.spec == index }) > 1 {
                throw .duplicateParameter(route: owner, name: spec.displayName)
            }
        }
        (self.bytes, self.specs, self.owner, self.entries, self.link) = (bytes, specs, owner, entries, link)
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
        guard let range = onlyEntry(index),
            PercentCoding.isPlain(bytes, range.lowerBound, range.upperBound, segment: specs[index].key == nil),
            let value = DecimalText.int(bytes, range)
        else { return nil }
        try count(range.count)
        index += 1
        return value
    }
    /// The next parameter as a `String`, when it is given once; `nil` (nothing read) otherwise.
    @usableFromInline mutating func nextString() throws(DeepLinkError) -> String? {
        guard let range = onlyEntry(index) else { return nil }
        let text = try PercentCoding.decode(
            bytes, range.lowerBound, range.upperBound, segment: specs[index].key == nil, link: link)
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
        for entry in entries where entry.spec == parameter {
            let text = try PercentCoding.decode(
                bytes, entry.range.lowerBound, entry.range.upperBound, segment: specs[parameter].key == nil, link: link)
            try count(text.utf8.count)
            if let found = first {
                all = (all ?? [found.text]) + [text]
            } else {
                first = (text, entry.range.lowerBound)
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
