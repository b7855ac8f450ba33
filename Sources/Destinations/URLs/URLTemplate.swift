/// Where a template breaks its grammar.
struct TemplateError: Error {
    let offset: Int
}

/// A placeholder of a template: `{name}`, `{name=default}`, `{name?}`, `{name*}` or
/// `{name...}`.
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
    /// Where it is named, for `{x}` at a position or `key={x}` as a named parameter.
    let placement: ParameterSpec.Placement
    let offset: Int
}

/// A route pattern's template: `keyword(/{name})*[(key={name…},…)]`.
struct RouteTemplate: Sendable {
    let keyword: String
    let placeholders: [TemplatePlaceholder]

    /// Parses a template.
    static func parse(_ template: String) throws(TemplateError) -> RouteTemplate {
        var scanner = TemplateScanner(template)
        let keyword = scanner.word { URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) || $0 == URLByte.dash }
        guard URLByte.isKeyword(keyword) else { throw TemplateError(offset: 0) }
        var placeholders: [TemplatePlaceholder] = []
        while scanner.take(URLByte.slash) {
            guard let placeholder = scanner.placeholder(placement: .positional) else {
                throw TemplateError(offset: scanner.offset)
            }
            guard placeholder.modifier == .none else { throw TemplateError(offset: placeholder.offset) }
            placeholders.append(placeholder)
        }
        if scanner.take(URLByte.openParen) {
            repeat {
                let keyStart = scanner.offset
                let key = scanner.word { URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) || $0 == URLByte.dash }
                guard URLByte.isKeyword(key) else { throw TemplateError(offset: keyStart) }
                guard scanner.take(URLByte.equals), let placeholder = scanner.placeholder(placement: .named(key)) else {
                    throw TemplateError(offset: scanner.offset)
                }
                guard placeholder.modifier != .catchAll else { throw TemplateError(offset: placeholder.offset) }
                placeholders.append(placeholder)
            } while scanner.take(URLByte.comma)
            guard scanner.take(URLByte.closeParen) else { throw TemplateError(offset: scanner.offset) }
        }
        guard scanner.isAtEnd else { throw TemplateError(offset: scanner.offset) }
        if let offset = duplicateOffset(placeholders) { throw TemplateError(offset: offset) }
        return RouteTemplate(keyword: keyword, placeholders: placeholders)
    }
}

/// A deep link's template: `[/]segment(/segment)*[?key={name…}(&key={name…})*]`.
@usableFromInline
struct LinkTemplate: Sendable {
    @usableFromInline
    enum Segment: Hashable, Sendable {
        case constant(String)
        /// A typed segment: the index of its placeholder.
        case parameter(Int)
        /// The rest of the path: the index of its placeholder.
        case catchAll(Int)
    }

    let segments: [Segment]
    let placeholders: [TemplatePlaceholder]

    /// Parses a template.
    static func parse(_ template: String) throws(TemplateError) -> LinkTemplate {
        var scanner = TemplateScanner(template)
        _ = scanner.take(URLByte.slash)
        var segments: [Segment] = []
        var placeholders: [TemplatePlaceholder] = []
        repeat {
            if case .catchAll? = segments.last { throw TemplateError(offset: scanner.offset) }
            let start = scanner.offset
            if scanner.peek == 0x7B {
                guard let placeholder = scanner.placeholder(placement: .positional) else { throw TemplateError(offset: scanner.offset) }
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
                let keyStart = scanner.offset
                let key = scanner.word { $0 != URLByte.equals && $0 != URLByte.ampersand }
                guard URLByte.isLabel(key) else { throw TemplateError(offset: keyStart) }
                guard scanner.take(URLByte.equals), let placeholder = scanner.placeholder(placement: .named(key)) else {
                    throw TemplateError(offset: scanner.offset)
                }
                guard placeholder.modifier != .catchAll else { throw TemplateError(offset: placeholder.offset) }
                placeholders.append(placeholder)
            } while scanner.take(URLByte.ampersand)
        }
        guard scanner.isAtEnd else { throw TemplateError(offset: scanner.offset) }
        if let offset = duplicateOffset(placeholders) { throw TemplateError(offset: offset) }
        return LinkTemplate(segments: segments, placeholders: placeholders)
    }

    /// The first constant, which must not be a scene's name.
    var firstConstant: String? {
        if case .constant(let constant)? = segments.first { return constant }
        return nil
    }
}

/// The offset of the first placeholder whose name, or key, repeats an earlier one.
private func duplicateOffset(_ placeholders: [TemplatePlaceholder]) -> Int? {
    var names: Set<String> = []
    var keys: Set<String> = []
    for placeholder in placeholders {
        guard names.insert(placeholder.name).inserted else { return placeholder.offset }
        if case .named(let key) = placeholder.placement, !keys.insert(key).inserted { return placeholder.offset }
    }
    return nil
}

/// Reads a template's bytes.
private struct TemplateScanner {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ template: String) {
        bytes = Array(template.utf8)
    }

    var isAtEnd: Bool { offset == bytes.count }
    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        offset += 1
        return true
    }

    /// The longest run of bytes from here that satisfy `accept`.
    mutating func word(_ accept: (UInt8) -> Bool) -> String {
        let start = offset
        while let byte = peek, accept(byte), byte != 0x7B, byte != 0x7D { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// `{name}`, `{name=text}`, `{name?}`, `{name*}` or `{name...}`.
    mutating func placeholder(placement: ParameterSpec.Placement) -> TemplatePlaceholder? {
        let start = offset
        guard take(0x7B) else { return nil }
        let name = word { URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) || $0 == URLByte.dash }
        guard URLByte.isKeyword(name) else { return nil }
        let modifier: TemplatePlaceholder.Modifier
        if take(URLByte.equals) {
            let textStart = offset
            while let byte = peek, byte != 0x7D, byte != 0x7B { offset += 1 }
            modifier = .defaulted(String(decoding: bytes[textStart..<offset], as: UTF8.self))
        } else if take(0x3F) {
            modifier = .optional
        } else if take(URLByte.star) {
            modifier = .repeated
        } else if take(URLByte.dot) {
            guard take(URLByte.dot), take(URLByte.dot) else { return nil }
            modifier = .catchAll
        } else {
            modifier = .none
        }
        guard take(0x7D) else { return nil }
        return TemplatePlaceholder(name: name, modifier: modifier, placement: placement, offset: start)
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
            let multiplicity = type.multiplicity
            let mode: Mode?
            switch (placeholder.placement, placeholder.modifier) {
            case (.positional, .none):
                mode = multiplicity == .one ? .required : nil
            case (.positional, .catchAll):
                mode = multiplicity == .optional ? nil : .catchAll
            case (.named, .none):
                mode = multiplicity == .one ? .required : nil
            case (.named, .defaulted(let text)):
                guard multiplicity == .one else {
                    mode = nil
                    break
                }
                guard let canonical = type.canonicalText(text[...]) else {
                    problems.append(.badDefault(pattern: pattern, name: placeholder.name, text: text))
                    continue
                }
                mode = .defaulted(canonical)
            case (.named, .optional):
                mode = multiplicity == .optional ? .optional : nil
            case (.named, .repeated):
                mode = multiplicity == .repeated ? .repeated : nil
            default:
                mode = nil
            }
            guard let mode else {
                problems.append(.parameterTypeMismatch(pattern: pattern, name: placeholder.name, type: type.name))
                continue
            }
            specs.append(ParameterSpec(name: placeholder.name, placement: placeholder.placement, mode: mode, type: type))
        }
        return (problems.isEmpty ? specs : [], problems)
    }
}
