import Foundation

/// Reads JSON bytes straight into a ``SnapshotValue`` tree, by the shape each value announces
/// with its first byte, instead of asking a `Decoder` for each scalar kind in turn.
///
/// It reads what `JSONDecoder` reads into a `SnapshotValue`: a number without a fraction or
/// exponent (or with a fraction of zeros) that fits 64 signed bits is an `integer`, one above
/// that which fits 64 unsigned bits `unsigned`; one with a fraction or an exponent below 2^53
/// that is whole is an `integer`; any other is a `double` (`JSONDecoder` also reads a whole
/// number written with an exponent above 2^53, such as `2e19`, as an integer). Strings must be
/// valid UTF-8 with valid escapes; a key given twice keeps its first value; a comma may close
/// an array or an object. It recurses once per
/// nesting level: callers check the nesting first (``NavigationSnapshot/nesting(of:above:)``).
struct JSONTreeReader {
    /// Why the bytes are not JSON, and where.
    struct Invalid: Error {
        let offset: Int
        let reason: String
    }

    /// The bytes read.
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The tree `data` holds.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when `data` is not one JSON value.
    static func read(_ data: Data) throws(DecodingError) -> SnapshotValue {
        try read([UInt8](data))
    }

    /// The tree `bytes` hold.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when `bytes` are not one JSON value.
    static func read(_ bytes: [UInt8]) throws(DecodingError) -> SnapshotValue {
        var reader = JSONTreeReader(bytes)
        // A UTF-8 byte-order mark, which JSONDecoder accepts, is skipped.
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        do throws(Invalid) {
            let value = try reader.value()
            reader.skipWhitespace()
            guard reader.position == reader.bytes.count else {
                throw Invalid(offset: reader.position, reason: "unexpected bytes after the JSON value")
            }
            return value
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "The given data was not valid JSON: \(error.reason) at byte \(error.offset)."))
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func fail(_ reason: String) -> Invalid {
        Invalid(offset: position, reason: reason)
    }

    private mutating func value() throws(Invalid) -> SnapshotValue {
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of data") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(Invalid) {
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { throw fail("unexpected character") }
            position += 1
        }
    }

    private mutating func object() throws(Invalid) -> SnapshotValue {
        position += 1
        if closes(with: "}") { return .object([:]) }
        // An element has two members (its id and its content), a route's case one: an object
        // of one or two is made as a literal of them, at its size, in code specialised here,
        // rather than grown (or sized) through the generic library code.
        let (firstKey, first) = try member()
        if try endsAfterMember(closing: "}") { return .object([firstKey: first]) }
        let (secondKey, second) = try member()
        // A key given twice keeps its first value, as `JSONDecoder` keeps it.
        var members = firstKey == secondKey ? [firstKey: first] : [firstKey: first, secondKey: second]
        if try endsAfterMember(closing: "}") { return .object(members) }
        while true {
            let (key, value) = try member()
            if let kept = members.updateValue(value, forKey: key) { members[key] = kept }
            if try endsAfterMember(closing: "}") { return .object(members) }
        }
    }

    /// An object's next member: its key and its value.
    private mutating func member() throws(Invalid) -> (String, SnapshotValue) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key") }
        let key = try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':'") }
        position += 1
        return (key, try value())
    }

    private mutating func array() throws(Invalid) -> SnapshotValue {
        position += 1
        var elements: [SnapshotValue] = []
        if closes(with: "]") { return .array(elements) }
        while true {
            elements.append(try value())
            if try endsAfterMember(closing: "]") { return .array(elements) }
        }
    }

    /// Whether the next byte after whitespace is `closing`, which it then reads.
    private mutating func closes(with closing: Unicode.Scalar) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: closing) else { return false }
        position += 1
        return true
    }

    /// Reads what follows a member of an object or an array: a comma (before another member, or
    /// before `closing`, as `JSONDecoder` allows) or `closing`. Returns whether the container ended.
    private mutating func endsAfterMember(closing: Unicode.Scalar) throws(Invalid) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of data") }
        switch bytes[position] {
        case UInt8(ascii: ","):
            position += 1
            return closes(with: closing)
        case UInt8(ascii: closing):
            position += 1
            return true
        default:
            throw fail("expected ',' or '\(closing)'")
        }
    }
}
