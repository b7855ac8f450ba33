import Destinations

/// The tokens of a state path (URLS.md §4.2): routes, labels, modal styles, over bytes; not
/// generic, the routes themselves made by the caller's closure.
struct StateURLScanner {
    let bytes: [UInt8]
    var position: Int
    let end: Int
    let patterns: PatternTable
    let limits: URLLimits
    var decodedBytes = 0
    /// The byte ranges of a route's parameters, a buffer reused from route to route.
    var entries: [(spec: Int, range: Range<Int>)] = []
    init(_ bytes: [UInt8], _ position: Int, _ end: Int, patterns: PatternTable, limits: URLLimits) {
        (self.bytes, self.position, self.end, self.patterns, self.limits) = (bytes, position, end, patterns, limits)
    }
    /// `keyword *( "/" value ) [ "(" named *( "," named ) ")" ]`: the route `make` builds from the
    /// pattern at an index and the values read.
    mutating func parseRoute(_ make: (Int, inout ArgumentReader) throws(DeepLinkError) -> Void)
        throws(DeepLinkError)
    {
        let start = position
        let keywordEnd = tokenEnd()
        guard keywordEnd > start else { throw unexpected() }
        guard let index = patterns.pattern(bytes, start, keywordEnd) else {
            throw .unknownRoute(keyword: bytes.echo(start, keywordEnd), offset: start)
        }
        position = keywordEnd
        let pattern = patterns.shapes[index]
        let parameters = pattern.parameters
        // An empty list stays the shared empty array: clearing it would allocate. The first
        // route with parameters makes room for all of them at once.
        if !entries.isEmpty {
            entries.removeAll(keepingCapacity: true)
        } else if !parameters.isEmpty {
            entries.reserveCapacity(parameters.count)
        }
        for slot in pattern.slots {
            let compound: CompoundSegment?
            let first: Int
            switch slot {
            case .parameter(let index): (compound, first) = (nil, index)
            case .compound(let segment): (compound, first) = (segment, segment.parameters[0])
            case .constant, .catchAll: continue
            }
            let spec = parameters[first]
            let valueEnd =
                position + 1 < end && bytes[position] == UInt8(ascii: "/")
                ? compound == nil ? tokenEnd(from: position + 1) : compoundEnd(from: position + 1) : position
            guard valueEnd > position + 1 else {
                if valueEnd == position + 1, !"/!(),*".utf8.contains(bytes[position + 1]) {  // `note/+7`: not a value
                    throw .malformed(.unexpectedByte(bytes[position + 1]), offset: position + 1)
                }
                throw .missingParameter(route: pattern.keyword, name: spec.displayName)
            }
            if let compound {
                guard let pieces = compound.split(bytes, (position + 1)..<valueEnd) else {
                    throw .invalidParameter(
                        route: pattern.keyword, name: spec.displayName, expected: spec.type.name, offset: position + 1)
                }
                entries += zip(compound.parameters, pieces).map { ($0, $1) }
            } else {
                entries.append((first, (position + 1)..<valueEnd))
            }
            position = valueEnd
        }
        if take(UInt8(ascii: "(")) {
            repeat {
                let nameStart = position
                position = tokenEnd()
                guard position > nameStart else { throw unexpected() }
                let name = URLByte.unreservedDecoded(bytes, nameStart, position)
                guard let spec = parameters.firstIndex(where: { $0.key.map { name?.elementsEqual($0.utf8) } == true })
                else { throw .unknownParameter(route: pattern.keyword, name: bytes.echo(nameStart, position)) }
                try expect(UInt8(ascii: "="))
                let valueStart = position
                position = tokenEnd()
                entries.append((spec, valueStart..<position))
            } while take(UInt8(ascii: ","))
            try expectClose()
        }
        var reader = try ArgumentReader(
            bytes, list: pattern.list, given: .entries(entries), decodedBytes: decodedBytes,
            decodedLimit: limits.parameterBytes)
        try make(index, &reader)
        decodedBytes = reader.decodedBytes
    }
    /// A tab label: one value, `$` escapes allowed.
    mutating func parseLabel() throws(DeepLinkError) -> String {
        let start = position
        let labelEnd = tokenEnd()
        guard labelEnd > start else { throw unexpected() }
        position = labelEnd
        return try PercentCoding.decode(bytes, start, labelEnd, segment: true, link: false)
    }
    /// `sheet *( "+" option )`, `cover`, `alert` or `dialog`.
    mutating func parseStyle() throws(DeepLinkError) -> ModalStyle {
        let start = position
        position = wordEnd(URLByte.isLowercaseLetter)
        switch String(decoding: bytes[start..<position], as: UTF8.self) {
        case "cover": return .fullScreenCover
        case "alert": return .alert
        case "dialog": return .confirmationDialog
        case "sheet": break
        default: throw .malformed(.unknownModalStyle, offset: start)
        }
        var options = SheetOptions()
        while take(UInt8(ascii: "+")) {
            let optionStart = position
            position = wordEnd { URLByte.isUnreserved($0) || $0 == UInt8(ascii: "@") }
            let option = String(decoding: bytes[optionStart..<position], as: UTF8.self)[...]
            let invalid = DeepLinkError.malformed(.sheetOption, offset: optionStart)
            switch option {
            case "grabber", "nograbber":
                guard options.showsDragIndicator != (option == "nograbber") else { throw invalid }
                options.showsDragIndicator = option == "grabber"
            case "locked":
                options.interactiveDismissDisabled = true
            case _ where option.first == "@":
                guard options.selectedDetent == nil, let detent = Self.detent(option.dropFirst()) else { throw invalid }
                options.selectedDetent = detent
            default:
                guard let detent = Self.detent(option) else { throw invalid }
                options.detents.append(detent)
            }
        }
        return .sheet(options)
    }
    /// `medium`, `large`, a fraction in (0, 1], or a height above 0 followed by `pt`.
    static func detent(_ text: Substring) -> SheetDetent? {
        if text == "medium" || text == "large" { return text == "medium" ? .medium : .large }
        let points = text.count > 2 && text.hasSuffix("pt")
        guard let value = Double(urlComponent: points ? text.dropLast(2) : text), value > 0 else { return nil }
        return points ? .height(value) : value <= 1 ? .fraction(value) : nil
    }
    var peek: UInt8? { position < end ? bytes[position] : nil }
    /// Whether the next bytes are `/!`: a modal follows.
    var atModal: Bool {
        position + 1 < end && bytes[position] == UInt8(ascii: "/") && bytes[position + 1] == UInt8(ascii: "!")
    }
    /// Whether a group ends here: the end, `,` or `)`.
    var atGroupEnd: Bool {
        position == end || bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: ")")
    }
    /// Whether the next bytes are `*none`, ending the member.
    var atNone: Bool {
        let next = position + 5
        guard next <= end, bytes[position..<next].elementsEqual("*none".utf8) else { return false }
        return next == end || bytes[next] == UInt8(ascii: ",") || bytes[next] == UInt8(ascii: ")")
    }
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }
    mutating func expect(_ byte: UInt8) throws(DeepLinkError) { if !take(byte) { throw unexpected() } }
    mutating func expectClose() throws(DeepLinkError) { if !take(UInt8(ascii: ")")) { throw unclosed } }
    func expectMemberEnd() throws(DeepLinkError) {
        guard atGroupEnd, position < end else { throw unclosed }
    }
    var unclosed: DeepLinkError {
        .malformed(position == end ? .unbalancedParenthesis : .trailingInput, offset: position)
    }
    /// The error for the byte here: the end, or a byte the grammar does not allow.
    func unexpected() -> DeepLinkError {
        .malformed(position < end ? .unexpectedByte(bytes[position]) : .unexpectedEnd, offset: position)
    }
    /// The end of the value token from here: unreserved bytes, escapes and `$`.
    func tokenEnd(from start: Int? = nil) -> Int {
        wordEnd(from: start) { URLByte.isUnreserved($0) || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "$") }
    }
    /// The end of a segment holding parameters and constants (`@{user}`): a token's bytes, and the
    /// constants' `@ : ; = +`.
    func compoundEnd(from start: Int) -> Int {
        wordEnd(from: start) {
            URLByte.isUnreserved($0) || "%$@:;=+".utf8.contains($0)
        }
    }
    /// The end of the run of bytes from `start` (by default here) that `accept`; `start` itself at or past the end.
    func wordEnd(from start: Int? = nil, _ accept: (UInt8) -> Bool) -> Int {
        let start = start ?? position
        return start < end ? bytes[start..<end].firstIndex { !accept($0) } ?? end : start
    }
    /// The one pass over a state path, before any work that grows with it: limits, parentheses,
    /// escapes, segments, and bytes that never appear in one.
    static func prescan(_ bytes: [UInt8], _ start: Int, _ end: Int, limits: URLLimits)
        throws(DeepLinkError)
    {
        guard start < end else { return }
        // A path of n bytes has at most n segments: only one that long can pass the limit, and is
        // counted first.
        if end - start > limits.segments {
            let segments =
                bytes[start..<end].count(where: { $0 == UInt8(ascii: "/") })
                + (bytes[end - 1] == UInt8(ascii: "/") ? 0 : 1)
            guard segments <= limits.segments else { throw .tooManySegments(count: segments, limit: limits.segments) }
        }
        var segmentStart = start
        var parentheses = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/"):
                try URLByte.checkSegment(bytes, segmentStart, index, limits: limits)
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
        if segmentStart < end { try URLByte.checkSegment(bytes, segmentStart, end, limits: limits) }
        if parentheses != 0 { throw .malformed(.unbalancedParenthesis, offset: end) }
    }
}
