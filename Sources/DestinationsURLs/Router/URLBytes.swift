/// Byte classes of the URL grammar, over UTF-8 code units.
enum URLByte {
    /// RFC 3986 *unreserved*: `A–Z a–z 0–9 - . _ ~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || isDigit(byte) || isUppercaseLetter(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }
    static func isLowercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
    static func isUppercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
    /// `[a-z0-9-]`: the bytes of a keyword after its first.
    static func isKeywordByte(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }
    /// `[a-z0-9._-]`: the bytes of a label or a link constant.
    static func isLabelByte(_ byte: UInt8) -> Bool {
        isKeywordByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
    static func lowercased(_ byte: UInt8) -> UInt8 { isUppercaseLetter(byte) ? byte | 0x20 : byte }
    /// Whether `bytes` is an `http` or `https` URL with a host of letters, digits, `-` and `.`
    /// (not starting or ending with `.`), an optional port, and printable ASCII alone.
    static func isWebURL(_ bytes: [UInt8]) -> Bool {
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        let lower = bytes.map(lowercased)
        let scheme = lower.starts(with: Array("https://".utf8)) ? 8 : lower.starts(with: Array("http://".utf8)) ? 7 : 0
        guard scheme > 0 else { return false }
        let end = lower[scheme...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? lower.count
        let authority = lower[scheme..<end].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard let host = authority.first, authority.count <= 2, host.first != UInt8(ascii: "."),
            host.last != UInt8(ascii: "."), !host.isEmpty,
            host.allSatisfy({
                isLowercaseLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return false }
        return authority.count == 1 || (!authority[1].isEmpty && authority[1].allSatisfy(isDigit))
    }
    static func hexValue(_ byte: UInt8) -> UInt8? {
        isDigit(byte) ? byte - 0x30 : lowercased(byte) &- 0x61 < 6 ? lowercased(byte) - 0x61 + 10 : nil
    }
    /// The byte `%XX` at `index` stands for, when it is a valid escape.
    static func escaped(_ bytes: [UInt8], at index: Int, end: Int) -> UInt8? {
        guard index + 2 < end, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
            return nil
        }
        return high << 4 | low
    }
    /// Whether `text` is a keyword or a template name: `[a-z][a-z0-9-]*`.
    static func isKeyword(_ text: some StringProtocol) -> Bool {
        text.utf8.first.map(isLowercaseLetter) == true && text.utf8.allSatisfy(isKeywordByte)
    }
    /// Whether `text` is a URL label or a link constant: `[a-z0-9][a-z0-9._-]*`.
    static func isLabel(_ text: some StringProtocol) -> Bool {
        text.utf8.first.map { isLowercaseLetter($0) || isDigit($0) } == true && text.utf8.allSatisfy(isLabelByte)
    }
    /// Checks one segment: not empty, not too long, not `.` or `..` in any spelling (`%2e`).
    static func checkSegment(_ bytes: [UInt8], _ start: Int, _ end: Int, limits: URLLimits)
        throws(DeepLinkError)
    {
        guard start < end else { throw .malformed(.emptySegment, offset: start) }
        guard end - start <= limits.segmentBytes else {
            throw .segmentTooLong(bytes: end - start, limit: limits.segmentBytes, offset: start)
        }
        if end - start <= 6, bytes[start] == UInt8(ascii: ".") || bytes[start] == UInt8(ascii: "%"),
            let decoded = URLByte.unreservedDecoded(bytes, start, end), decoded.count <= 2,
            decoded.allSatisfy({ $0 == UInt8(ascii: ".") })
        {
            throw .malformed(.dotSegment, offset: start)
        }
    }
    /// `bytes[start..<end]` with unreserved escapes decoded (RFC 3986 §2.3); `nil` for other escapes.
    static func unreservedDecoded(_ bytes: [UInt8], _ start: Int, _ end: Int) -> ArraySlice<UInt8>? {
        guard bytes[start..<end].contains(UInt8(ascii: "%")) else { return bytes[start..<end] }
        var out: [UInt8] = []
        var index = start
        while index < end {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard let decoded = escaped(bytes, at: index, end: end), isUnreserved(decoded) else { return nil }
                (byte, index) = (decoded, index + 2)
            }
            out.append(byte)
            index += 1
        }
        return out[...]
    }
}

extension [UInt8] {
    /// The bytes from `start` to `end` as a string, for messages: at most 64 bytes.
    func echo(_ start: Int, _ end: Int) -> String {
        let upper = Swift.min(end, start + 64, count)
        return start < upper ? String(decoding: self[start..<upper], as: UTF8.self) : ""
    }
}

/// Percent-encoding of URL components (URLS.md §3.4): `%XX` outside RFC 3986 *unreserved*; a whole
/// segment that is empty, `.` or `..` prints as `$`, `$.` or `$..`, and `$` itself as `%24`.
enum PercentCoding {
    /// Appends `text` as a whole path segment: escaped when it is empty, `.` or `..`.
    static func appendSegment(_ text: String, to out: inout [UInt8]) {
        if text.isEmpty || text == "." || text == ".." { out.append(UInt8(ascii: "$")) }
        appendComponent(text, to: &out)
    }
    /// Appends `text` percent-encoded, with no escapes: for values inside a segment.
    static func appendComponent(_ text: String, to out: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            if URLByte.isUnreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
    }
    static func decode(_ bytes: [UInt8], _ start: Int, _ end: Int, segment: Bool, link: Bool)
        throws(DeepLinkError) -> String
    {
        String(decoding: try decodedBytes(bytes, start, end, segment: segment, link: link), as: UTF8.self)
    }
    /// The decoded bytes of a component; a `segment` takes `$` escapes and refuses dot segments, a
    /// `link` takes raw bytes of 0x80 and above, and `+` for a space in its query.
    static func decodedBytes(_ bytes: [UInt8], _ start: Int, _ end: Int, segment: Bool, link: Bool)
        throws(DeepLinkError) -> ArraySlice<UInt8>
    {
        if segment, start < end, bytes[start] == UInt8(ascii: "$") {
            guard end - start <= 3, bytes[(start + 1)..<end].allSatisfy({ $0 == UInt8(ascii: ".") }) else {
                throw .malformed(.escape, offset: start)
            }
            return bytes[(start + 1)..<end]
        }
        if isPlain(bytes, start, end, segment: segment) { return bytes[start..<end] }
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
                (byte, index) = (decoded, index + 2)
            } else if byte == UInt8(ascii: "+") && link && !segment {
                byte = UInt8(ascii: " ")
            } else if byte == UInt8(ascii: "$") && segment {
                throw .malformed(.escape, offset: source)
            } else if byte >= 0x80 && !link {
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
        if segment, out == [UInt8(ascii: ".")] || out == [UInt8(ascii: "."), UInt8(ascii: ".")] {
            throw .malformed(.dotSegment, offset: start)
        }
        return out[...]
    }
    /// Whether a component decodes to itself: printable ASCII without `%`, `+` or `$`, and for a
    /// `segment` not `.` or `..`.
    static func isPlain(_ bytes: [UInt8], _ start: Int, _ end: Int, segment: Bool) -> Bool {
        if segment, start < end, bytes[start] == UInt8(ascii: "$") { return false }
        var dots = true
        for index in start..<end {
            let byte = bytes[index]
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "+"),
                byte != UInt8(ascii: "$")
            else { return false }
            dots = dots && byte == UInt8(ascii: ".")
        }
        return !(segment && dots && end - start <= 2)
    }
    /// The index of the first byte that breaks UTF-8, or of a sequence cut short by the end.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
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
