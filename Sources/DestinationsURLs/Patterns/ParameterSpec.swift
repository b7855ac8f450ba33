// Performance: the url-link and url-state figures (Benchmarks/README.md, "URLs"): the codec a specialised closure is kept in.
public import Destinations
import Foundation

/// One parameter type, without its generic parameter; a class, shared by the trie's edges.
@usableFromInline final class ParameterType: Sendable {
    let name: String
    let kind: ParameterKind
    let multiplicity: URLParameterMultiplicity
    let identity: ObjectIdentifier
    /// Whether a component, percent-decoded, parses as a value of the type.
    let accepts: @Sendable (ArraySlice<UInt8>) -> Bool
    /// The canonical text of a component's value, or `nil` when it does not parse.
    let canonicalText: @Sendable (Substring) -> String?
    @usableFromInline init<Value: URLParameter>(_: Value.Type) {
        name = String(describing: Value.self)
        kind =
            switch Value.self {
            case is any FixedWidthInteger.Type: .integer
            case is Bool.Type: .bool
            case is Double.Type: .double
            case is String.Type: .string
            case is UUID.Type: .uuid
            default: .custom
            }
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

/// The kinds of parameter types, in the order a link tries them at one segment.
enum ParameterKind: Int, Sendable {
    case integer, uuid, bool, double, custom, string
}

/// One parameter of a route pattern or a deep link, in the order the closure takes them.
final class ParameterSpec: Sendable {
    /// How the parameter is given: `{name}`, `{name=text}`, `{name?}`, `{name*}` or `{name...}`.
    enum Mode: Hashable, Sendable {
        case required, optional, repeated, catchAll
        case defaulted(String)
    }
    let name: String
    /// The key of a named parameter or a query item; `nil` for a path segment.
    let key: String?
    let mode: Mode
    let type: ParameterType
    /// The name an error shows: the key of a named parameter, else the placeholder's name.
    var displayName: String { key ?? name }
    init(name: String, key: String?, mode: Mode, type: ParameterType) {
        (self.name, self.key, self.mode, self.type) = (name, key, mode, type)
    }
    /// Binds a template's placeholders to the closure's parameter types, in order.
    static func bind(
        _ placeholders: [TemplatePlaceholder], to types: [ParameterType], pattern: String
    ) -> (specs: [ParameterSpec], problems: [URLConfigurationProblem]) {
        guard placeholders.count == types.count else {
            return ([], [.arityMismatch(pattern: pattern, placeholders: placeholders.count, parameters: types.count)])
        }
        var specs: [ParameterSpec] = []
        var problems: [URLConfigurationProblem] = []
        for (placeholder, type) in zip(placeholders, types) {
            var mode: Mode? = placeholder.mode
            switch (placeholder.mode, type.multiplicity) {
            case (.required, .one), (.catchAll, .one), (.catchAll, .repeated), (.optional, .optional),
                (.repeated, .repeated):
                break
            case (.defaulted(let text), .one):
                mode = type.canonicalText(text[...]).map { .defaulted($0) }
                if mode == nil { problems.append(.badDefault(pattern: pattern, name: placeholder.name, text: text)) }
            default:
                problems.append(.parameterTypeMismatch(pattern: pattern, name: placeholder.name, type: type.name))
                mode = nil
            }
            if let mode {
                specs.append(ParameterSpec(name: placeholder.name, key: placeholder.key, mode: mode, type: type))
            }
        }
        return (problems.isEmpty ? specs : [], problems)
    }
}

/// A closure's parameter pack: how to build its output from a URL's values, and back. A class:
/// routers, links and patterns share it, and a copy of what holds it is one retain.
@usableFromInline final class ParameterCodec<Output>: Sendable {
    let types: [ParameterType]
    @usableFromInline let make: @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Output
    let values: @Sendable (Output) -> [[String]]?
    @inlinable convenience init<each Value: URLParameter>(
        _ make: @escaping @Sendable (repeat each Value) -> Output,
        match: @escaping @Sendable (Output) -> (repeat each Value)?
    ) {
        var types: [ParameterType] = []
        for type in repeat (each Value).self { types.append(ParameterType(type)) }
        self.init(
            types: types,
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) -> Output in
                try make(repeat reader.next((each Value).self))
            },
            values: { output in
                guard let values = match(output) else { return nil }
                var texts: [[String]] = []
                for value in repeat each values { texts.append(value.urlComponents) }
                return texts
            })
    }
    /// A codec whose closure also reads the flow's environment; it prints nothing (a link's).
    @inlinable convenience init<each Value: URLParameter>(
        environment make: @escaping @Sendable (FlowEnvironment, repeat each Value) -> Output
    ) {
        var types: [ParameterType] = []
        for type in repeat (each Value).self { types.append(ParameterType(type)) }
        self.init(
            types: types,
            make: { (reader: inout ArgumentReader) throws(DeepLinkError) -> Output in
                let environment = reader.environment
                return try make(environment, repeat reader.next((each Value).self))
            },
            values: { _ in nil })
    }
    /// A codec of its parts. The fixed-arity declarations (``DeepLink``, ``RoutePattern``, one to
    /// three parameters) build their closures with concrete types, which the optimiser
    /// specialises; it does not specialise a parameter pack's.
    @usableFromInline init(
        types: [ParameterType], make: @escaping @Sendable (inout ArgumentReader) throws(DeepLinkError) -> Output,
        values: @escaping @Sendable (Output) -> [[String]]?
    ) {
        (self.types, self.make, self.values) = (types, make, values)
    }
    convenience init(constant: Output) where Output: Equatable & Sendable {
        self.init(types: [], make: { _ in constant }, values: { $0 == constant ? [] : nil })
    }
}
