/// Where a template breaks its grammar.
struct TemplateError: Error {
    let offset: Int
}

/// A placeholder of a template: `{name}`, `{name=default}`, `{name?}`, `{name*}` or
/// `{name...}`, at a position (`key` is `nil`) or as a named parameter or query item.
struct TemplatePlaceholder: Hashable, Sendable {
    enum Modifier: Hashable, Sendable {
        case none
        case defaulted(String)
        case optional
        case repeated
        case catchAll
    }

    let name: String
    let modifier: Modifier
    let key: String?
    let offset: Int
}

/// A route pattern's template: `keyword(/{name})*[(key={name…},…)]`.
struct RouteTemplate: Sendable {
    let keyword: String
    let placeholders: [TemplatePlaceholder]

    static func parse(_ template: String) throws(TemplateError) -> RouteTemplate {
        var scanner = TemplateScanner(template)
        let keyword = scanner.word(URLByte.isKeywordByte)
        guard URLByte.isKeyword(keyword) else { throw TemplateError(offset: 0) }
        var placeholders: [TemplatePlaceholder] = []
        while scanner.take(URLByte.slash) {
            let placeholder = try scanner.placeholder(key: nil)
            guard placeholder.modifier == .none else { throw TemplateError(offset: placeholder.offset) }
            placeholders.append(placeholder)
        }
        if scanner.take(URLByte.openParen) {
            repeat {
                placeholders.append(try scanner.named(separatedBy: URLByte.comma, keyBytes: URLByte.isKeywordByte))
            } while scanner.take(URLByte.comma)
            try scanner.expect(URLByte.closeParen)
        }
        try scanner.expectEnd(placeholders)
        return RouteTemplate(keyword: keyword, placeholders: placeholders)
    }
}

/// A deep link's template: `[/]segment(/segment)*[?key={name…}(&key={name…})*]`.
struct LinkTemplate: Sendable {
    enum Segment: Hashable, Sendable {
        case constant(String)
        /// A typed segment: the index of its placeholder.
        case parameter(Int)
        /// The rest of the path: the index of its placeholder.
        case catchAll(Int)
    }

    let segments: [Segment]
    let placeholders: [TemplatePlaceholder]

    static func parse(_ template: String) throws(TemplateError) -> LinkTemplate {
        var scanner = TemplateScanner(template)
        _ = scanner.take(URLByte.slash)
        var segments: [Segment] = []
        var placeholders: [TemplatePlaceholder] = []
        repeat {
            if case .catchAll? = segments.last { throw TemplateError(offset: scanner.offset) }
            let start = scanner.offset
            if scanner.peek == URLByte.openBrace {
                let placeholder = try scanner.placeholder(key: nil)
                switch placeholder.modifier {
                case .none: segments.append(.parameter(placeholders.count))
                case .catchAll: segments.append(.catchAll(placeholders.count))
                default: throw TemplateError(offset: start)
                }
                placeholders.append(placeholder)
            } else {
                let constant = scanner.word { $0 != URLByte.slash && $0 != URLByte.question }
                guard URLByte.isLabel(constant) else { throw TemplateError(offset: start) }
                segments.append(.constant(constant))
            }
        } while scanner.take(URLByte.slash)
        if scanner.take(URLByte.question) {
            repeat {
                placeholders.append(
                    try scanner.named(separatedBy: URLByte.ampersand) { $0 != URLByte.equals && $0 != URLByte.ampersand })
            } while scanner.take(URLByte.ampersand)
        }
        try scanner.expectEnd(placeholders)
        return LinkTemplate(segments: segments, placeholders: placeholders)
    }
}

/// Reads a template's bytes.
private struct TemplateScanner {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ template: String) {
        bytes = Array(template.utf8)
    }

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        offset += 1
        return true
    }

    mutating func expect(_ byte: UInt8) throws(TemplateError) {
        guard take(byte) else { throw TemplateError(offset: offset) }
    }

    /// Checks that the template ends here and that no placeholder repeats a name or a key.
    func expectEnd(_ placeholders: [TemplatePlaceholder]) throws(TemplateError) {
        guard offset == bytes.count else { throw TemplateError(offset: offset) }
        var names: Set<String> = []
        var keys: Set<String> = []
        for placeholder in placeholders {
            guard names.insert(placeholder.name).inserted else { throw TemplateError(offset: placeholder.offset) }
            if let key = placeholder.key, !keys.insert(key).inserted { throw TemplateError(offset: placeholder.offset) }
        }
    }

    /// The longest run of bytes from here that satisfy `accept`, braces excluded.
    mutating func word(_ accept: (UInt8) -> Bool) -> String {
        let start = offset
        while let byte = peek, accept(byte), byte != URLByte.openBrace, byte != URLByte.closeBrace { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// `key={placeholder}`: a named parameter or a query item.
    mutating func named(separatedBy separator: UInt8, keyBytes: (UInt8) -> Bool) throws(TemplateError) -> TemplatePlaceholder {
        let keyStart = offset
        let key = word(keyBytes)
        let valid = separator == URLByte.comma ? URLByte.isKeyword(key) : URLByte.isLabel(key)
        guard valid else { throw TemplateError(offset: keyStart) }
        try expect(URLByte.equals)
        let placeholder = try placeholder(key: key)
        guard placeholder.modifier != .catchAll else { throw TemplateError(offset: placeholder.offset) }
        return placeholder
    }

    /// `{name}`, `{name=text}`, `{name?}`, `{name*}` or `{name...}`.
    mutating func placeholder(key: String?) throws(TemplateError) -> TemplatePlaceholder {
        let start = offset
        try expect(URLByte.openBrace)
        let name = word(URLByte.isKeywordByte)
        guard URLByte.isKeyword(name) else { throw TemplateError(offset: offset) }
        let modifier: TemplatePlaceholder.Modifier
        if take(URLByte.equals) {
            let textStart = offset
            while let byte = peek, byte != URLByte.closeBrace, byte != URLByte.openBrace { offset += 1 }
            modifier = .defaulted(String(decoding: bytes[textStart..<offset], as: UTF8.self))
        } else if take(URLByte.question) {
            modifier = .optional
        } else if take(URLByte.star) {
            modifier = .repeated
        } else if take(URLByte.dot) {
            guard take(URLByte.dot), take(URLByte.dot) else { throw TemplateError(offset: offset) }
            modifier = .catchAll
        } else {
            modifier = .none
        }
        try expect(URLByte.closeBrace)
        return TemplatePlaceholder(name: name, modifier: modifier, key: key, offset: start)
    }
}

extension ParameterSpec {
    /// Binds a template's placeholders to the closure's parameter types, in order, and reports
    /// what does not fit.
    static func bind(
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
            let mode: Mode?
            switch (placeholder.modifier, type.multiplicity) {
            case (.none, .one): mode = .required
            case (.catchAll, .one), (.catchAll, .repeated): mode = .catchAll
            case (.defaulted(let text), .one):
                guard let canonical = type.canonicalText(text[...]) else {
                    problems.append(.badDefault(pattern: pattern, name: placeholder.name, text: text))
                    continue
                }
                mode = .defaulted(canonical)
            case (.optional, .optional) where placeholder.key != nil: mode = .optional
            case (.repeated, .repeated) where placeholder.key != nil: mode = .repeated
            default: mode = nil
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
