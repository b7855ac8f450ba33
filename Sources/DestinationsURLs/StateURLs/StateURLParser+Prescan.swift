import Destinations

extension StateURLParser {
    /// The one pass over a state path, before the parser allocates anything that grows with the
    /// input: segment count and length, parenthesis balance and nesting, escape syntax, dot and
    /// empty segments (but a trailing `/`), no raw byte of 0x80 or above, control, space, query or
    /// fragment.
    @usableFromInline static func prescan(_ bytes: [UInt8], _ start: Int, _ end: Int, limits: URLLimits)
        throws(DeepLinkError)
    {
        guard start < end else { return }
        let segments =
            bytes[start..<end].count(where: { $0 == UInt8(ascii: "/") }) + (bytes[end - 1] == UInt8(ascii: "/") ? 0 : 1)
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
                guard URLByte.escaped(bytes, at: index, end: end) != nil else {
                    throw .malformed(.percentEncoding, offset: index)
                }
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
    /// Checks one segment: not empty, not too long, not `.` or `..` in any spelling (`%2e`).
    @usableFromInline static func checkSegment(_ bytes: [UInt8], _ start: Int, _ end: Int, limits: URLLimits)
        throws(DeepLinkError)
    {
        guard start < end else { throw .malformed(.emptySegment, offset: start) }
        guard end - start <= limits.segmentBytes else {
            throw .segmentTooLong(bytes: end - start, limit: limits.segmentBytes, offset: start)
        }
        if end - start <= 6, let decoded = URLByte.unreservedDecoded(bytes, start, end), decoded.count <= 2,
            decoded.allSatisfy({ $0 == UInt8(ascii: ".") })
        {
            throw .malformed(.dotSegment, offset: start)
        }
    }
}
