import Foundation

/// Decodes a `Decodable` value straight from a ``SnapshotValue`` tree, as `JSONDecoder` with
/// its default strategies decodes the tree's JSON, without writing or parsing any JSON: how
/// restoration reads each saved route.
///
/// Like `JSONDecoder`, it reads `Data` from a Base64 string, `URL` from a string and `Decimal`
/// from a number; a number is read as any numeric type that holds it exactly.
struct SnapshotValueDecoder: Decoder, SingleValueDecodingContainer {
    /// The value being decoded.
    let value: SnapshotValue
    /// Where the value is.
    let path: SnapshotCodingPath
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A decoder of `value`, found at `codingPath`.
    init(value: SnapshotValue, codingPath: [any CodingKey]) {
        self.init(value: value, path: SnapshotCodingPath(codingPath))
    }

    /// A decoder of `value`, found at `path`.
    init(value: SnapshotValue, path: SnapshotCodingPath) {
        self.value = value
        self.path = path
    }

    /// Decodes a `T` from `value`.
    static func decode<T: Decodable>(_: T.Type, from value: SnapshotValue, codingPath: [any CodingKey] = []) throws -> T
    {
        try decode(T.self, from: value, path: SnapshotCodingPath(codingPath))
    }

    /// Decodes a `T` from `value`, found at `path`.
    static func decode<T: Decodable>(_: T.Type, from value: SnapshotValue, path: SnapshotCodingPath) throws -> T {
        if T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            return try special(T.self, from: value, codingPath: path.keys)
        }
        return try T(from: SnapshotValueDecoder(value: value, path: path))
    }

    /// The types `JSONDecoder` reads otherwise than through their own `Decodable` conformance.
    private static func special<T>(_: T.Type, from value: SnapshotValue, codingPath: [any CodingKey]) throws -> T {
        let decoded: Any
        if T.self == Decimal.self {
            switch value {
            case .integer(let number): decoded = Decimal(number)
            case .unsigned(let number): decoded = Decimal(number)
            // From the number's shortest text, as JSONDecoder reads a decimal: 19.99 stays
            // 19.99, where the binary double would give 19.98999999999999488.
            case .double(let number): decoded = Decimal(string: "\(number)") ?? Decimal(number)
            default: throw mismatch(Decimal.self, value, codingPath)
            }
        } else {
            let text = try String.read(value, at: codingPath)
            let made: Any? = T.self == Data.self ? Data(base64Encoded: text) : URL(string: text)
            guard let made else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Invalid \(T.self) string: \(text)"))
            }
            decoded = made
        }
        guard let typed = decoded as? T else { throw mismatch(T.self, value, codingPath) }
        return typed
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Self.mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(SnapshotKeyedContainer<Key>(members: members, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Self.mismatch([Any].self, value, codingPath) }
        return SnapshotUnkeyedContainer(elements: elements, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }
    func decode(_: Bool.Type) throws -> Bool { try .read(value, at: codingPath) }
    func decode(_: String.Type) throws -> String { try .read(value, at: codingPath) }
    func decode(_: Double.Type) throws -> Double { try .read(value, at: codingPath) }
    func decode(_: Float.Type) throws -> Float { try .read(value, at: codingPath) }
    func decode(_: Int.Type) throws -> Int { try .read(value, at: codingPath) }
    func decode(_: Int8.Type) throws -> Int8 { try .read(value, at: codingPath) }
    func decode(_: Int16.Type) throws -> Int16 { try .read(value, at: codingPath) }
    func decode(_: Int32.Type) throws -> Int32 { try .read(value, at: codingPath) }
    func decode(_: Int64.Type) throws -> Int64 { try .read(value, at: codingPath) }
    func decode(_: UInt.Type) throws -> UInt { try .read(value, at: codingPath) }
    func decode(_: UInt8.Type) throws -> UInt8 { try .read(value, at: codingPath) }
    func decode(_: UInt16.Type) throws -> UInt16 { try .read(value, at: codingPath) }
    func decode(_: UInt32.Type) throws -> UInt32 { try .read(value, at: codingPath) }
    func decode(_: UInt64.Type) throws -> UInt64 { try .read(value, at: codingPath) }
    func decode<T: Decodable>(_: T.Type) throws -> T { try Self.decode(T.self, from: value, path: path) }

    /// The error of a value of another kind than `expected`, worded as `JSONDecoder` words it.
    static func mismatch(_ expected: Any.Type, _ value: SnapshotValue, _ codingPath: [any CodingKey]) -> DecodingError {
        if value == .null {
            return .valueNotFound(
                expected,
                .init(codingPath: codingPath, debugDescription: "Cannot get \(expected) -- found null value instead"))
        }
        let found =
            switch value {
            case .null: "null"
            case .bool: "bool"
            case .integer, .unsigned, .double: "number"
            case .string: "a string"
            case .array: "an array"
            case .object: "a dictionary"
            }
        return .typeMismatch(
            expected,
            .init(
                codingPath: codingPath, debugDescription: "Expected to decode \(expected) but found \(found) instead."))
    }
}

/// A value a ``SnapshotValueDecoder`` reads without a `Decoder` of its own.
protocol SnapshotScalar {
    /// Reads the value in `value`, which sits at `codingPath`.
    static func read(_ value: SnapshotValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Self
}

extension Bool: SnapshotScalar {
    static func read(_ value: SnapshotValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else { throw SnapshotValueDecoder.mismatch(Bool.self, value, codingPath()) }
        return bool
    }
}

extension String: SnapshotScalar {
    static func read(_ value: SnapshotValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let text) = value else {
            throw SnapshotValueDecoder.mismatch(String.self, value, codingPath())
        }
        return text
    }
}

extension BinaryFloatingPoint where Self: SnapshotScalar {
    static func read(_ value: SnapshotValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Self {
        let number: Double
        switch value {
        case .integer(let integer): number = Double(integer)
        case .unsigned(let unsigned): number = Double(unsigned)
        case .double(let double): number = double
        default: throw SnapshotValueDecoder.mismatch(Self.self, value, codingPath())
        }
        let converted = Self(number)
        guard converted.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath(), debugDescription: "Number \(number) does not fit in \(Self.self)."))
        }
        return converted
    }
}

extension Double: SnapshotScalar {}
extension Float: SnapshotScalar {}

extension FixedWidthInteger where Self: SnapshotScalar {
    static func read(_ value: SnapshotValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Self {
        let exact: Self?
        switch value {
        case .integer(let integer): exact = Self(exactly: integer)
        case .unsigned(let unsigned): exact = Self(exactly: unsigned)
        case .double(let double): exact = Self(exactly: double)
        default: throw SnapshotValueDecoder.mismatch(Self.self, value, codingPath())
        }
        guard let exact else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath(), debugDescription: "Number \(value) does not fit in \(Self.self)."))
        }
        return exact
    }
}

extension Int: SnapshotScalar {}
extension Int8: SnapshotScalar {}
extension Int16: SnapshotScalar {}
extension Int32: SnapshotScalar {}
extension Int64: SnapshotScalar {}
extension UInt: SnapshotScalar {}
extension UInt8: SnapshotScalar {}
extension UInt16: SnapshotScalar {}
extension UInt32: SnapshotScalar {}
extension UInt64: SnapshotScalar {}
