extension Int: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension Int8: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension Int16: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension Int32: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension Int64: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension UInt: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension UInt8: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension UInt16: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension UInt32: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension UInt64: URLParameter {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) { self.init(canonicalDecimal: urlComponent.utf8) }

    /// The decimal text.
    public var urlComponent: String { String(self) }
}

/// Canonical decimal integers: `0`, or an optional `-` and digits without a leading zero; never
/// `-0` or `+`.
enum IntegerText {
    /// The sign and magnitude of a canonical decimal, or `nil` when the text is not one or the
    /// magnitude does not fit 64 bits.
    @inline(__always)
    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (negative: Bool, magnitude: UInt64)? {
        var index = bytes.startIndex
        guard index != bytes.endIndex else { return nil }
        var negative = false
        if bytes[index] == URLByte.dash {
            negative = true
            index = bytes.index(after: index)
            guard index != bytes.endIndex else { return nil }
        }
        let first = bytes[index]
        guard URLByte.isDigit(first) else { return nil }
        if first == 0x30 {
            // "0" alone; never "-0" or "01".
            return !negative && bytes.index(after: index) == bytes.endIndex ? (false, 0) : nil
        }
        var magnitude: UInt64 = 0
        if bytes.count <= 19 {
            // Nineteen digits or fewer stay below 10^19 < 2^64: no step can overflow.
            while index != bytes.endIndex {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                index = bytes.index(after: index)
            }
            return (negative, magnitude)
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard URLByte.isDigit(byte) else { return nil }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte &- 0x30))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            index = bytes.index(after: index)
        }
        return (negative, magnitude)
    }

    /// Whether the text is a canonical decimal in the range of an integer of `bits` bits.
    static func fits<Bytes: Collection<UInt8>>(_ bytes: Bytes, bits: Int, signed: Bool) -> Bool {
        guard let (negative, magnitude) = parse(bytes) else { return false }
        if signed {
            let limit: UInt64 = 1 << UInt64(bits - 1)
            return negative ? magnitude <= limit : magnitude < limit
        }
        guard !negative else { return false }
        return bits == 64 || magnitude < (1 << UInt64(bits))
    }
}

extension FixedWidthInteger {
    /// Parses a canonical decimal in the type's range.
    init?<Bytes: Collection<UInt8>>(canonicalDecimal bytes: Bytes) {
        guard let (negative, magnitude) = IntegerText.parse(bytes) else { return nil }
        if negative {
            guard Self.isSigned, magnitude <= UInt64(Self.max) &+ 1 else { return nil }
            self.init(truncatingIfNeeded: 0 &- magnitude)
        } else {
            guard magnitude <= UInt64(Self.max) else { return nil }
            self.init(truncatingIfNeeded: magnitude)
        }
    }
}
