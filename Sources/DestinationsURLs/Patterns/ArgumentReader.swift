// @inlinable: the parse path is specialised for the app's Route: url-link and url-state (Benchmarks/README.md, URLs).
/// Hands a pattern's or a link's closure its parameters, decoded and typed one at a time, in
/// the order the closure takes them. Matching finds only byte ranges; values are decoded here,
/// once, after a match.
@usableFromInline struct ArgumentReader {
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let specs: [ParameterSpec]
    /// The route's keyword or the link's template, for errors.
    @usableFromInline let owner: String
    /// For each parameter, its range of indices into `ranges`.
    @usableFromInline let slots: [Range<Int>]
    /// The byte ranges given for the parameters.
    @usableFromInline let ranges: [Range<Int>]
    /// Whether the values are a link's, else a state URL's.
    @usableFromInline let link: Bool
    /// The decoded bytes so far, against the limit.
    @usableFromInline var decodedBytes: Int
    @usableFromInline let decodedLimit: Int
    @usableFromInline var index = 0
    @inlinable init(
        bytes: [UInt8], specs: [ParameterSpec], owner: String, slots: [Range<Int>], ranges: [Range<Int>],
        link: Bool, decodedBytes: Int, decodedLimit: Int
    ) {
        (self.bytes, self.specs, self.owner, self.slots, self.ranges) = (bytes, specs, owner, slots, ranges)
        (self.link, self.decodedBytes, self.decodedLimit) = (link, decodedBytes, decodedLimit)
    }
    /// Decodes the next parameter as a `Value`.
    @inlinable mutating func next<Value: URLParameter>(_: Value.Type) throws(DeepLinkError) -> Value {
        let parameter = index
        index += 1
        let slot = slots[parameter]
        guard let first = slot.first.map({ ranges[$0] }) else { return try missing(specs[parameter], Value.self) }
        let named = specs[parameter].key != nil
        let value: Value?
        if slot.count == 1 && (specs[parameter].mode != .catchAll || Value.urlMultiplicity == .one) {
            value = Value(urlComponent: try decode(first, named: named)[...])
        } else {
            var texts: [String] = []
            for position in slot { texts.append(try decode(ranges[position], named: named)) }
            if Value.urlMultiplicity == .one {
                value = Value(urlComponent: texts.joined(separator: "/")[...])
            } else {
                value = Value(urlComponents: texts.map { $0[...] })
            }
        }
        guard let value else { throw invalid(parameter, at: first.lowerBound) }
        return value
    }
    @usableFromInline func invalid(_ parameter: Int, at offset: Int) -> DeepLinkError {
        .invalidParameter(
            route: owner, name: specs[parameter].displayName, expected: specs[parameter].type.name, offset: offset)
    }
    /// The value of a parameter the URL left out: its default, or the empty value of an
    /// optional or repeated one.
    @inlinable func missing<Value: URLParameter>(_ spec: ParameterSpec, _: Value.Type) throws(DeepLinkError) -> Value {
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
    @usableFromInline mutating func decode(_ range: Range<Int>, named: Bool) throws(DeepLinkError) -> String {
        let text = try PercentCoding.decode(bytes, range.lowerBound, range.upperBound, segment: !named, link: link)
        decodedBytes += text.utf8.count
        if decodedBytes > decodedLimit { throw .tooManyParameterBytes(bytes: decodedBytes, limit: decodedLimit) }
        return text
    }
}
