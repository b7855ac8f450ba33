import Destinations
public import Foundation

/// A value that a URL carries as one path segment or one parameter, with exactly one canonical
/// text: `T(urlComponent: x.urlComponent) == x`. Built in: `String`, the integers, `Bool`,
/// `Double`, `UUID`, raw-value enums (`enum Sort: String, URLParameter`), `Optional` and `Array`.
public protocol URLParameter: Sendable, Equatable {
    /// Parses the percent-decoded text of one component; `nil` refuses it.
    init?(urlComponent: Substring)
    /// The canonical text, before percent-encoding.
    var urlComponent: String { get }
    /// How many components a value takes: one, except for `Optional` and `Array`.
    static var urlMultiplicity: URLParameterMultiplicity { get }
    /// Creates a value from every component given for it, in order; by default exactly one.
    init?(urlComponents: [Substring])
    /// The components that print the value: by default one.
    var urlComponents: [String] { get }
}

/// How many components a ``URLParameter`` value takes.
public enum URLParameterMultiplicity: Hashable, Sendable {
    /// Exactly one: a positional parameter, a path segment, a required or defaulted item.
    case one
    /// None or one: `Optional`; a named parameter or query item written `{name?}`.
    case optional
    /// Any number: `Array`; a named parameter or query item written `{name*}`, or a catch-all.
    case repeated
}

extension URLParameter {
    /// One component.
    public static var urlMultiplicity: URLParameterMultiplicity { .one }
    /// Parses exactly one component.
    public init?(urlComponents: [Substring]) {
        guard urlComponents.count == 1 else { return nil }
        self.init(urlComponent: urlComponents[0])
    }
    /// The one canonical text.
    public var urlComponents: [String] { [urlComponent] }
}

extension URLParameter where Self: RawRepresentable, RawValue: URLParameter {
    /// Parses the raw value, then the type from it.
    public init?(urlComponent: Substring) {
        guard let raw = RawValue(urlComponent: urlComponent) else { return nil }
        self.init(rawValue: raw)
    }
    /// The raw value's text.
    public var urlComponent: String { rawValue.urlComponent }
}

extension String: URLParameter {
    /// The text as it is.
    public init?(urlComponent: Substring) { self = String(urlComponent) }
    /// The string itself.
    public var urlComponent: String { self }
}

extension URLParameter where Self: FixedWidthInteger {
    /// Parses a canonical decimal in the type's range: no `+`, no leading zeros, no `-0`.
    public init?(urlComponent: Substring) {
        guard let value: Self = DecimalText.integer(urlComponent.utf8) else { return nil }
        self = value
    }
    /// The decimal text.
    public var urlComponent: String { String(self) }
}

extension Int: URLParameter {}
extension Int8: URLParameter {}
extension Int16: URLParameter {}
extension Int32: URLParameter {}
extension Int64: URLParameter {}
extension UInt: URLParameter {}
extension UInt8: URLParameter {}
extension UInt16: URLParameter {}
extension UInt32: URLParameter {}
extension UInt64: URLParameter {}

extension Bool: URLParameter {
    /// Parses `true` or `false`.
    public init?(urlComponent: Substring) {
        guard urlComponent == "true" || urlComponent == "false" else { return nil }
        self = urlComponent == "true"
    }
    /// `true` or `false`.
    public var urlComponent: String { self ? "true" : "false" }
}

extension Double: URLParameter {
    /// Parses a finite decimal: `-`, digits, an optional fraction and an optional exponent.
    public init?(urlComponent: Substring) {
        guard DecimalText.isDecimal(urlComponent), let value = Double(urlComponent), value.isFinite else { return nil }
        self = value
    }
    /// The shortest text that parses back to the same value: Swift's `description`.
    public var urlComponent: String { description }
}

extension Optional: URLParameter where Wrapped: URLParameter {
    /// Parses the wrapped value.
    public init?(urlComponent: Substring) {
        guard let value = Wrapped(urlComponent: urlComponent) else { return nil }
        self = .some(value)
    }
    /// The wrapped value's text; the empty string for `nil`, which a URL never prints.
    public var urlComponent: String { self?.urlComponent ?? "" }
    /// None or one component.
    public static var urlMultiplicity: URLParameterMultiplicity { .optional }
    /// `nil` for no component, the wrapped value for one.
    public init?(urlComponents: [Substring]) {
        switch urlComponents.count {
        case 0: self = .none
        case 1: self.init(urlComponent: urlComponents[0])
        default: return nil
        }
    }
    /// No component for `nil`, the wrapped value's text otherwise.
    public var urlComponents: [String] { self.map { [$0.urlComponent] } ?? [] }
}

extension Array: URLParameter where Element: URLParameter {
    /// An array of one element.
    public init?(urlComponent: Substring) { self.init(urlComponents: [urlComponent]) }
    /// The elements' texts joined by commas, for messages (a URL prints ``urlComponents``).
    public var urlComponent: String { map { $0.urlComponent }.joined(separator: ",") }
    /// Any number of components.
    public static var urlMultiplicity: URLParameterMultiplicity { .repeated }
    /// One element per component, in order.
    public init?(urlComponents: [Substring]) {
        let elements = urlComponents.compactMap { Element(urlComponent: $0) }
        guard elements.count == urlComponents.count else { return nil }
        self = elements
    }
    /// One text per element, in order.
    public var urlComponents: [String] { map(\.urlComponent) }
}

/// The syntax of a decimal `Double` in a URL: `-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?`.
enum DecimalText {
    /// ``integer(_:)`` of `bytes[range]` as an `Int`, read by index: the common parameter.
    static func int(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let negative = index < range.upperBound && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digits = range.upperBound - index
        // Up to 18 digits fit a 64-bit `Int` without a check; a 32-bit `Int` (watchOS) checks
        // every digit in ``integer(_:)``.
        guard digits > 0, digits < 19, Int.bitWidth == 64 else { return integer(bytes[range]) }
        guard bytes[index] != UInt8(ascii: "0") || (digits == 1 && !negative) else { return nil }
        var value = 0
        while index < range.upperBound {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return negative ? -value : value
    }
    /// A canonical decimal integer in the type's range: no `+`, no leading zeros, no `-0`.
    static func integer<Value: FixedWidthInteger>(_ bytes: some Sequence<UInt8>) -> Value? {
        var (value, digits, negative, first): (Value, Int, Bool, UInt8) = (0, 0, false, 0)
        for byte in bytes {
            if digits == 0 && !negative && byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            let digit = byte &- 0x30
            guard digit < 10 else { return nil }
            if digits == 0 { first = byte }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? times10.subtractingReportingOverflow(Value(digit)) : times10.addingReportingOverflow(Value(digit))
            guard !overflow, !overflow2 else { return nil }
            (value, digits) = (next, digits + 1)
        }
        guard digits > 0, !negative || Value.isSigned, first != 0x30 || (digits == 1 && !negative) else { return nil }
        return value
    }
    static func isDecimal(_ text: Substring) -> Bool {
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy(URLByte.isDigit) }
        let parts = text.split(maxSplits: 1, omittingEmptySubsequences: false) { $0 == "e" || $0 == "E" }
        let number = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = number[0].first == "-" ? number[0].dropFirst() : number[0]
        let exponent = parts.dropFirst().first.map { $0.first == "-" || $0.first == "+" ? $0.dropFirst() : $0 }
        return isDigits(whole) && number.dropFirst().allSatisfy(isDigits) && exponent.map(isDigits) != false
    }
}

extension UUID: URLParameter {
    /// Parses the 8-4-4-4-12 form, in either case.
    public init?(urlComponent: Substring) {
        let bytes = urlComponent.utf8
        let dashes = [8, 13, 18, 23]
        guard bytes.count == 36 else { return nil }
        for (position, byte) in bytes.enumerated() {
            guard dashes.contains(position) ? byte == UInt8(ascii: "-") : URLByte.hexValue(byte) != nil else {
                return nil
            }
        }
        self.init(uuidString: String(urlComponent))
    }
    /// The lower-case 8-4-4-4-12 form.
    public var urlComponent: String { uuidString.lowercased() }
}
