/// What the router knows about one parameter type, without its generic parameter: its name for
/// errors, its kind for link precedence, and closures that parse with it.
@usableFromInline
struct ParameterType: Sendable {
    /// The type's name, for ``DeepLinkError/invalidParameter(route:name:expected:offset:)``.
    @usableFromInline
    let name: String
    /// The kind, which orders link matching.
    @usableFromInline
    let kind: ParameterKind
    /// How many components a value takes.
    @usableFromInline
    let multiplicity: URLParameterMultiplicity
    /// The type's identity, to compare the types of two declarations.
    @usableFromInline
    let identity: ObjectIdentifier
    /// Whether a component parses as a value of the type.
    @usableFromInline
    let accepts: @Sendable (Substring) -> Bool
    /// The canonical text of a component's value, or `nil` when it does not parse.
    @usableFromInline
    let canonicalText: @Sendable (Substring) -> String?

    @inlinable
    init<Value: URLParameter>(_: Value.Type) {
        name = String(describing: Value.self)
        kind = ParameterKind(Value.self)
        multiplicity = Value.urlMultiplicity
        identity = ObjectIdentifier(Value.self)
        accepts = { Value(urlComponent: $0) != nil }
        canonicalText = { Value(urlComponent: $0)?.urlComponents.first }
    }
}

/// The kinds of parameter types, in the order a link tries them at one segment: integers,
/// `UUID`, `Bool`, `Double`, other types in declaration order, `String`.
@usableFromInline
enum ParameterKind: Hashable, Sendable {
    case integer(bits: Int, signed: Bool)
    case uuid
    case bool
    case double
    case custom(ObjectIdentifier)
    case string

    @usableFromInline
    init<Value: URLParameter>(_ type: Value.Type) {
        switch type {
        case is Int.Type: self = .integer(bits: Int.bitWidth, signed: true)
        case is Int8.Type: self = .integer(bits: 8, signed: true)
        case is Int16.Type: self = .integer(bits: 16, signed: true)
        case is Int32.Type: self = .integer(bits: 32, signed: true)
        case is Int64.Type: self = .integer(bits: 64, signed: true)
        case is UInt.Type: self = .integer(bits: UInt.bitWidth, signed: false)
        case is UInt8.Type: self = .integer(bits: 8, signed: false)
        case is UInt16.Type: self = .integer(bits: 16, signed: false)
        case is UInt32.Type: self = .integer(bits: 32, signed: false)
        case is UInt64.Type: self = .integer(bits: 64, signed: false)
        case is Bool.Type: self = .bool
        case is Double.Type: self = .double
        case is String.Type: self = .string
        default: self = UUIDText.isUUIDType(type) ? .uuid : .custom(ObjectIdentifier(type))
        }
    }

    /// The rank of the kind among a segment's parameter children; lower is tried first. Types
    /// of the same rank keep their declaration order.
    var rank: Int {
        switch self {
        case .integer: 0
        case .uuid: 1
        case .bool: 2
        case .double: 3
        case .custom: 4
        case .string: 5
        }
    }

    /// Whether the kind is checked on bytes, without calling the type.
    var isBuiltIn: Bool {
        if case .custom = self { return false }
        return true
    }
}

/// One parameter of a route pattern or a deep link, in the order the closure takes them.
@usableFromInline
struct ParameterSpec: Sendable {
    /// How the parameter is given.
    @usableFromInline
    enum Mode: Hashable, Sendable {
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

    /// Where the parameter sits.
    @usableFromInline
    enum Placement: Hashable, Sendable {
        /// A path segment: a route's positional value or a link's typed segment.
        case positional
        /// A named parameter of a route, or a link's query item, with its key.
        case named(String)
    }

    /// The placeholder's name.
    @usableFromInline
    let name: String
    @usableFromInline
    let placement: Placement
    @usableFromInline
    let mode: Mode
    @usableFromInline
    let type: ParameterType
    /// Whether the parameter takes the rest of the path, kept apart so that reading an
    /// argument need not copy the spec.
    @usableFromInline
    let isCatchAll: Bool
    /// Whether the parameter is a path segment rather than a query item.
    @usableFromInline
    let isPositional: Bool

    init(name: String, placement: Placement, mode: Mode, type: ParameterType) {
        self.name = name
        self.placement = placement
        self.mode = mode
        self.type = type
        isCatchAll = mode == .catchAll
        isPositional = placement == .positional
    }

    /// The name an error shows: the key of a named parameter, else the placeholder's name.
    @usableFromInline
    var displayName: String {
        if case .named(let key) = placement { return key }
        return name
    }
}
