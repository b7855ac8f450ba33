/// One segment of a link's path, as matching sees it.
struct LinkSegment {
    let range: Range<Int>
    /// The id of the links' constant the segment spells, unreserved escapes decoded and folded
    /// (``LinkTrie/constants``); `nil` for none.
    let constant: Int?
    /// Whether the key was folded from upper case: only case-insensitive links may match it.
    let folded: Bool
    /// The segment's value as an `Int` when it is plainly written decimal digits, without a
    /// leading zero and short enough not to overflow: read once, by the trie and the reader.
    let number: Int?
}

/// A query item, `key=value`, as byte ranges of the input.
struct QueryItem {
    let key: Range<Int>
    let value: Range<Int>
}

/// A deep link's path and query, split into byte ranges.
enum LinkPath {
    /// A link's path split into checked segments, its end without a trailing `/`, and its query.
    struct Split {
        let segments: [LinkSegment]
        let end: Int
        let query: [QueryItem]
    }
    /// Splits the path `bytes[start..<queryStart]` and the query after it, within the limits.
    static func split(
        _ bytes: [UInt8], _ start: Int, _ queryStart: Int, hostFolding: Bool, limits: URLLimits,
        constants: ConstantTable
    ) throws(DeepLinkError) -> Split {
        let end = queryStart > start && bytes[queryStart - 1] == UInt8(ascii: "/") ? queryStart - 1 : queryStart
        guard end > start else { throw .noMatchingLink(path: "") }
        // A path of n bytes has at most n + 1 segments: only one that long can pass the limit, and
        // is counted first. Most paths have a few segments.
        var count = Swift.min(end - start, 8)
        if end - start >= limits.segments {
            count = 1
            for index in start..<end where bytes[index] == UInt8(ascii: "/") { count += 1 }
            guard count <= limits.segments else { throw .tooManySegments(count: count, limit: limits.segments) }
        }
        let query = LinkPath.query(bytes, from: queryStart)
        guard query.count <= limits.queryItems else {
            throw .tooManyQueryItems(count: query.count, limit: limits.queryItems)
        }
        let segments = try LinkPath.segments(
            bytes, start, end, count: count, hostFolding: hostFolding, limits: limits, constants: constants)
        return Split(segments: segments, end: end, query: query)
    }
    /// Splits `bytes[start..<end]` into checked segments (room for `count` made first), the first a
    /// host if `hostFolding`, each looked up in `constants`.
    static func segments(
        _ bytes: [UInt8], _ start: Int, _ end: Int, count: Int, hostFolding: Bool, limits: URLLimits,
        constants: ConstantTable
    ) throws(DeepLinkError) -> [LinkSegment] {
        var segments: [LinkSegment] = []
        segments.reserveCapacity(count)
        var segmentStart = start
        while true {
            var index = segmentStart
            var (constant, escaped, folded, digits, value) = (true, false, false, true, 0)
            while index < end, bytes[index] != UInt8(ascii: "/") {
                var byte = bytes[index]
                if URLByte.isDigit(byte) {  // the common cases
                    value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
                    index += 1
                    continue
                }
                digits = false
                if URLByte.isLowercaseLetter(byte) {
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "%") {
                    guard let decoded = URLByte.escaped(bytes, at: index, end: end) else {
                        throw .malformed(.percentEncoding, offset: index)
                    }
                    (byte, index, escaped) = (decoded, index + 2, true)
                    constant = constant && URLByte.isUnreserved(byte)
                } else if URLByte.isControl(byte) || byte == UInt8(ascii: " ") {
                    throw .malformed(
                        byte == UInt8(ascii: " ") ? .unexpectedByte(byte) : .controlCharacter, offset: index)
                }
                folded = folded || URLByte.isUppercaseLetter(byte)
                constant = constant && URLByte.isLabelByte(URLByte.lowercased(byte))
                index += 1
            }
            try URLByte.checkSegment(bytes, segmentStart, index, limits: limits)
            let id: Int? =
                if !constant {
                    nil
                } else if escaped || folded {
                    URLByte.unreservedDecoded(bytes, segmentStart, index).flatMap {
                        constants.id($0.map(URLByte.lowercased)[...])
                    }
                } else {
                    constants.id(bytes, segmentStart, index)
                }
            let hostFolded = hostFolding && segments.isEmpty
            let length = index - segmentStart
            let number =
                digits && length < 19 && (length == 1 || bytes[segmentStart] != UInt8(ascii: "0")) ? value : nil
            segments.append(
                LinkSegment(
                    range: segmentStart..<index, constant: id, folded: folded && !hostFolded, number: number))
            guard index < end else { return segments }
            segmentStart = index + 1
        }
    }
    /// The items of the query at `pathEnd` (a `?`), up to the fragment; empty ones skipped.
    static func query(_ bytes: [UInt8], from pathEnd: Int) -> [QueryItem] {
        guard pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") else { return [] }
        let end = bytes[pathEnd...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        return bytes[(pathEnd + 1)..<end].split(separator: UInt8(ascii: "&")).map { item in
            let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
            return QueryItem(key: item.startIndex..<equals, value: Swift.min(equals + 1, item.endIndex)..<item.endIndex)
        }
    }
    /// Whether the item's decoded key is `key`, in any ASCII case when `foldingCase`.
    static func key(
        of item: QueryItem, in bytes: [UInt8], equals key: String, foldingCase: Bool
    ) throws(DeepLinkError) -> Bool {
        let raw = bytes[item.key]
        if !raw.contains(UInt8(ascii: "%")) && !raw.contains(UInt8(ascii: "+")) {
            return raw.elementsEqual(key.utf8) { (foldingCase ? URLByte.lowercased($0) : $0) == $1 }
        }
        let decoded = try PercentCoding.decode(
            bytes, item.key.lowerBound, item.key.upperBound, segment: false, link: true)
        return foldingCase ? decoded.lowercased() == key : decoded == key
    }
}
