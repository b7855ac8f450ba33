/// A template's placeholder: a path segment's (`key` is `nil`), a named parameter's or a query item's.
typealias TemplatePlaceholder = (name: String, mode: ParameterSpec.Mode, key: String?, offset: Int)

/// A parsed template: a route pattern's `keyword(/{name})*[(key={name…},…)]` or a deep link's.
struct URLTemplate: Sendable {
    enum Segment: Hashable, Sendable {
        case constant(String)
        /// A typed segment: the index of its placeholder.
        case parameter(Int)
        /// The rest of the path: the index of its placeholder.
        case catchAll(Int)
        /// Typed parameters with constants around and between them (`@{user}`, `{user}@{host}`).
        case compound(CompoundSegment)
    }
    var segments: [Segment] = []
    /// A deep link's host (`//host/…`); `nil` when the template names none.
    var host: HostTemplate?
    var placeholders: [TemplatePlaceholder] = []
    private let bytes: [UInt8]
    private var offset = 0
    /// Parses a route pattern's template (`route`) or a deep link's.
    init(_ template: String, route: Bool) throws(TemplateError) {
        bytes = Array(template.utf8)
        if !route && take(UInt8(ascii: "/")) && take(UInt8(ascii: "/")) {
            host = try hostTemplate()
            try expect(UInt8(ascii: "/"))
        }
        repeat {
            if case .catchAll? = segments.last { throw TemplateError(offset: offset) }
            let start = offset
            if !(route && segments.isEmpty), let compound = try compound(route: route) {
                segments.append(.compound(compound))
            } else if !(route && segments.isEmpty) && peek == UInt8(ascii: "{") {
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
    static func compile(_ template: String, route: Bool, types: [ParameterType])
        -> (parsed: URLTemplate?, parameters: [ParameterSpec], problems: [URLConfigurationProblem])
    {
        do throws(TemplateError) {
            let parsed = try URLTemplate(template, route: route)
            let (parameters, problems) = ParameterSpec.bind(parsed.placeholders, to: types, pattern: template)
            return (parsed, parameters, problems)
        } catch {
            return (nil, [], [.badTemplate(pattern: template, offset: error.offset)])
        }
    }
    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }
    /// `*`, `*.example.com`, `example.com` or `{name}` after a link template's `//`.
    private mutating func hostTemplate() throws(TemplateError) -> HostTemplate {
        let start = offset
        if peek == UInt8(ascii: "{") {
            let placeholder = try placeholder(key: nil)
            guard placeholder.mode == .required else { throw TemplateError(offset: start) }
            placeholders.append(placeholder)
            return HostTemplate(rule: .any, parameter: placeholders.count - 1)
        }
        let text = word { $0 != UInt8(ascii: "/") }
        guard let rule = HostRule(text) else { throw TemplateError(offset: start) }
        return HostTemplate(rule: rule, parameter: nil)
    }
    /// A segment with constants beside a placeholder (`@{user}`, `v{n}.json`); `nil` for another
    /// segment, the offset unchanged. Two placeholders need a constant between them.
    /// A route's constants leave out the state URL's own marks (`!` and `,`), and one after a
    /// placeholder starts with no letter or digit, which a percent escape could hold.
    private mutating func compound(route: Bool) throws(TemplateError) -> CompoundSegment? {
        let start = offset
        var end = offset
        // A route's segment also ends where its named parameters open.
        let close = route ? UInt8(ascii: "(") : UInt8(ascii: "?")
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != close { end += 1 }
        let braces = bytes[start..<end].count { $0 == UInt8(ascii: "{") }
        let whole = braces == 1 && bytes[start] == UInt8(ascii: "{") && bytes[end - 1] == UInt8(ascii: "}")
        guard braces > 0, !whole else { return nil }
        var literals: [[UInt8]] = [[]]
        var parameters: [Int] = []
        while offset < end {
            if peek == UInt8(ascii: "{") {
                let placeholderStart = offset
                guard parameters.isEmpty || !literals[literals.count - 1].isEmpty else {
                    throw TemplateError(offset: placeholderStart)
                }
                let placeholder = try placeholder(key: nil)
                guard placeholder.mode == .required else { throw TemplateError(offset: placeholderStart) }
                parameters.append(placeholders.count)
                placeholders.append(placeholder)
                literals.append([])
            } else {
                let first = literals[literals.count - 1].isEmpty && !parameters.isEmpty
                guard let byte = peek, CompoundSegment.isLiteralByte(byte),
                    !route || CompoundSegment.isRouteLiteralByte(byte, first: first)
                else { throw TemplateError(offset: offset) }
                literals[literals.count - 1].append(byte)
                offset += 1
            }
        }
        return CompoundSegment(literals: literals, parameters: parameters)
    }
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
struct TemplateError: Error {
    let offset: Int
}
