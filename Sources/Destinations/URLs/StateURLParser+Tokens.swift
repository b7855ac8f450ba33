extension StateURLParser {
    // MARK: Routes

    /// `keyword *( "/" value ) [ "(" named *( "," named ) ")" ]`.
    @inlinable
    mutating func parseRoute() throws(DeepLinkError) -> Route {
        let start = position
        let keywordEnd = tokenEnd()
        guard keywordEnd > start else { throw unexpected() }
        guard let index = routes.pattern(bytes, start, keywordEnd) else {
            throw .unknownRoute(keyword: bytes.echo(start, keywordEnd), offset: start)
        }
        position = keywordEnd
        let pattern = routes.patterns[index]
        ranges.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        named.removeAll(keepingCapacity: true)
        let parameters = pattern.parameters
        for parameter in parameters.indices where parameters[parameter].isPositional {
            let valueEnd = position + 1 < end && bytes[position] == URLByte.slash ? tokenEnd(from: position + 1) : position
            guard valueEnd > position + 1 else {
                throw .missingParameter(route: pattern.keyword, name: parameters[parameter].displayName)
            }
            slots.append(ArgumentSlot(first: Int32(ranges.count), count: 1))
            ranges.append(ByteRange(position + 1, valueEnd))
            position = valueEnd
        }
        if take(URLByte.openParen) {
            repeat {
                let nameStart = position
                let nameEnd = wordEnd { URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) || $0 == URLByte.dash }
                guard nameEnd > nameStart else { throw unexpected() }
                let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
                guard
                    let spec = pattern.parameters.firstIndex(where: { spec in
                        if case .named(let key) = spec.placement { return key.utf8.elementsEqual(name) }
                        return false
                    })
                else {
                    throw .unknownParameter(route: pattern.keyword, name: bytes.echo(nameStart, nameEnd))
                }
                position = nameEnd
                try expect(URLByte.equals)
                let valueEnd = tokenEnd()
                named.append((spec, ByteRange(position, valueEnd)))
                position = valueEnd
            } while take(URLByte.comma)
            try expectClose()
        }
        for index in parameters.indices where !parameters[index].isPositional {
            let spec = parameters[index]
            let first = ranges.count
            for entry in named where entry.spec == index { ranges.append(entry.range) }
            if ranges.count - first > 1 && spec.mode != .repeated {
                throw .duplicateParameter(route: pattern.keyword, name: spec.displayName)
            }
            slots.append(ArgumentSlot(first: Int32(first), count: Int32(ranges.count - first)))
        }
        let (allSlots, allRanges) = (slots, ranges)
        return try allSlots.withUnsafeBufferPointer { (slots) throws(DeepLinkError) -> Route in
            try allRanges.withUnsafeBufferPointer { (ranges) throws(DeepLinkError) -> Route in
                var reader = ArgumentReader(
                    bytes: bytes,
                    specs: pattern.parameters,
                    owner: pattern.keyword,
                    slots: slots,
                    ranges: ranges,
                    segmentMode: .stateSegment,
                    namedMode: .stateNamed,
                    decodedBytes: decodedBytes,
                    decodedLimit: limits.parameterBytes
                )
                let route = try pattern.make(&reader)
                decodedBytes = reader.decodedBytes
                return route
            }
        }
    }

    // MARK: Labels and styles

    /// A tab label: one value, `$` escapes allowed.
    @inlinable
    mutating func parseLabel() throws(DeepLinkError) -> String {
        let start = position
        let labelEnd = tokenEnd()
        guard labelEnd > start else { throw unexpected() }
        position = labelEnd
        return try PercentDecoding.decode(bytes, start, labelEnd, mode: .stateSegment)
    }

    /// A column name among `columns`.
    @inlinable
    mutating func parseColumn(_ columns: [SplitColumn]) throws(DeepLinkError) -> SplitColumn {
        let start = position
        let labelEnd = tokenEnd()
        guard labelEnd > start else { throw unexpected() }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<labelEnd])
        guard let column = columns.first(where: { $0.rawValue.utf8.elementsEqual(name) }) else {
            throw .unknownColumn(bytes.echo(start, labelEnd), offset: start)
        }
        position = labelEnd
        return column
    }

    /// `sheet *( "+" option )`, `cover`, `alert` or `dialog`.
    @inlinable
    mutating func parseStyle() throws(DeepLinkError) -> ModalStyle {
        let start = position
        let nameEnd = wordEnd(URLByte.isLowercaseLetter)
        let name = UnsafeBufferPointer(rebasing: bytes[start..<nameEnd])
        position = nameEnd
        if name.elementsEqual("cover".utf8) { return .fullScreenCover }
        if name.elementsEqual("alert".utf8) { return .alert }
        if name.elementsEqual("dialog".utf8) { return .confirmationDialog }
        guard name.elementsEqual("sheet".utf8) else { throw .malformed(.unknownModalStyle, offset: start) }
        var options = SheetOptions()
        while take(URLByte.plus) {
            let optionStart = position
            let optionEnd = wordEnd { URLByte.isUnreserved($0) || $0 == URLByte.at }
            position = optionEnd
            let option = UnsafeBufferPointer(rebasing: bytes[optionStart..<optionEnd])
            let invalid = DeepLinkError.malformed(.sheetOption, offset: optionStart)
            if option.elementsEqual("grabber".utf8) {
                guard options.showsDragIndicator != false else { throw invalid }
                options.showsDragIndicator = true
            } else if option.elementsEqual("nograbber".utf8) {
                guard options.showsDragIndicator != true else { throw invalid }
                options.showsDragIndicator = false
            } else if option.elementsEqual("locked".utf8) {
                options.interactiveDismissDisabled = true
            } else if option.first == URLByte.at {
                guard options.selectedDetent == nil, let detent = Self.detent(UnsafeBufferPointer(rebasing: option.dropFirst()))
                else { throw invalid }
                options.selectedDetent = detent
            } else {
                guard let detent = Self.detent(option) else { throw invalid }
                options.detents.append(detent)
            }
        }
        return .sheet(options)
    }

    /// `medium`, `large`, a fraction in (0, 1], or a height above 0 followed by `pt`.
    @inlinable
    static func detent(_ text: UnsafeBufferPointer<UInt8>) -> SheetDetent? {
        if text.elementsEqual("medium".utf8) { return .medium }
        if text.elementsEqual("large".utf8) { return .large }
        let points = text.count > 2 && text[text.count - 2] == 0x70 && text[text.count - 1] == 0x74
        let number = points ? UnsafeBufferPointer(rebasing: text.dropLast(2)) : text
        guard DecimalText.isDecimal(number), let value = Double(String(decoding: number, as: UTF8.self)),
            value.isFinite, value > 0
        else { return nil }
        if points { return .height(value) }
        return value <= 1 ? .fraction(value) : nil
    }

    // MARK: Bytes

    @usableFromInline
    var peek: UInt8? { position < end ? bytes[position] : nil }

    /// Whether the next bytes are `/!`: a modal follows.
    @inlinable
    var atModal: Bool {
        position + 1 < end && bytes[position] == URLByte.slash && bytes[position + 1] == URLByte.bang
    }

    /// Whether a group ends here: the end, `,` or `)`.
    @inlinable
    var atGroupEnd: Bool {
        position == end || bytes[position] == URLByte.comma || bytes[position] == URLByte.closeParen
    }

    /// Whether the next bytes are `*none`, ending the member.
    @inlinable
    var atNone: Bool {
        guard position + 5 <= end,
            UnsafeBufferPointer(rebasing: bytes[position..<(position + 5)]).elementsEqual("*none".utf8)
        else { return false }
        return position + 5 == end || bytes[position + 5] == URLByte.comma || bytes[position + 5] == URLByte.closeParen
    }

    @inlinable
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    @inlinable
    mutating func expect(_ byte: UInt8) throws(DeepLinkError) {
        guard take(byte) else { throw unexpected() }
    }

    /// Takes the `)` that closes a group.
    @inlinable
    mutating func expectClose() throws(DeepLinkError) {
        guard take(URLByte.closeParen) else {
            throw position == end
                ? .malformed(.unbalancedParenthesis, offset: position) : .malformed(.trailingInput, offset: position)
        }
    }

    /// Checks that a side or member entry ends here, at `,` or `)`.
    @inlinable
    func expectMemberEnd() throws(DeepLinkError) {
        guard position < end, bytes[position] == URLByte.comma || bytes[position] == URLByte.closeParen else {
            throw position == end
                ? .malformed(.unbalancedParenthesis, offset: position) : .malformed(.trailingInput, offset: position)
        }
    }

    /// The error for the byte here: the end, or a byte the grammar does not allow.
    @inlinable
    func unexpected() -> DeepLinkError {
        position < end ? .malformed(.unexpectedByte(bytes[position]), offset: position) : .malformed(.unexpectedEnd, offset: position)
    }

    /// The error for input left after the root.
    @inlinable
    func trailing() -> DeepLinkError {
        .malformed(.trailingInput, offset: position)
    }

    /// The end of the value token from here: unreserved bytes, escapes and `$`.
    @inlinable
    func tokenEnd(from start: Int? = nil) -> Int {
        var index = start ?? position
        while index < end {
            let byte = bytes[index]
            guard URLByte.isUnreserved(byte) || byte == URLByte.percent || byte == URLByte.dollar else { break }
            index += 1
        }
        return index
    }

    /// The end of the run of bytes from here that satisfy `accept`.
    @inlinable
    func wordEnd(_ accept: (UInt8) -> Bool) -> Int {
        var index = position
        while index < end, accept(bytes[index]) { index += 1 }
        return index
    }
}
