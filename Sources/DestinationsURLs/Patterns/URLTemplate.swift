import Destinations

/// Where a template breaks its grammar.
@usableFromInline struct TemplateError: Error {
    @usableFromInline let offset: Int
}
/// A placeholder of a template: `{name}`, `{name=default}`, `{name?}`, `{name*}` or
/// `{name...}`, at a position (`key` is `nil`) or as a named parameter or query item.
@usableFromInline struct TemplatePlaceholder: Hashable, Sendable {
    @usableFromInline enum Modifier: Hashable, Sendable {
        case none
        case defaulted(String)
        case optional
        case repeated
        case catchAll
    }
    @usableFromInline let name: String
    @usableFromInline let modifier: Modifier
    @usableFromInline let key: String?
    @usableFromInline let offset: Int
}

/// A route pattern's template: `keyword(/{name})*[(key={name…},…)]`.
@usableFromInline struct RouteTemplate: Sendable {
    @usableFromInline let keyword: String
    @usableFromInline let placeholders: [TemplatePlaceholder]
    @usableFromInline static func parse(_ template: String) throws(TemplateError) -> RouteTemplate {
        var scanner = TemplateScanner(template)
        let keyword = scanner.word(URLByte.isKeywordByte)
        guard URLByte.isKeyword(keyword) else { throw TemplateError(offset: 0) }
        var placeholders: [TemplatePlaceholder] = []
        while scanner.take(UInt8(ascii: "/")) {
            let placeholder = try scanner.placeholder(key: nil)
            guard placeholder.modifier == .none else { throw TemplateError(offset: placeholder.offset) }
            placeholders.append(placeholder)
        }
        if scanner.take(UInt8(ascii: "(")) {
            repeat {
                placeholders.append(try scanner.named(separatedBy: UInt8(ascii: ","), keyBytes: URLByte.isKeywordByte))
            } while scanner.take(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: ")"))
        }
        try scanner.expectEnd(placeholders)
        return RouteTemplate(keyword: keyword, placeholders: placeholders)
    }
}

/// A deep link's template: `[/]segment(/segment)*[?key={name…}(&key={name…})*]`.
@usableFromInline struct LinkTemplate: Sendable {
    @usableFromInline enum Segment: Hashable, Sendable {
        case constant(String)
        /// A typed segment: the index of its placeholder.
        case parameter(Int)
        /// The rest of the path: the index of its placeholder.
        case catchAll(Int)
    }
    @usableFromInline let segments: [Segment]
    @usableFromInline let placeholders: [TemplatePlaceholder]
    @usableFromInline static func parse(_ template: String) throws(TemplateError) -> LinkTemplate {
        var scanner = TemplateScanner(template)
        _ = scanner.take(UInt8(ascii: "/"))
        var segments: [Segment] = []
        var placeholders: [TemplatePlaceholder] = []
        repeat {
            if case .catchAll? = segments.last { throw TemplateError(offset: scanner.offset) }
            let start = scanner.offset
            if scanner.peek == UInt8(ascii: "{") {
                let placeholder = try scanner.placeholder(key: nil)
                switch placeholder.modifier {
                case .none: segments.append(.parameter(placeholders.count))
                case .catchAll: segments.append(.catchAll(placeholders.count))
                default: throw TemplateError(offset: start)
                }
                placeholders.append(placeholder)
            } else {
                let constant = scanner.word { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") }
                guard URLByte.isLabel(constant) else { throw TemplateError(offset: start) }
                segments.append(.constant(constant))
            }
        } while scanner.take(UInt8(ascii: "/"))
        if scanner.take(UInt8(ascii: "?")) {
            repeat {
                placeholders.append(
                    try scanner.named(separatedBy: UInt8(ascii: "&")) {
                        $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: "&")
                    })
            } while scanner.take(UInt8(ascii: "&"))
        }
        try scanner.expectEnd(placeholders)
        return LinkTemplate(segments: segments, placeholders: placeholders)
    }
}

/// Reads a template's bytes.
@usableFromInline struct TemplateScanner {
    @usableFromInline let bytes: [UInt8]
    private(set) var offset = 0
    @usableFromInline init(_ template: String) {
        bytes = Array(template.utf8)
    }
    @usableFromInline var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }
    @usableFromInline mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        offset += 1
        return true
    }
    @usableFromInline mutating func expect(_ byte: UInt8) throws(TemplateError) {
        guard take(byte) else { throw TemplateError(offset: offset) }
    }
    /// Checks that the template ends here and that no placeholder repeats a name or a key.
    @usableFromInline func expectEnd(_ placeholders: [TemplatePlaceholder]) throws(TemplateError) {
        guard offset == bytes.count else { throw TemplateError(offset: offset) }
        var names: Set<String> = []
        var keys: Set<String> = []
        for placeholder in placeholders {
            guard names.insert(placeholder.name).inserted else { throw TemplateError(offset: placeholder.offset) }
            if let key = placeholder.key, !keys.insert(key).inserted { throw TemplateError(offset: placeholder.offset) }
        }
    }
    /// The longest run of bytes from here that satisfy `accept`, braces excluded.
    @usableFromInline mutating func word(_ accept: (UInt8) -> Bool) -> String {
        let start = offset
        while let byte = peek, accept(byte), byte != UInt8(ascii: "{"), byte != UInt8(ascii: "}") { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }
    /// `key={placeholder}`: a named parameter or a query item.
    @usableFromInline mutating func named(separatedBy separator: UInt8, keyBytes: (UInt8) -> Bool) throws(TemplateError)
        -> TemplatePlaceholder
    {
        let keyStart = offset
        let key = word(keyBytes)
        let valid = separator == UInt8(ascii: ",") ? URLByte.isKeyword(key) : URLByte.isLabel(key)
        guard valid else { throw TemplateError(offset: keyStart) }
        try expect(UInt8(ascii: "="))
        let placeholder = try placeholder(key: key)
        guard placeholder.modifier != .catchAll else { throw TemplateError(offset: placeholder.offset) }
        return placeholder
    }
    /// `{name}`, `{name=text}`, `{name?}`, `{name*}` or `{name...}`.
    @usableFromInline mutating func placeholder(key: String?) throws(TemplateError) -> TemplatePlaceholder {
        let start = offset
        try expect(UInt8(ascii: "{"))
        let name = word(URLByte.isKeywordByte)
        guard URLByte.isKeyword(name) else { throw TemplateError(offset: offset) }
        let modifier: TemplatePlaceholder.Modifier
        if take(UInt8(ascii: "=")) {
            let textStart = offset
            while let byte = peek, byte != UInt8(ascii: "}"), byte != UInt8(ascii: "{") { offset += 1 }
            modifier = .defaulted(String(decoding: bytes[textStart..<offset], as: UTF8.self))
        } else if take(UInt8(ascii: "?")) {
            modifier = .optional
        } else if take(UInt8(ascii: "*")) {
            modifier = .repeated
        } else if take(UInt8(ascii: ".")) {
            guard take(UInt8(ascii: ".")), take(UInt8(ascii: ".")) else { throw TemplateError(offset: offset) }
            modifier = .catchAll
        } else {
            modifier = .none
        }
        try expect(UInt8(ascii: "}"))
        return TemplatePlaceholder(name: name, modifier: modifier, key: key, offset: start)
    }
}

extension ParameterSpec {
    /// Binds a template's placeholders to the closure's parameter types, in order, and reports
    /// what does not fit.
    @usableFromInline static func bind(
        _ placeholders: [TemplatePlaceholder],
        to types: [ParameterType],
        pattern: String
    ) -> (specs: [ParameterSpec], problems: [URLConfigurationProblem]) {
        guard placeholders.count == types.count else {
            return ([], [.arityMismatch(pattern: pattern, placeholders: placeholders.count, parameters: types.count)])
        }
        var specs: [ParameterSpec] = []
        var problems: [URLConfigurationProblem] = []
        for (placeholder, type) in zip(placeholders, types) {
            let mode: Mode? =
                switch (placeholder.modifier, type.multiplicity) {
                case (.none, .one): .required
                case (.catchAll, .one), (.catchAll, .repeated): .catchAll
                case (.defaulted(let text), .one): type.canonicalText(text[...]).map { .defaulted($0) }
                case (.optional, .optional): .optional
                case (.repeated, .repeated): .repeated
                default: nil
                }
            if case .defaulted(let text) = placeholder.modifier, type.multiplicity == .one, mode == nil {
                problems.append(.badDefault(pattern: pattern, name: placeholder.name, text: text))
                continue
            }
            guard let mode else {
                problems.append(.parameterTypeMismatch(pattern: pattern, name: placeholder.name, type: type.name))
                continue
            }
            specs.append(ParameterSpec(name: placeholder.name, key: placeholder.key, mode: mode, type: type))
        }
        return (problems.isEmpty ? specs : [], problems)
    }
}
