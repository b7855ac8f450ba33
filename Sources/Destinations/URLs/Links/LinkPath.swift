/// One segment of a link's path, as matching sees it.
struct LinkSegment {
    /// The raw bytes, in the input.
    let range: Range<Int>
    /// The text a constant is compared with: escapes of unreserved bytes decoded and upper case
    /// folded; `nil` when the segment can equal no constant.
    let key: String?
    /// Whether the key was folded from upper case: only case-insensitive links may match it.
    let folded: Bool
    /// The decoded text a typed parameter checks; `nil` when it does not decode.
    let text: String?
}

/// A query item, `key=value`, as byte ranges of the input.
struct QueryItem {
    let key: Range<Int>
    let value: Range<Int>
}

enum LinkPath {
    /// Splits `bytes[start..<end]` into segments and checks each: percent escapes, controls,
    /// empty and dot segments, length.
    ///
    /// - Parameter hostFolding: Whether the first segment is a custom scheme's host, which is
    ///   matched in lower case like any host.
    static func segments(
        _ bytes: [UInt8], _ start: Int, _ end: Int, hostFolding: Bool, limits: URLLimits
    ) throws(DeepLinkError) -> [LinkSegment] {
        var segments: [LinkSegment] = []
        var segmentStart = start
        while true {
            var index = segmentStart
            var key: [UInt8]? = []
            var hasUpper = false
            var decodedCount = 0
            var dots = 0
            while index < end, bytes[index] != URLByte.slash {
                var byte = bytes[index]
                if byte == URLByte.percent {
                    guard let decoded = URLByte.escaped(bytes, at: index, end: end) else {
                        throw .malformed(.percentEncoding, offset: index)
                    }
                    byte = decoded
                    if !URLByte.isUnreserved(byte) { key = nil }
                    index += 3
                } else {
                    if URLByte.isControl(byte) { throw .malformed(.controlCharacter, offset: index) }
                    if byte == URLByte.space { throw .malformed(.unexpectedByte(byte), offset: index) }
                    index += 1
                }
                decodedCount += 1
                if byte == URLByte.dot { dots += 1 }
                if URLByte.isUppercaseLetter(byte) { hasUpper = true }
                let folded = URLByte.lowercased(byte)
                if URLByte.isLabelByte(folded) { key?.append(folded) } else { key = nil }
            }
            guard index > segmentStart else { throw .malformed(.emptySegment, offset: segmentStart) }
            guard index - segmentStart <= limits.segmentBytes else {
                throw .segmentTooLong(bytes: index - segmentStart, limit: limits.segmentBytes, offset: segmentStart)
            }
            if dots <= 2 && dots == decodedCount { throw .malformed(.dotSegment, offset: segmentStart) }
            segments.append(
                LinkSegment(
                    range: segmentStart..<index,
                    key: key.map { String(decoding: $0, as: UTF8.self) },
                    folded: hasUpper && !(hostFolding && segments.isEmpty),
                    text: try? PercentDecoding.decode(bytes, segmentStart, index, mode: .linkSegment)
                ))
            guard index < end else { return segments }
            segmentStart = index + 1
        }
    }

    /// The items of the query at `pathEnd` (a `?`; none otherwise), up to the fragment. Empty
    /// items (`a=1&&b=2`) are skipped; an item without `=` has an empty value.
    static func query(_ bytes: [UInt8], from pathEnd: Int) -> [QueryItem] {
        guard pathEnd < bytes.count, bytes[pathEnd] == URLByte.question else { return [] }
        let end = bytes[pathEnd...].firstIndex(of: URLByte.hash) ?? bytes.count
        var items: [QueryItem] = []
        var itemStart = pathEnd + 1
        while itemStart <= end {
            let itemEnd = bytes[itemStart..<end].firstIndex(of: URLByte.ampersand) ?? end
            if itemEnd > itemStart {
                let equals = bytes[itemStart..<itemEnd].firstIndex(of: URLByte.equals)
                items.append(
                    QueryItem(key: itemStart..<(equals ?? itemEnd), value: (equals.map { $0 + 1 } ?? itemEnd)..<itemEnd))
            }
            itemStart = itemEnd + 1
        }
        return items
    }

    /// Whether the item's decoded key is `key`, in any ASCII case when `foldingCase`.
    static func key(
        of item: QueryItem, in bytes: [UInt8], equals key: String, foldingCase: Bool
    ) throws(DeepLinkError) -> Bool {
        let raw = bytes[item.key]
        if !raw.contains(URLByte.percent) && !raw.contains(URLByte.plus) {
            return raw.elementsEqual(key.utf8) { (foldingCase ? URLByte.lowercased($0) : $0) == $1 }
        }
        let decoded = try PercentDecoding.decode(bytes, item.key.lowerBound, item.key.upperBound, mode: .linkQuery)
        return foldingCase ? decoded.lowercased() == key : decoded == key
    }
}
