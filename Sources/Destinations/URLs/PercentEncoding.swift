/// Percent-encoding and decoding of URL components (URLS.md §3.4), over UTF-8 bytes.
///
/// Printing writes every byte outside RFC 3986 *unreserved* as `%XX` with upper-case hex.
/// Three whole-segment values that URL parsers would rewrite print as escapes: the empty string
/// as `$`, `.` as `$.` and `..` as `$..`; data always encodes `$` itself as `%24`, so the escapes
/// are unambiguous.
enum PercentEncoding {
    /// Appends `text` as a whole path segment: escaped when it is empty, `.` or `..`,
    /// percent-encoded otherwise.
    static func appendSegment(_ text: String, to out: inout [UInt8]) {
        switch text.utf8.count {
        case 0:
            out.append(URLByte.dollar)
            return
        case 1, 2:
            if text.utf8.allSatisfy({ $0 == URLByte.dot }) {
                out.append(URLByte.dollar)
                out.append(contentsOf: text.utf8)
                return
            }
        default:
            break
        }
        appendComponent(text, to: &out)
    }

    /// Appends `text` percent-encoded, with no escapes: for named parameters and query values,
    /// which sit inside a segment.
    static func appendComponent(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if URLByte.isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(URLByte.percent)
                out.append(URLByte.hexDigit(byte >> 4))
                out.append(URLByte.hexDigit(byte & 0x0F))
            }
        }
    }
}

/// How one component is decoded.
@usableFromInline
struct DecodingMode: Sendable {
    /// Whether `$`, `$.` and `$..` are escapes (whole path segments).
    var escapes: Bool
    /// Whether `+` means a space (link query values).
    var plusIsSpace: Bool
    /// Whether raw bytes of 0x80 and above are accepted (link segments typed into a browser).
    var rawNonASCII: Bool
    /// Whether a value that decodes to `.` or `..` is refused (whole path segments).
    var rejectsDots: Bool

    /// A positional value or a label of a state URL.
    @usableFromInline
    static let stateSegment = DecodingMode(escapes: true, plusIsSpace: false, rawNonASCII: false, rejectsDots: true)
    /// A named parameter's value in a state URL.
    @usableFromInline
    static let stateNamed = DecodingMode(escapes: false, plusIsSpace: false, rawNonASCII: false, rejectsDots: false)
    /// A path segment of a deep link.
    @usableFromInline
    static let linkSegment = DecodingMode(escapes: true, plusIsSpace: false, rawNonASCII: true, rejectsDots: true)
    /// A query value of a deep link.
    @usableFromInline
    static let linkQuery = DecodingMode(escapes: false, plusIsSpace: true, rawNonASCII: true, rejectsDots: false)
}

@usableFromInline
enum PercentDecoding {
    /// Decodes the bytes `start..<end` of `bytes` into a string.
    ///
    /// - Throws: ``URLSyntaxProblem/percentEncoding`` for a broken escape,
    ///   ``DeepLinkError/invalidUTF8(offset:)`` for decoded bytes that are not UTF-8,
    ///   ``URLSyntaxProblem/controlCharacter`` for a decoded control character, and the escape,
    ///   dot-segment and raw-byte problems the mode asks for. Offsets are indices into `bytes`.
    @usableFromInline
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        mode: DecodingMode
    ) throws(DeepLinkError) -> String {
        if mode.escapes, start < end, bytes[start] == URLByte.dollar {
            return try escape(bytes, start, end)
        }
        var plain = true
        for index in start..<end {
            let byte = bytes[index]
            switch byte {
            case URLByte.percent:
                plain = false
            case URLByte.plus where mode.plusIsSpace:
                plain = false
            case URLByte.dollar where mode.escapes:
                throw .malformed(.escape, offset: index)
            case 0x80...:
                if !mode.rawNonASCII { throw .malformed(.rawNonASCII, offset: index) }
            case 0..<0x20, 0x7F:
                throw .malformed(.controlCharacter, offset: index)
            default:
                break
            }
        }
        if plain {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            if mode.rejectsDots, isDotSegment(bytes, start, end) { throw .malformed(.dotSegment, offset: start) }
            return text
        }
        var failure: DeepLinkError?
        let text = String(unsafeUninitializedCapacity: end - start) { output in
            do throws(DeepLinkError) {
                return try decodeEscapes(bytes, start, end, plusIsSpace: mode.plusIsSpace, into: output)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        if mode.rejectsDots, text == "." || text == ".." { throw .malformed(.dotSegment, offset: start) }
        return text
    }

    /// Whether the raw bytes are `.` or `..`, before any decoding.
    static func isDotSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 1: bytes[start] == URLByte.dot
        case 2: bytes[start] == URLByte.dot && bytes[start + 1] == URLByte.dot
        default: false
        }
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws(DeepLinkError) -> String {
        switch end - start {
        case 1: return ""
        case 2 where bytes[start + 1] == URLByte.dot: return "."
        case 3 where bytes[start + 1] == URLByte.dot && bytes[start + 2] == URLByte.dot: return ".."
        default: throw .malformed(.escape, offset: start)
        }
    }

    private static func decodeEscapes(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        plusIsSpace: Bool,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(DeepLinkError) -> Int {
        var validator = UTF8Validator()
        var written = 0
        var index = start
        while index < end {
            var byte = bytes[index]
            let source = index
            if byte == URLByte.percent {
                guard index + 2 < end,
                    let high = URLByte.hexValue(bytes[index + 1]),
                    let low = URLByte.hexValue(bytes[index + 2])
                else {
                    throw .malformed(.percentEncoding, offset: index)
                }
                byte = high << 4 | low
                index += 3
                if byte < 0x20 || byte == 0x7F { throw .malformed(.controlCharacter, offset: source) }
            } else {
                if byte == URLByte.plus && plusIsSpace { byte = URLByte.space }
                index += 1
            }
            guard validator.feed(byte, at: source) else { throw .invalidUTF8(offset: source) }
            output[written] = byte
            written += 1
        }
        if let incomplete = validator.incompleteSequenceStart { throw .invalidUTF8(offset: incomplete) }
        return written
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
            lower = 0x80
            upper = 0xBF
            return true
        }
        sequenceStart = offset
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: needed = 1
        case 0xE0: needed = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: needed = 2
        case 0xED: needed = 2; upper = 0x9F
        case 0xF0: needed = 3; lower = 0x90
        case 0xF1...0xF3: needed = 3
        case 0xF4: needed = 3; upper = 0x8F
        default: return false
        }
        return true
    }

    /// Where the last sequence started, when the input ended inside it.
    var incompleteSequenceStart: Int? { needed > 0 ? sequenceStart : nil }
}
