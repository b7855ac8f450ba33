/// The byte ranges given for one parameter: `count` ranges from `first` in the reader's range
/// list.
@usableFromInline
struct ArgumentSlot: Sendable {
    @usableFromInline
    var first: Int32
    @usableFromInline
    var count: Int32

    @usableFromInline
    init(first: Int32, count: Int32) {
        self.first = first
        self.count = count
    }

    @usableFromInline
    static let empty = ArgumentSlot(first: 0, count: 0)
}

/// Hands a pattern's or a link's closure its parameters, decoded and typed one at a time, in
/// the order the closure takes them.
///
/// Matching finds only byte ranges; values are decoded here, once, after a match.
@usableFromInline
struct ArgumentReader {
    @usableFromInline
    let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline
    let specs: [ParameterSpec]
    /// The route's keyword or the link's template, for errors.
    @usableFromInline
    let owner: String
    @usableFromInline
    let slots: UnsafeBufferPointer<ArgumentSlot>
    @usableFromInline
    let ranges: UnsafeBufferPointer<ByteRange>
    /// How path segments decode.
    @usableFromInline
    let segmentMode: DecodingMode
    /// How named parameters or query values decode.
    @usableFromInline
    let namedMode: DecodingMode
    @usableFromInline
    var index = 0
    /// The decoded bytes so far, against the limit.
    @usableFromInline
    var decodedBytes: Int
    @usableFromInline
    let decodedLimit: Int

    @inlinable
    init(
        bytes: UnsafeBufferPointer<UInt8>,
        specs: [ParameterSpec],
        owner: String,
        slots: UnsafeBufferPointer<ArgumentSlot>,
        ranges: UnsafeBufferPointer<ByteRange>,
        segmentMode: DecodingMode,
        namedMode: DecodingMode,
        decodedBytes: Int,
        decodedLimit: Int
    ) {
        self.bytes = bytes
        self.specs = specs
        self.owner = owner
        self.slots = slots
        self.ranges = ranges
        self.segmentMode = segmentMode
        self.namedMode = namedMode
        self.decodedBytes = decodedBytes
        self.decodedLimit = decodedLimit
    }

    /// Decodes the next parameter as a `Value`.
    @inlinable
    mutating func next<Value: URLParameter>(_: Value.Type) throws(DeepLinkError) -> Value {
        // The spec is read field by field, never copied whole: it holds strings and closures.
        let position = index
        let slot = slots[position]
        index += 1
        guard slot.count > 0 else { return try missing(position, Value.self) }
        let isCatchAll = specs[position].isCatchAll
        let mode = specs[position].isPositional ? segmentMode : namedMode
        let first = ranges[Int(slot.first)]
        let value: Value?
        if !isCatchAll && (slot.count == 1 || Value.urlMultiplicity == .one) {
            // The common case, an `Int` written plainly, parses straight from the URL's bytes:
            // with no `%` or `+`, decoding would give the same bytes back.
            if Value.self == Int.self, let int = plainInteger(first) {
                decodedBytes += first.upper - first.lower
                if decodedBytes > decodedLimit { throw .tooManyParameterBytes(bytes: decodedBytes, limit: decodedLimit) }
                // `Value` is `Int` (checked above): a bit cast, which unlike `as?` costs nothing
                // once specialised.
                return unsafeBitCast(int, to: Value.self)
            }
            value = Value(urlComponent: try decode(first, mode)[...])
        } else if isCatchAll && Value.urlMultiplicity == .one {
            var joined = ""
            for position in Int(slot.first)..<Int(slot.first + slot.count) {
                if position > Int(slot.first) { joined += "/" }
                joined += try decode(ranges[position], mode)
            }
            value = Value(urlComponent: joined[...])
        } else {
            var texts: [Substring] = []
            texts.reserveCapacity(Int(slot.count))
            for position in Int(slot.first)..<Int(slot.first + slot.count) {
                texts.append(try decode(ranges[position], mode)[...])
            }
            value = Value(urlComponents: texts)
        }
        guard let value else {
            let spec = specs[position]
            throw .invalidParameter(route: owner, name: spec.displayName, expected: spec.type.name, offset: first.lower)
        }
        return value
    }

    /// The value of a parameter the URL left out: its default, or the empty value of an
    /// optional or repeated one.
    @inlinable
    func missing<Value: URLParameter>(_ position: Int, _: Value.Type) throws(DeepLinkError) -> Value {
        let spec = specs[position]
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

    /// The value of `range` as a canonical `Int` when its bytes need no decoding; `nil`
    /// otherwise (then the general path decides).
    @usableFromInline
    func plainInteger(_ range: ByteRange) -> Int? {
        let text = UnsafeBufferPointer(rebasing: bytes[range.lower..<range.upper])
        for byte in text where byte == URLByte.percent || byte == URLByte.plus { return nil }
        return Int(canonicalDecimal: text)
    }

    @inlinable
    mutating func decode(_ range: ByteRange, _ mode: DecodingMode) throws(DeepLinkError) -> String {
        let text = try PercentDecoding.decode(bytes, range.lower, range.upper, mode: mode)
        decodedBytes += text.utf8.count
        if decodedBytes > decodedLimit { throw .tooManyParameterBytes(bytes: decodedBytes, limit: decodedLimit) }
        return text
    }
}
