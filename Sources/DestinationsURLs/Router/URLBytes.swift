import Destinations

/// Byte classes of the URL grammar, over UTF-8 code units.
@usableFromInline enum URLByte {
    /// RFC 3986 *unreserved*: `A–Z a–z 0–9 - . _ ~`.
    @usableFromInline static func isUnreserved(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || isUppercaseLetter(byte) || isDigit(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }
    @usableFromInline static func isLowercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
    @usableFromInline static func isUppercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    @usableFromInline static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    @usableFromInline static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
    /// `[a-z0-9-]`: the bytes of a keyword after its first.
    @usableFromInline static func isKeywordByte(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }
    /// `[a-z0-9._-]`: the bytes of a label or a link constant.
    @usableFromInline static func isLabelByte(_ byte: UInt8) -> Bool {
        isKeywordByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
    /// The byte with ASCII upper case folded to lower case.
    @usableFromInline static func lowercased(_ byte: UInt8) -> UInt8 { isUppercaseLetter(byte) ? byte | 0x20 : byte }
    /// The value of a hexadecimal digit of either case.
    @usableFromInline static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
    /// The byte `%XX` at `index` stands for, when it is a valid escape.
    @usableFromInline static func escaped(_ bytes: [UInt8], at index: Int, end: Int) -> UInt8? {
        guard index + 2 < end, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
            return nil
        }
        return high << 4 | low
    }
    /// Whether `text` is a keyword or a template name: `[a-z][a-z0-9-]*`.
    @usableFromInline static func isKeyword(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLowercaseLetter(first) else { return false }
        return text.utf8.allSatisfy(isKeywordByte)
    }
    /// Whether `text` is a URL label or a link constant: `[a-z0-9][a-z0-9._-]*`.
    @usableFromInline static func isLabel(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLowercaseLetter(first) || isDigit(first) else { return false }
        return text.utf8.allSatisfy(isLabelByte)
    }
    /// The bytes `start..<end` with escapes of unreserved bytes decoded, which RFC 3986 §2.3
    /// makes equivalent to the bytes themselves; `nil` when an escape stands for another byte
    /// or is broken. The slice of `bytes` itself when there is no escape.
    @usableFromInline static func unreservedDecoded(_ bytes: [UInt8], _ start: Int, _ end: Int) -> ArraySlice<UInt8>? {
        guard bytes[start..<end].contains(UInt8(ascii: "%")) else { return bytes[start..<end] }
        var out: [UInt8] = []
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "%") {
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

extension [UInt8] {
    /// The bytes from `start` to `end` as a string, for messages: at most 64 bytes.
    @usableFromInline func echo(_ start: Int, _ end: Int) -> String {
        let upper = Swift.min(end, start + 64, count)
        guard start < upper else { return "" }
        return String(decoding: self[start..<upper], as: UTF8.self)
    }
}

/// Percent-encoding of URL components (URLS.md §3.4): every byte outside RFC 3986
/// *unreserved* prints as `%XX`. Three whole-segment values that URL parsers would rewrite
/// print as escapes: the empty string as `$`, `.` as `$.` and `..` as `$..`; data always
/// encodes `$` itself as `%24`, so the escapes are unambiguous.
@usableFromInline enum PercentEncoding {
    /// Appends `text` as a whole path segment: escaped when it is empty, `.` or `..`.
    @usableFromInline static func appendSegment(_ text: String, to out: inout [UInt8]) {
        if text.isEmpty || text == "." || text == ".." {
            out.append(UInt8(ascii: "$"))
            out += text.utf8
        } else {
            appendComponent(text, to: &out)
        }
    }
    /// Appends `text` percent-encoded, with no escapes: for values inside a segment.
    @usableFromInline static func appendComponent(_ text: String, to out: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if URLByte.isUnreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
    }
}

/// How one component is decoded.
@usableFromInline struct DecodingMode: Sendable {
    /// Whether `$`, `$.` and `$..` are escapes (whole path segments).
    @usableFromInline var escapes: Bool
    /// Whether `+` means a space (link query values).
    @usableFromInline var plusIsSpace: Bool
    /// Whether raw bytes of 0x80 and above are accepted (links typed into a browser).
    @usableFromInline var rawNonASCII: Bool
    /// Whether a value that decodes to `.` or `..` is refused (whole path segments).
    @usableFromInline var rejectsDots: Bool
    @usableFromInline static let stateSegment = DecodingMode(
        escapes: true, plusIsSpace: false, rawNonASCII: false, rejectsDots: true)
    @usableFromInline static let stateNamed = DecodingMode(
        escapes: false, plusIsSpace: false, rawNonASCII: false, rejectsDots: false)
    @usableFromInline static let linkSegment = DecodingMode(
        escapes: true, plusIsSpace: false, rawNonASCII: true, rejectsDots: true)
    @usableFromInline static let linkQuery = DecodingMode(
        escapes: false, plusIsSpace: true, rawNonASCII: true, rejectsDots: false)
}

@usableFromInline enum PercentDecoding {
    /// Decodes `bytes[start..<end]` into a string.
    ///
    /// - Throws: a broken escape, decoded bytes that are not UTF-8, a decoded control
    ///   character, and the escape, dot-segment and raw-byte problems the mode asks for, with
    ///   offsets into `bytes`.
    @usableFromInline static func decode(_ bytes: [UInt8], _ start: Int, _ end: Int, mode: DecodingMode)
        throws(DeepLinkError) -> String
    {
        String(decoding: try decodedBytes(bytes, start, end, mode: mode), as: UTF8.self)
    }
    /// The bytes ``decode(_:_:_:mode:)`` makes a string of: a slice of `bytes` when nothing is
    /// escaped.
    @usableFromInline static func decodedBytes(
        _ bytes: [UInt8], _ start: Int, _ end: Int, mode: DecodingMode
    ) throws(DeepLinkError) -> ArraySlice<UInt8> {
        if mode.escapes, start < end, bytes[start] == UInt8(ascii: "$") {
            switch bytes[start..<end] {
            case [UInt8(ascii: "$")]: return []
            case [UInt8(ascii: "$"), UInt8(ascii: ".")]: return bytes[(start + 1)..<end]
            case [UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: ".")]: return bytes[(start + 1)..<end]
            default: throw .malformed(.escape, offset: start)
            }
        }
        let plain = bytes[start..<end].allSatisfy {
            $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "$")
        }
        if plain
            && !(mode.rejectsDots && bytes[start..<end].allSatisfy({ $0 == UInt8(ascii: ".") }) && end - start <= 2)
        {
            return bytes[start..<end]
        }
        var out: [UInt8] = []
        var index = start
        while index < end {
            var byte = bytes[index]
            let source = index
            index += 1
            if byte == UInt8(ascii: "%") {
                guard let decoded = URLByte.escaped(bytes, at: source, end: end) else {
                    throw .malformed(.percentEncoding, offset: source)
                }
                byte = decoded
                index += 2
            } else if byte == UInt8(ascii: "+") && mode.plusIsSpace {
                byte = UInt8(ascii: " ")
            } else if byte == UInt8(ascii: "$") && mode.escapes {
                throw .malformed(.escape, offset: source)
            } else if byte >= 0x80 && !mode.rawNonASCII {
                throw .malformed(.rawNonASCII, offset: source)
            }
            if URLByte.isControl(byte) { throw .malformed(.controlCharacter, offset: source) }
            out.append(byte)
        }
        if let bad = firstInvalidUTF8(out) {
            var source = start
            for _ in 0..<bad { source += bytes[source] == UInt8(ascii: "%") ? 3 : 1 }
            throw .invalidUTF8(offset: source)
        }
        if mode.rejectsDots, out == [UInt8(ascii: ".")] || out == [UInt8(ascii: "."), UInt8(ascii: ".")] {
            throw .malformed(.dotSegment, offset: start)
        }
        return out[...]
    }
    /// The index of the first byte that breaks UTF-8 in `bytes` (overlong forms, surrogates and
    /// values above U+10FFFF included): the byte a sequence cannot take, or the start of one
    /// cut short by the end.
    @usableFromInline static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var index = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): index += scalar.count
            case .emptyInput: return nil
            case .error(let length):
                return (0xC2...0xF4).contains(bytes[index]) && index + length < bytes.count ? index + length : index
            }
        }
    }
}
