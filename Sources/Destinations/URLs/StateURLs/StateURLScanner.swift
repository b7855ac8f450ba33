/// The one pass over a state path that checks the limits and the byte-level rules before the
/// parser allocates anything that grows with the input.
@usableFromInline enum StateURLScanner {
    /// Checks `bytes[start..<end]`: segment count and length, parenthesis balance and nesting,
    /// percent-escape syntax, dot segments and empty segments (a single trailing `/` is
    /// allowed), no raw byte of 0x80 or above, no control character, space, query or
    /// fragment.
    @usableFromInline static func prescan(
        _ bytes: [UInt8],
        _ start: Int,
        _ end: Int,
        limits: URLLimits
    ) throws(DeepLinkError) {
        guard start < end else { return }
        var segments = 1
        for index in start..<end where bytes[index] == UInt8(ascii: "/") { segments += 1 }
        if bytes[end - 1] == UInt8(ascii: "/") { segments -= 1 }
        guard segments <= limits.segments else { throw .tooManySegments(count: segments, limit: limits.segments) }
        var segmentStart = start
        var parentheses = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/"):
                try checkSegment(bytes, segmentStart, index, limits: limits)
                segmentStart = index + 1
            case UInt8(ascii: "("):
                parentheses += 1
                if parentheses > limits.depth { throw .tooDeep(depth: parentheses, limit: limits.depth) }
            case UInt8(ascii: ")"):
                parentheses -= 1
                if parentheses < 0 { throw .malformed(.unbalancedParenthesis, offset: index) }
            case UInt8(ascii: "%"):
                guard index + 2 < end, URLByte.hexValue(bytes[index + 1]) != nil, URLByte.hexValue(bytes[index + 2]) != nil
                else { throw .malformed(.percentEncoding, offset: index) }
                index += 2
            case UInt8(ascii: "?"), UInt8(ascii: "#"):
                throw .unexpectedQuery
            case UInt8(ascii: " "):
                throw .malformed(.unexpectedByte(byte), offset: index)
            case 0..<0x20, 0x7F:
                throw .malformed(.controlCharacter, offset: index)
            case 0x80...:
                throw .malformed(.rawNonASCII, offset: index)
            default:
                break
            }
            index += 1
        }
        if segmentStart < end { try checkSegment(bytes, segmentStart, end, limits: limits) }
        if parentheses != 0 { throw .malformed(.unbalancedParenthesis, offset: end) }
    }

    /// Checks one `/`-separated segment: not empty, not too long, not a dot segment.
    @usableFromInline static func checkSegment(
        _ bytes: [UInt8],
        _ start: Int,
        _ end: Int,
        limits: URLLimits
    ) throws(DeepLinkError) {
        guard start < end else { throw .malformed(.emptySegment, offset: start) }
        guard end - start <= limits.segmentBytes else {
            throw .segmentTooLong(bytes: end - start, limit: limits.segmentBytes, offset: start)
        }
        if isDotSegment(bytes, start, end) { throw .malformed(.dotSegment, offset: start) }
    }

    /// Whether the segment is `.` or `..` once percent-encoded dots are decoded.
    @usableFromInline static func isDotSegment(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        guard end - start <= 6 else { return false }
        var dots = 0
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: ".") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%"), index + 2 < end, bytes[index + 1] == 0x32,
                bytes[index + 2] | 0x20 == 0x65
            {
                index += 3
            } else {
                return false
            }
            dots += 1
        }
        return dots == 1 || dots == 2
    }
}
