import Destinations

/// What the router knows about one parameter type, without its generic parameter: its name for
/// errors, its kind for link precedence, and closures that parse with it. A class, so that the
/// trie's edges share it without copying its name and closures.
@usableFromInline final class ParameterType: Sendable {
    /// The type's name, for ``DeepLinkError/invalidParameter(route:name:expected:offset:)``.
    @usableFromInline let name: String
    /// The kind, which orders link matching.
    @usableFromInline let kind: ParameterKind
    /// How many components a value takes.
    @usableFromInline let multiplicity: URLParameterMultiplicity
    /// The type's identity, to compare the types of two declarations.
    @usableFromInline let identity: ObjectIdentifier
    /// Whether a component, percent-decoded, parses as a value of the type.
    @usableFromInline let accepts: @Sendable (ArraySlice<UInt8>) -> Bool
    /// The canonical text of a component's value, or `nil` when it does not parse.
    @usableFromInline let canonicalText: @Sendable (Substring) -> String?
    @usableFromInline init<Value: URLParameter>(_: Value.Type) {
        name = String(describing: Value.self)
        kind = ParameterKind(Value.self)
        multiplicity = Value.urlMultiplicity
        identity = ObjectIdentifier(Value.self)
        // The built-in types are checked without generic calls or strings: matching tries them often.
        accepts =
            switch kind {
            case .string: { _ in true }
            case .integer where Value.self == Int.self: { DecimalText.integer($0) as Int? != nil }
            case .bool: { $0.elementsEqual("true".utf8) || $0.elementsEqual("false".utf8) }
            default: { Value(urlComponent: String(decoding: $0, as: UTF8.self)[...]) != nil }
            }
        canonicalText = { Value(urlComponent: $0)?.urlComponents.first }
    }
}

/// The kinds of parameter types, in the order a link tries them at one segment: integers,
/// `UUID`, `Bool`, `Double`, other types in declaration order, `String`.
@usableFromInline enum ParameterKind: Int, Hashable, Sendable, Comparable {
    case integer, uuid, bool, double, custom, string
    @usableFromInline init<Value: URLParameter>(_ type: Value.Type) {
        switch type {
        case is any FixedWidthInteger.Type: self = .integer
        case is Bool.Type: self = .bool
        case is Double.Type: self = .double
        case is String.Type: self = .string
        default: self = UUIDType.isUUID(type) ? .uuid : .custom
        }
    }
    @usableFromInline static func < (left: ParameterKind, right: ParameterKind) -> Bool {
        left.rawValue < right.rawValue
    }
}

/// One parameter of a route pattern or a deep link, in the order the closure takes them.
/// A class, so that matching and decoding share it without copying its strings and closures.
@usableFromInline final class ParameterSpec: Sendable {
    /// How the parameter is given.
    @usableFromInline enum Mode: Hashable, Sendable {
        /// Exactly once.
        case required
        /// At most once; the canonical text of the value it takes when missing.
        case defaulted(String)
        /// At most once; `nil` when missing.
        case optional
        /// Any number of times.
        case repeated
        /// The rest of a link's path, one or more segments.
        case catchAll
    }
    /// The placeholder's name.
    @usableFromInline let name: String
    /// The key of a named parameter or a query item; `nil` for a path segment.
    @usableFromInline let key: String?
    @usableFromInline let mode: Mode
    @usableFromInline let type: ParameterType
    /// The name an error shows: the key of a named parameter, else the placeholder's name.
    @usableFromInline var displayName: String { key ?? name }
    @usableFromInline init(name: String, key: String?, mode: Mode, type: ParameterType) {
        (self.name, self.key, self.mode, self.type) = (name, key, mode, type)
    }
}
