extension JSONTreeReader {
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// The string that starts at ``position``, its quotes and escapes read.
    mutating func string() throws(Invalid) -> String {
        position += 1
        let start = position
        // The bytes or-ed together: below 0x80, the text is ASCII, valid UTF-8 as it stands.
        var bits: UInt8 = 0
        // Most strings have no escape: their bytes are the text.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.quote {
                let slice = bytes[start..<position]
                let text = bits < 0x80 ? String(decoding: slice, as: UTF8.self) : try self.text(slice)
                position += 1
                return text
            }
            if byte == Self.backslash { break }
            guard byte >= 0x20 else { throw fail("a control character in a string") }
            bits |= byte
            position += 1
        }
        var buffer = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case Self.quote:
                return try text(buffer[...])
            case Self.backslash:
                try escape(into: &buffer)
            default:
                guard byte >= 0x20 else { throw fail("a control character in a string") }
                buffer.append(byte)
            }
        }
        throw fail("an unterminated string")
    }

    private mutating func escape(into buffer: inout [UInt8]) throws(Invalid) {
        guard position < bytes.count else { throw fail("an unterminated string") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case Self.quote, Self.backslash, UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"): buffer.append(contentsOf: try unicodeEscape().utf8)
        default: throw fail("an invalid escape")
        }
    }

    /// The scalar of a `\u` escape, whose four digits start at ``position``: a high surrogate
    /// must be followed by the escape of a low one.
    private mutating func unicodeEscape() throws(Invalid) -> Unicode.Scalar {
        let first = try hexDigits()
        if (0xD800...0xDBFF).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == Self.backslash,
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw fail("a high surrogate without a low one") }
            position += 2
            let second = try hexDigits()
            guard (0xDC00...0xDFFF).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw fail("a high surrogate without a low one") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw fail("a low surrogate without a high one") }
        return scalar
    }

    private mutating func hexDigits() throws(Invalid) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw fail("an unterminated escape") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("an invalid hexadecimal digit")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private func text(_ slice: ArraySlice<UInt8>) throws(Invalid) -> String {
        // Decoding repairs what is not UTF-8: the text is valid when it reads back as the bytes.
        let text = String(decoding: slice, as: UTF8.self)
        guard text.utf8.elementsEqual(slice) else { throw fail("a string that is not UTF-8") }
        return text
    }

    private func isDigit(_ offset: Int) -> Bool {
        offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
    }

    /// The number that starts at ``position``, read as `JSONDecoder` reads it into a
    /// ``SnapshotValue``: the first of `Int64`, `UInt64` and `Double` that holds it (through a
    /// `Double` when it has a fraction or an exponent).
    mutating func number() throws(Invalid) -> SnapshotValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard isDigit(position) else { throw fail("a number without digits") }
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            guard !isDigit(position) else { throw fail("a number with a leading zero") }
        } else {
            while isDigit(position) {
                let (times, timesOverflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, sumOverflow) = times.addingReportingOverflow(UInt64(bytes[position] - UInt8(ascii: "0")))
                overflow = overflow || timesOverflow || sumOverflow
                magnitude = sum
                position += 1
            }
        }
        var fraction = false
        var zeroFraction = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            fraction = true
            position += 1
            guard isDigit(position) else { throw fail("a fraction without digits") }
            while isDigit(position) {
                if bytes[position] != UInt8(ascii: "0") { zeroFraction = false }
                position += 1
            }
        }
        var exponent = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            exponent = true
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard isDigit(position) else { throw fail("an exponent without digits") }
            while isDigit(position) { position += 1 }
        }
        if zeroFraction, !exponent, !overflow {
            if !negative {
                return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsigned(magnitude)
            }
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .integer(.min) }
        }
        guard let double = Double(String(decoding: bytes[start..<position], as: UTF8.self)), double.isFinite else {
            throw fail("a number out of range")
        }
        // Digits alone that overflow stay a `double`; a whole number written with a fraction or an
        // exponent is an integer where a `Double` holds every integer (below 2^53).
        if fraction || exponent, double.magnitude < 9_007_199_254_740_992, let integer = Int64(exactly: double) {
            return .integer(integer)
        }
        return .double(double)
    }
}
