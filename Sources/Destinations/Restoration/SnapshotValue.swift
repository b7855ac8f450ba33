import Foundation

/// A saved state as a raw tree of JSON values, before it is read as a navigation state.
///
/// Migrations edit it (``SnapshotMigration``) so that a snapshot saved by an older version of
/// the app reads as the current one, and lenient restoration walks it element by element,
/// keeping what it understands.
public enum SnapshotValue: Hashable, Sendable, Codable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction that fits 64 signed bits.
    case integer(Int64)
    /// A whole number above `Int64.max` that fits 64 unsigned bits.
    case unsigned(UInt64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SnapshotValue])
    /// An object.
    case object([String: SnapshotValue])

    public init(from decoder: any Decoder) throws {
        // A tree read as a tree: restoration's own decoder hands its value over whole.
        if let tree = decoder as? SnapshotValueDecoder {
            self = tree.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SnapshotValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SnapshotValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value of `key` in an object; `nil` for another key or another kind of value.
    public subscript(key: String) -> SnapshotValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    /// Reads the value as a `Decodable` type, as `JSONDecoder` would read its JSON, without
    /// writing or parsing any JSON (``SnapshotValueDecoder``).
    func decoded<T: Decodable>(as type: T.Type) throws -> T {
        try SnapshotValueDecoder.decode(T.self, from: self)
    }
}
