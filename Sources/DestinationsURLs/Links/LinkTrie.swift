/// The deep links compiled into a trie over path segments, matched depth-first with backtracking:
/// each node visited at most once, never exponential, flat in the number of links.
@usableFromInline struct LinkTrie: Sendable {
    @usableFromInline struct Node: Sendable {
        var constants: [ArraySlice<UInt8>: Int] = [:]
        var parameters: [(type: ParameterType, child: Int)] = []
        /// The link whose catch-all starts here.
        var catchAll: Int?
        /// The link that ends here.
        var terminal: Int?
    }
    private(set) var nodes = [Node()]
    @usableFromInline let caseInsensitive: [Bool]
    /// Builds the trie of the links without problems; reports links of one shape (the later first).
    init<Route>(_ links: [DeepLink<Route>], duplicates: inout [(Int, Int)]) {
        caseInsensitive = links.map(\.caseInsensitive)
        for (index, link) in links.enumerated() where link.allProblems.isEmpty {
            if let existing = insert(link.segments, link.parameters, link: index) {
                duplicates.append((index, existing))
            }
        }
        for index in nodes.indices {
            // A stable sort: types of the same kind keep their declaration order.
            nodes[index].parameters = nodes[index].parameters.enumerated()
                .sorted { ($0.element.type.kind.rawValue, $0.offset) < ($1.element.type.kind.rawValue, $1.offset) }
                .map { $0.element }
        }
    }
    /// Inserts a link; returns the link that already has the same shape.
    private mutating func insert(_ segments: [URLTemplate.Segment], _ parameters: [ParameterSpec], link: Int) -> Int? {
        var node = 0
        for segment in segments {
            var child: Int?
            switch segment {
            case .constant(let key): child = nodes[node].constants[Array(key.utf8)[...]]
            case .parameter(let index):
                child = nodes[node].parameters.first { $0.type.identity == parameters[index].type.identity }?.child
            case .catchAll:
                if let existing = nodes[node].catchAll { return existing }
                nodes[node].catchAll = link
                return nil
            }
            let next = child ?? nodes.count
            if child == nil {
                nodes.append(Node())
                if case .constant(let key) = segment { nodes[node].constants[Array(key.utf8)[...]] = next }
                if case .parameter(let index) = segment {
                    nodes[node].parameters.append((parameters[index].type, next))
                }
            }
            node = next
        }
        if let existing = nodes[node].terminal { return existing }
        nodes[node].terminal = link
        return nil
    }
    /// The link the segments match; `loose` lets typed parameters take any segment.
    @usableFromInline func match(_ segments: [LinkSegment], in bytes: [UInt8], loose: Bool = false) -> Int? {
        visit(0, segments, bytes, 0, folded: false, loose: loose)
    }
    @usableFromInline func visit(
        _ index: Int, _ segments: [LinkSegment], _ bytes: [UInt8], _ position: Int, folded: Bool, loose: Bool
    ) -> Int? {
        guard position < segments.count else { return nodes[index].terminal.flatMap { allowed($0, folded: folded) } }
        let segment = segments[position]
        if let key = segment.key, let child = nodes[index].constants[key],
            let link = visit(child, segments, bytes, position + 1, folded: folded || segment.folded, loose: loose)
        {
            return link
        }
        if !nodes[index].parameters.isEmpty {
            // The decoded text typed parameters check; a segment that does not decode takes none.
            let text =
                loose
                ? []
                : try? PercentCoding.decodedBytes(
                    bytes, segment.range.lowerBound, segment.range.upperBound, segment: true, link: true)
            for edge in nodes[index].parameters where loose || text.map(edge.type.accepts) == true {
                if let link = visit(edge.child, segments, bytes, position + 1, folded: folded, loose: loose) {
                    return link
                }
            }
        }
        return nodes[index].catchAll.flatMap { allowed($0, folded: folded) }
    }
    @usableFromInline func allowed(_ link: Int, folded: Bool) -> Int? {
        !folded || caseInsensitive[link] ? link : nil
    }
    /// Pairs of links (preferred, other) that a URL could both match; O(constants × typed) a node.
    func overlaps() -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for node in nodes {
            // The typed children in precedence order, then the catch-all, each with a link under it.
            let lower =
                node.parameters.map { (type: Optional($0.type), link: firstLink($0.child)) }
                + [(type: nil, link: node.catchAll)]
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
            if let terminal = nodes[next].terminal { return terminal }
            if let catchAll = nodes[next].catchAll { return catchAll }
            pending += nodes[next].parameters.map { $0.child }.reversed()
            pending += nodes[next].constants.values.sorted().reversed()
        }
        return nil
    }
}
