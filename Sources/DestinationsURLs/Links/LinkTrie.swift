// Performance: the url-link and url-state parse paths (Benchmarks/README.md, URLs).
/// The deep links compiled into a trie over path segments, matched depth-first with backtracking:
/// each node visited at most once, never exponential, flat in the number of links.
@usableFromInline struct LinkTrie: Sendable {
    @usableFromInline struct Node: Sendable {
        var constants: [ArraySlice<UInt8>: Int] = [:]
        /// Segments with constants around typed parameters, in declaration order.
        var compounds: [(segment: CompoundSegment, types: [ParameterType], child: Int)] = []
        var parameters: [(type: ParameterType, child: Int)] = []
        /// The links whose catch-all starts here, in declaration order.
        var catchAll: [Int] = []
        /// The links that end here, in declaration order.
        var terminal: [Int] = []
    }
    private(set) var nodes = [Node()]
    @usableFromInline let caseInsensitive: [Bool]
    /// Builds the trie of the links without problems; reports a link of one shape after a link of
    /// that shape that takes every match (it never declines and accepts any host).
    init<Route>(_ links: [DeepLink<Route>], problems: inout [URLConfigurationProblem]) {
        caseInsensitive = links.map(\.caseInsensitive)
        for (index, link) in links.enumerated() where link.allProblems.isEmpty {
            let existing = insert(link.segments, link.parameters, link: index)
            if let taker = existing.first(where: { links[$0].takesEveryMatch }) {
                problems.append(.duplicateLink(pattern: link.template, existing: links[taker].template))
            }
        }
    }
    /// Inserts a link; returns the links already there with the same shape.
    private mutating func insert(_ segments: [URLTemplate.Segment], _ parameters: [ParameterSpec], link: Int) -> [Int] {
        var node = 0
        for segment in segments {
            var child: Int?
            switch segment {
            case .constant(let key): child = nodes[node].constants[Array(key.utf8)[...]]
            case .parameter(let index):
                child = nodes[node].parameters.first { $0.type.identity == parameters[index].type.identity }?.child
            case .compound(let compound):
                let types = compound.parameters.map { parameters[$0].type.identity }
                child =
                    nodes[node].compounds.first {
                        $0.segment.literals == compound.literals && $0.types.map(\.identity) == types
                    }?.child
            case .catchAll:
                defer { nodes[node].catchAll.append(link) }
                return nodes[node].catchAll
            }
            let next = child ?? nodes.count
            if child == nil {
                nodes.append(Node())
                switch segment {
                case .constant(let key): nodes[node].constants[Array(key.utf8)[...]] = next
                case .parameter(let index):
                    // In precedence order; types of the same kind in declaration order.
                    let kind = parameters[index].type.kind.rawValue
                    let at =
                        nodes[node].parameters.firstIndex { $0.type.kind.rawValue > kind }
                        ?? nodes[node].parameters.count
                    nodes[node].parameters.insert((parameters[index].type, next), at: at)
                case .compound(let compound):
                    // More parameters first, then more constant bytes; ties in declaration order.
                    let rank = compound.rank
                    let at = nodes[node].compounds.firstIndex { $0.segment.rank < rank } ?? nodes[node].compounds.count
                    nodes[node].compounds.insert(
                        (compound, compound.parameters.map { parameters[$0].type }, next), at: at)
                case .catchAll: break
                }
            }
            node = next
        }
        defer { nodes[node].terminal.append(link) }
        return nodes[node].terminal
    }
    /// The first link the segments match from the node `index` that `accept` takes, in precedence
    /// order; `loose` lets typed parameters take any segment. `accept` may stop the search by
    /// returning `true` for a link it failed on.
    @usableFromInline func match(
        _ segments: [LinkSegment], in bytes: [UInt8], loose: Bool = false, _ index: Int = 0, _ position: Int = 0,
        folded: Bool = false, accept: (Int) -> Bool = { _ in true }
    ) -> Int? {
        let allowed = { (link: Int) in (!folded || caseInsensitive[link]) && accept(link) }
        guard position < segments.count else { return nodes[index].terminal.first(where: allowed) }
        let segment = segments[position]
        let node = nodes[index]
        if let key = segment.key, let child = node.constants[key],
            let link = match(
                segments, in: bytes, loose: loose, child, position + 1, folded: folded || segment.folded, accept: accept
            )
        {
            return link
        }
        for edge in node.compounds {
            guard let pieces = edge.segment.split(bytes, segment.range),
                loose || zip(pieces, edge.types).allSatisfy({ Self.accepts($1, bytes, $0) })
            else { continue }
            if let link = match(
                segments, in: bytes, loose: loose, edge.child, position + 1, folded: folded, accept: accept)
            {
                return link
            }
        }
        if !node.parameters.isEmpty {
            // The decoded text typed parameters check; a segment that does not decode takes none.
            let (start, end) = (segment.range.lowerBound, segment.range.upperBound)
            let text = loose ? [] : try? PercentCoding.decodedBytes(bytes, start, end, segment: true, link: true)
            for edge in node.parameters where loose || text.map(edge.type.accepts) == true {
                if let link = match(
                    segments, in: bytes, loose: loose, edge.child, position + 1, folded: folded, accept: accept)
                {
                    return link
                }
            }
        }
        return node.catchAll.first(where: allowed)
    }
    /// Whether the decoded bytes of `range` are a value of `type`.
    private static func accepts(_ type: ParameterType, _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let text = try? PercentCoding.decodedBytes(bytes, range.lowerBound, range.upperBound, segment: true, link: true)
        return text.map(type.accepts) == true
    }
    /// Pairs of links (preferred, other) that a URL could both match; O(constants × typed) a node.
    func overlaps() -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for node in nodes where !node.parameters.isEmpty || !node.catchAll.isEmpty {
            // The typed children in precedence order, then the catch-all, each with a link under it.
            let lower =
                node.parameters.map { (type: Optional($0.type), link: firstLink($0.child)) }
                + [(type: nil, link: node.catchAll.first)]
            let constants = node.constants.sorted { $0.value < $1.value }
            for (position, other) in lower.enumerated() {
                guard let otherLink = other.link else { continue }
                let takesAll = other.type.map { $0.kind == .string || $0.kind == .custom } ?? true
                for (constant, child) in constants where takesAll || other.type?.accepts(constant) == true {
                    if let preferred = firstLink(child) { result.append((preferred, otherLink)) }
                }
                for higher in lower[..<position]
                where takesAll || (higher.type?.kind == .integer && [.double, .integer].contains(other.type?.kind)) {
                    if let preferred = higher.link { result.append((preferred, otherLink)) }
                }
            }
        }
        return result
    }
    /// A link that ends in the subtree of `node`.
    private func firstLink(_ node: Int) -> Int? {
        var pending = [node]
        while let next = pending.popLast() {
            if let terminal = nodes[next].terminal.first { return terminal }
            if let catchAll = nodes[next].catchAll.first { return catchAll }
            pending += nodes[next].parameters.map { $0.child }.reversed()
            pending += nodes[next].compounds.map { $0.child }.reversed()
            pending += nodes[next].constants.values.sorted().reversed()
        }
        return nil
    }
}

/// One segment of a link's path, as matching sees it.
@usableFromInline struct LinkSegment {
    @usableFromInline let range: Range<Int>
    /// The bytes a constant is compared with, unreserved escapes decoded and folded; `nil` for none.
    @usableFromInline let key: ArraySlice<UInt8>?
    /// Whether the key was folded from upper case: only case-insensitive links may match it.
    @usableFromInline let folded: Bool
}

/// A query item, `key=value`, as byte ranges of the input.
@usableFromInline struct QueryItem {
    @usableFromInline let key: Range<Int>
    @usableFromInline let value: Range<Int>
}

/// A deep link's path and query, split into byte ranges.
@usableFromInline enum LinkPath {
    /// Splits `bytes[start..<end]` into `count` checked segments, the first a host if `hostFolding`.
    @usableFromInline static func segments(
        _ bytes: [UInt8], _ start: Int, _ end: Int, count: Int, hostFolding: Bool, limits: URLLimits
    ) throws(DeepLinkError) -> [LinkSegment] {
        var segments: [LinkSegment] = []
        segments.reserveCapacity(count)
        var segmentStart = start
        while true {
            var index = segmentStart
            var (constant, escaped, folded) = (true, false, false)
            while index < end, bytes[index] != UInt8(ascii: "/") {
                var byte = bytes[index]
                if URLByte.isLowercaseLetter(byte) || URLByte.isDigit(byte) {  // the common case
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
            var key = constant ? bytes[segmentStart..<index] : nil
            if constant && (escaped || folded) {
                key = URLByte.unreservedDecoded(bytes, segmentStart, index).map { $0.map(URLByte.lowercased)[...] }
            }
            let hostFolded = hostFolding && segments.isEmpty
            segments.append(LinkSegment(range: segmentStart..<index, key: key, folded: folded && !hostFolded))
            guard index < end else { return segments }
            segmentStart = index + 1
        }
    }
    /// The items of the query at `pathEnd` (a `?`), up to the fragment; empty ones skipped.
    @usableFromInline static func query(_ bytes: [UInt8], from pathEnd: Int) -> [QueryItem] {
        guard pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") else { return [] }
        let end = bytes[pathEnd...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        return bytes[(pathEnd + 1)..<end].split(separator: UInt8(ascii: "&")).map { item in
            let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
            return QueryItem(key: item.startIndex..<equals, value: Swift.min(equals + 1, item.endIndex)..<item.endIndex)
        }
    }
    /// Whether the item's decoded key is `key`, in any ASCII case when `foldingCase`.
    @usableFromInline static func key(
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
