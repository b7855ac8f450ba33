/// A template's placeholder: a path segment's (`key` is `nil`), a named parameter's or a query item's.
@usableFromInline typealias TemplatePlaceholder = (name: String, mode: ParameterSpec.Mode, key: String?, offset: Int)

/// A parsed template: a route pattern's `keyword(/{name})*[(key={name…},…)]` or a deep link's.
@usableFromInline struct URLTemplate: Sendable {
    @usableFromInline enum Segment: Hashable, Sendable {
        case constant(String)
        /// A typed segment: the index of its placeholder.
        case parameter(Int)
        /// The rest of the path: the index of its placeholder.
        case catchAll(Int)
    }
    @usableFromInline var segments: [Segment] = []
    @usableFromInline var placeholders: [TemplatePlaceholder] = []
    private let bytes: [UInt8]
    private var offset = 0
    /// Parses a route pattern's template (`route`) or a deep link's.
    @usableFromInline init(_ template: String, route: Bool) throws(TemplateError) {
        bytes = Array(template.utf8)
        if !route { _ = take(UInt8(ascii: "/")) }
        repeat {
            if case .catchAll? = segments.last { throw TemplateError(offset: offset) }
            let start = offset
            if !(route && segments.isEmpty) && peek == UInt8(ascii: "{") {
                let placeholder = try placeholder(key: nil)
                switch placeholder.mode {
                case .required: segments.append(.parameter(placeholders.count))
                case .catchAll where !route: segments.append(.catchAll(placeholders.count))
                default: throw TemplateError(offset: start)
                }
                placeholders.append(placeholder)
            } else {
                let constant =
                    route ? word(URLByte.isKeywordByte) : word { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") }
                guard route ? segments.isEmpty && URLByte.isKeyword(constant) : URLByte.isLabel(constant) else {
                    throw TemplateError(offset: start)
                }
                segments.append(.constant(constant))
            }
        } while take(UInt8(ascii: "/"))
        let (open, separator) = route ? (UInt8(ascii: "("), UInt8(ascii: ",")) : (UInt8(ascii: "?"), UInt8(ascii: "&"))
        if take(open) {
            repeat {
                let keyStart = offset
                let key = route ? word(URLByte.isKeywordByte) : word { $0 != UInt8(ascii: "=") && $0 != separator }
                guard route ? URLByte.isKeyword(key) : URLByte.isLabel(key) else {
                    throw TemplateError(offset: keyStart)
                }
                try expect(UInt8(ascii: "="))
                let placeholder = try placeholder(key: key)
                guard placeholder.mode != .catchAll else { throw TemplateError(offset: placeholder.offset) }
                placeholders.append(placeholder)
            } while take(separator)
            if route { try expect(UInt8(ascii: ")")) }
        }
        guard offset == bytes.count else { throw TemplateError(offset: offset) }
        var names: Set<String> = []
        var keys: Set<String> = []
        for placeholder in placeholders {
            guard names.insert(placeholder.name).inserted else { throw TemplateError(offset: placeholder.offset) }
            if let key = placeholder.key, !keys.insert(key).inserted { throw TemplateError(offset: placeholder.offset) }
        }
    }
    /// A template's segments, and its parameters bound to `types` (none when something does not fit).
    @usableFromInline static func compile(_ template: String, route: Bool, types: [ParameterType])
        -> (segments: [Segment], parameters: [ParameterSpec], problems: [URLConfigurationProblem])
    {
        do throws(TemplateError) {
            let parsed = try URLTemplate(template, route: route)
            let (parameters, problems) = ParameterSpec.bind(parsed.placeholders, to: types, pattern: template)
            return (parsed.segments, parameters, problems)
        } catch {
            return ([], [], [.badTemplate(pattern: template, offset: error.offset)])
        }
    }
    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }
    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        offset += 1
        return true
    }
    private mutating func expect(_ byte: UInt8) throws(TemplateError) {
        guard take(byte) else { throw TemplateError(offset: offset) }
    }
    /// The longest run of bytes from here that satisfy `accept`, braces excluded.
    private mutating func word(_ accept: (UInt8) -> Bool) -> String {
        let start = offset
        while let byte = peek, accept(byte), byte != UInt8(ascii: "{"), byte != UInt8(ascii: "}") { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }
    /// `{name}`, `{name=text}`, `{name?}`, `{name*}` or `{name...}`.
    private mutating func placeholder(key: String?) throws(TemplateError) -> TemplatePlaceholder {
        let start = offset
        try expect(UInt8(ascii: "{"))
        let name = word(URLByte.isKeywordByte)
        guard URLByte.isKeyword(name) else { throw TemplateError(offset: offset) }
        var mode = ParameterSpec.Mode.required
        if take(UInt8(ascii: "=")) {
            mode = .defaulted(word { _ in true })
        } else if take(UInt8(ascii: "?")) {
            mode = .optional
        } else if take(UInt8(ascii: "*")) {
            mode = .repeated
        } else if take(UInt8(ascii: ".")) {
            guard take(UInt8(ascii: ".")), take(UInt8(ascii: ".")) else { throw TemplateError(offset: offset) }
            mode = .catchAll
        }
        try expect(UInt8(ascii: "}"))
        return (name, mode, key, start)
    }
}

/// Where a template breaks its grammar.
@usableFromInline struct TemplateError: Error {
    @usableFromInline let offset: Int
}
