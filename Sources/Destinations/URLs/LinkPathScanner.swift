/// The one pass over a link's path that splits it into segments, checks each (percent
/// escapes, controls, empty and dot segments, length) and hashes the key a constant would be
/// compared with.
@usableFromInline
enum LinkPathScanner {
    /// Scans `bytes[start..<end]` into `segments`, which has room for every segment; returns how
    /// many there are. Keys that need normalising (percent-encoded unreserved bytes, upper case)
    /// are written to `scratch`, which has room for the path.
    ///
    /// - Parameter hostFolding: Whether the first segment is a custom scheme's host, which is
    ///   matched in lower case like any host.
    @usableFromInline
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        hostFolding: Bool,
        limits: URLLimits,
        into segments: UnsafeMutableBufferPointer<PathSegment>,
        scratch: UnsafeMutableBufferPointer<UInt8>
    ) throws(DeepLinkError) -> Int {
        var count = 0
        var scratchUsed = 0
        var segmentStart = start
        while true {
            var index = segmentStart
            var hash = ByteKeyTable.offsetBasis
            var canBeConstant = true
            var hasUpper = false
            var hasPercent = false
            var escapes = 0
            var dots = 0
            while index < end {
                var byte = bytes[index]
                // The common bytes — lower-case letters and digits — take the short way: they
                // are constant bytes, need no folding and no decoding.
                if URLByte.isLowercaseLetter(byte) || URLByte.isDigit(byte) {
                    hash = ByteKeyTable.combine(hash, byte)
                    index += 1
                    continue
                }
                if byte == URLByte.slash { break }
                if byte == URLByte.percent {
                    guard index + 2 < end, let high = URLByte.hexValue(bytes[index + 1]),
                        let low = URLByte.hexValue(bytes[index + 2])
                    else { throw .malformed(.percentEncoding, offset: index) }
                    byte = high << 4 | low
                    hasPercent = true
                    escapes += 1
                    if !URLByte.isUnreserved(byte) { canBeConstant = false }
                    index += 3
                } else {
                    if byte < 0x20 || byte == 0x7F { throw .malformed(.controlCharacter, offset: index) }
                    if byte == URLByte.space { throw .malformed(.unexpectedByte(byte), offset: index) }
                    index += 1
                }
                if URLByte.isUppercaseLetter(byte) { hasUpper = true }
                if byte == URLByte.dot { dots += 1 }
                let folded = URLByte.lowercased(byte)
                if canBeConstant && !isConstantByte(folded) { canBeConstant = false }
                hash = ByteKeyTable.combine(hash, folded)
            }
            guard index > segmentStart else { throw .malformed(.emptySegment, offset: segmentStart) }
            guard index - segmentStart <= limits.segmentBytes else {
                throw .segmentTooLong(bytes: index - segmentStart, limit: limits.segmentBytes, offset: segmentStart)
            }
            // A segment of one or two dots, written plainly or escaped, is a dot segment.
            if dots <= 2 && dots == index - segmentStart - 2 * escapes { throw .malformed(.dotSegment, offset: segmentStart) }
            var segment = PathSegment(
                start: Int32(segmentStart),
                end: Int32(index),
                keyStart: Int32(segmentStart),
                keyEnd: Int32(index),
                keyHash: hash,
                keyInScratch: false,
                canBeConstant: canBeConstant,
                folded: false,
                hasPercent: hasPercent
            )
            if canBeConstant && (hasPercent || hasUpper) {
                segment.keyInScratch = true
                segment.keyStart = Int32(scratchUsed)
                var position = segmentStart
                while position < index {
                    var byte = bytes[position]
                    if byte == URLByte.percent {
                        byte = (URLByte.hexValue(bytes[position + 1]) ?? 0) << 4 | (URLByte.hexValue(bytes[position + 2]) ?? 0)
                        position += 3
                    } else {
                        position += 1
                    }
                    scratch[scratchUsed] = URLByte.lowercased(byte)
                    scratchUsed += 1
                }
                segment.keyEnd = Int32(scratchUsed)
                segment.folded = hasUpper && !(hostFolding && count == 0)
            }
            segments.initializeElement(at: count, to: segment)
            count += 1
            guard index < end else { return count }
            segmentStart = index + 1
        }
    }

    /// A byte a link constant may hold: `[a-z0-9._-]`.
    @inline(__always)
    private static func isConstantByte(_ byte: UInt8) -> Bool {
        URLByte.isLowercaseLetter(byte) || URLByte.isDigit(byte) || byte == URLByte.dot || byte == URLByte.dash
            || byte == 0x5F
    }
}
