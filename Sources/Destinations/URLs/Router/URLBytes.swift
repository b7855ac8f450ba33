/// Byte classes of the URL grammar, over UTF-8 code units.
enum URLByte {
    static let slash: UInt8 = 0x2F
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let bang: UInt8 = 0x21
    static let star: UInt8 = 0x2A
    static let at: UInt8 = 0x40
    static let plus: UInt8 = 0x2B
    static let equals: UInt8 = 0x3D
    static let ampersand: UInt8 = 0x26
    static let question: UInt8 = 0x3F
    static let hash: UInt8 = 0x23
    static let percent: UInt8 = 0x25
    static let dollar: UInt8 = 0x24
    static let dot: UInt8 = 0x2E
    static let dash: UInt8 = 0x2D
    static let space: UInt8 = 0x20
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    /// RFC 3986 *unreserved*: `A–Z a–z 0–9 - . _ ~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || isUppercaseLetter(byte) || isDigit(byte)
            || byte == dash || byte == dot || byte == 0x5F || byte == 0x7E
    }

    static func isLowercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
    static func isUppercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
    /// `[a-z0-9-]`: the bytes of a keyword after its first.
    static func isKeywordByte(_ byte: UInt8) -> Bool { isLowercaseLetter(byte) || isDigit(byte) || byte == dash }
    /// `[a-z0-9._-]`: the bytes of a label or a link constant.
    static func isLabelByte(_ byte: UInt8) -> Bool { isKeywordByte(byte) || byte == dot || byte == 0x5F }

    /// The byte with ASCII upper case folded to lower case.
    static func lowercased(_ byte: UInt8) -> UInt8 { isUppercaseLetter(byte) ? byte | 0x20 : byte }

    /// The value of a hexadecimal digit of either case.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The byte `%XX` at `index` stands for, when it is a valid escape.
    static func escaped(_ bytes: [UInt8], at index: Int, end: Int) -> UInt8? {
        guard index + 2 < end, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
        return high << 4 | low
    }

    /// Whether `text` is a keyword or a template name: `[a-z][a-z0-9-]*`.
    static func isKeyword(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLowercaseLetter(first) else { return false }
        return text.utf8.allSatisfy(isKeywordByte)
    }

    /// Whether `text` is a URL label or a link constant: `[a-z0-9][a-z0-9._-]*`.
    static func isLabel(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLowercaseLetter(first) || isDigit(first) else { return false }
        return text.utf8.allSatisfy(isLabelByte)
    }

    /// The bytes `start..<end` with escapes of unreserved bytes decoded, which RFC 3986 §2.3
    /// makes equivalent to the bytes themselves; `nil` when an escape stands for another byte
    /// or is broken. The slice of `bytes` itself when there is no escape.
    static func unreservedDecoded(_ bytes: [UInt8], _ start: Int, _ end: Int) -> ArraySlice<UInt8>? {
        guard bytes[start..<end].contains(percent) else { return bytes[start..<end] }
        var out: [UInt8] = []
        var index = start
        while index < end {
            if bytes[index] == percent {
                guard let byte = escaped(bytes, at: index, end: end), isUnreserved(byte) else { return nil }
                out.append(byte)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out[...]
    }
}

extension Array<UInt8> {
    /// The bytes from `start` to `end` as a string, for messages: at most 64 bytes.
    func echo(_ start: Int, _ end: Int) -> String {
        let upper = Swift.min(end, start + 64, count)
        guard start < upper else { return "" }
        return String(decoding: self[start..<upper], as: UTF8.self)
    }
}

/// Percent-encoding of URL components (URLS.md §3.4): every byte outside RFC 3986
/// *unreserved* prints as `%XX`. Three whole-segment values that URL parsers would rewrite
/// print as escapes: the empty string as `$`, `.` as `$.` and `..` as `$..`; data always
/// encodes `$` itself as `%24`, so the escapes are unambiguous.
enum PercentEncoding {
    /// Appends `text` as a whole path segment: escaped when it is empty, `.` or `..`.
    static func appendSegment(_ text: String, to out: inout [UInt8]) {
        if text.isEmpty || text == "." || text == ".." {
            out.append(URLByte.dollar)
            out += text.utf8
        } else {
            appendComponent(text, to: &out)
        }
    }

    /// Appends `text` percent-encoded, with no escapes: for values inside a segment.
    static func appendComponent(_ text: String, to out: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if URLByte.isUnreserved(byte) {
                out.append(byte)
            } else {
                out += [URLByte.percent, digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
    }
}

/// How one component is decoded.
struct DecodingMode: Sendable {
    /// Whether `$`, `$.` and `$..` are escapes (whole path segments).
    var escapes: Bool
    /// Whether `+` means a space (link query values).
    var plusIsSpace: Bool
    /// Whether raw bytes of 0x80 and above are accepted (links typed into a browser).
    var rawNonASCII: Bool
    /// Whether a value that decodes to `.` or `..` is refused (whole path segments).
    var rejectsDots: Bool

    static let stateSegment = DecodingMode(escapes: true, plusIsSpace: false, rawNonASCII: false, rejectsDots: true)
    static let stateNamed = DecodingMode(escapes: false, plusIsSpace: false, rawNonASCII: false, rejectsDots: false)
    static let linkSegment = DecodingMode(escapes: true, plusIsSpace: false, rawNonASCII: true, rejectsDots: true)
    static let linkQuery = DecodingMode(escapes: false, plusIsSpace: true, rawNonASCII: true, rejectsDots: false)
}

enum PercentDecoding {
    /// Decodes `bytes[start..<end]` into a string.
    ///
    /// - Throws: a broken escape, decoded bytes that are not UTF-8, a decoded control
    ///   character, and the escape, dot-segment and raw-byte problems the mode asks for, with
    ///   offsets into `bytes`.
    static func decode(_ bytes: [UInt8], _ start: Int, _ end: Int, mode: DecodingMode) throws(DeepLinkError) -> String {
        if mode.escapes, start < end, bytes[start] == URLByte.dollar {
            switch bytes[start..<end] {
            case [URLByte.dollar]: return ""
            case [URLByte.dollar, URLByte.dot]: return "."
            case [URLByte.dollar, URLByte.dot, URLByte.dot]: return ".."
            default: throw .malformed(.escape, offset: start)
            }
        }
        let plain = bytes[start..<end].allSatisfy {
            $0 > 0x20 && $0 < 0x7F && $0 != URLByte.percent && $0 != URLByte.plus && $0 != URLByte.dollar
        }
        if plain && !(mode.rejectsDots && bytes[start..<end].allSatisfy({ $0 == URLByte.dot }) && end - start <= 2) {
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        var out: [UInt8] = []
        var validator = UTF8Validator()
        var index = start
        while index < end {
            var byte = bytes[index]
            let source = index
            index += 1
            if byte == URLByte.percent {
                guard let decoded = URLByte.escaped(bytes, at: source, end: end) else {
                    throw .malformed(.percentEncoding, offset: source)
                }
                byte = decoded
                index += 2
            } else if byte == URLByte.plus && mode.plusIsSpace {
                byte = URLByte.space
            } else if byte == URLByte.dollar && mode.escapes {
                throw .malformed(.escape, offset: source)
            } else if byte >= 0x80 && !mode.rawNonASCII {
                throw .malformed(.rawNonASCII, offset: source)
            }
            if URLByte.isControl(byte) { throw .malformed(.controlCharacter, offset: source) }
            guard validator.feed(byte, at: source) else { throw .invalidUTF8(offset: source) }
            out.append(byte)
        }
        if let incomplete = validator.incompleteSequenceStart { throw .invalidUTF8(offset: incomplete) }
        if mode.rejectsDots, out == [URLByte.dot] || out == [URLByte.dot, URLByte.dot] {
            throw .malformed(.dotSegment, offset: start)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A UTF-8 validator fed one byte at a time: rejects overlong forms, surrogates and values above
/// U+10FFFF, as the Unicode standard's table 3-7 says.
struct UTF8Validator {
    private var needed = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    private var sequenceStart = 0

    /// Feeds one byte, which came from `offset`; false when it breaks the encoding.
    mutating func feed(_ byte: UInt8, at offset: Int) -> Bool {
        if needed > 0 {
            guard byte >= lower, byte <= upper else { return false }
            needed -= 1
            (lower, upper) = (0x80, 0xBF)
            return true
        }
        sequenceStart = offset
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: needed = 1
        case 0xE0: (needed, lower) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE, 0xEF: needed = 2
        case 0xED: (needed, upper) = (2, 0x9F)
        case 0xF0: (needed, lower) = (3, 0x90)
        case 0xF1...0xF3: needed = 3
        case 0xF4: (needed, upper) = (3, 0x8F)
        default: return false
        }
        return true
    }

    /// Where the last sequence started, when the input ended inside it.
    var incompleteSequenceStart: Int? { needed > 0 ? sequenceStart : nil }
}
