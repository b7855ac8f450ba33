/// A path with its dot segments removed as RFC 3986 §5.2.4 does: `.` is dropped, `..` removes
/// the segment before it, and a `..` with nothing before it to remove climbs a level (``ups``).
/// `g/./h` is `g/h`, `g/../h` is `h`, `./g/.` is `g/`; `.` and `..` spelled with `%2E` count.
struct DotSegments {
    /// The levels climbed by `..` segments with no segment of the path before them.
    private(set) var ups = 0
    /// The path without its dot segments.
    private(set) var bytes: [UInt8] = []
    /// For each byte of ``bytes``, and for its end, the offset in the path as written.
    private var origins: [Int] = []

    init(_ path: ArraySlice<UInt8>) {
        var kept: [Range<Int>] = []
        var endsInDots = false
        var start = path.startIndex
        while start <= path.endIndex {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
            let dots = Self.dots(path[start..<end])
            endsInDots = dots != nil
            if dots == 2, kept.popLast() == nil { ups += 1 }
            if dots == nil { kept.append(start..<end) }
            start = end + 1
        }
        // A path that ends in a dot segment ends in `/` (`g/.` is `g/`); one left empty is empty.
        if endsInDots, !kept.isEmpty { kept.append(path.endIndex..<path.endIndex) }
        for (index, segment) in kept.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: "/"))
                origins.append(segment.lowerBound - 1)
            }
            bytes += path[segment]
            origins += segment
        }
        origins.append(kept.last?.upperBound ?? path.endIndex)
    }

    /// 1 for a `.` segment, 2 for a `..` one, `nil` for any other.
    private static func dots(_ segment: ArraySlice<UInt8>) -> Int? {
        guard (1...6).contains(segment.count), segment.first == UInt8(ascii: ".") || segment.first == UInt8(ascii: "%"),
            let decoded = URLByte.unreservedDecoded(Array(segment), 0, segment.count),
            (1...2).contains(decoded.count), decoded.allSatisfy({ $0 == UInt8(ascii: ".") })
        else { return nil }
        return decoded.count
    }

    /// `error` with its offset into ``bytes`` (after `prefix` bytes more) moved to the same byte
    /// of the path as written.
    func located(_ error: DeepLinkError, after prefix: Int = 0) -> DeepLinkError {
        func origin(_ offset: Int) -> Int { origins[min(max(offset - prefix, 0), origins.count - 1)] }
        switch error {
        case .malformed(let problem, let offset): return .malformed(problem, offset: origin(offset))
        case .invalidUTF8(let offset): return .invalidUTF8(offset: origin(offset))
        case .segmentTooLong(let bytes, let limit, let offset):
            return .segmentTooLong(bytes: bytes, limit: limit, offset: origin(offset))
        case .unknownRoute(let keyword, let offset): return .unknownRoute(keyword: keyword, offset: origin(offset))
        case .invalidParameter(let route, let name, let expected, let offset):
            return .invalidParameter(route: route, name: name, expected: expected, offset: origin(offset))
        case .unknownTab(let tab, let offset): return .unknownTab(tab, offset: origin(offset))
        case .unknownColumn(let column, let offset): return .unknownColumn(column, offset: origin(offset))
        default: return error
        }
    }
}
