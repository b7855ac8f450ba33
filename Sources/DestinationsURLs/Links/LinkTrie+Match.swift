extension LinkTrie {
    /// The first link the segments match from the node `index` that `accept` takes, in precedence
    /// order; `loose` lets typed parameters take any segment. `accept` may stop the search by
    /// returning `true` for a link it failed on, or by throwing. Depth-first: at each node the constant, then the
    /// segments with constants, then the typed parameters, then the catch-all.
    ///
    /// The search's first descent, which most URLs end in, needs no stack; only a URL that
    /// backtracks pays for one.
    func match<Failure: Error>(
        _ segments: [LinkSegment], in bytes: [UInt8], loose: Bool = false, _ index: Int = 0, _ position: Int = 0,
        folded: Bool = false, accept: (Int) throws(Failure) -> Bool
    ) throws(Failure) -> Int? {
        var (node, at, pathFolded) = (index, position, folded)
        while at < segments.count {
            guard let (child, childFolded) = edge(from: node, first: 0, segments[at], bytes, loose, pathFolded) else {
                // A dead end before any link was asked: the search starts over and backtracks.
                return try search(
                    segments, in: bytes, loose, index, start: position, folded, accept, askedFirstEnd: false)
            }
            (node, at, pathFolded) = (child.node, at + 1, childFolded)
        }
        if let link = try first(of: flat.nodes[node].terminal, folded: pathFolded, accept: accept) { return link }
        // The links at the first descent's end were asked; the search does not ask them again.
        return try search(segments, in: bytes, loose, index, start: position, folded, accept, askedFirstEnd: true)
    }
    /// The first edge of `node` from the edge `first` on (0: the constant, then the segments with
    /// constants, then the typed parameters) that the segment takes: its child, the edge's
    /// position and whether the path is folded below it; `nil` when none does.
    private func edge(
        from node: Int, first: Int, _ segment: LinkSegment, _ bytes: [UInt8], _ loose: Bool, _ folded: Bool
    ) -> (node: (node: Int, step: Int), folded: Bool)? {
        let index = node
        let node = flat.nodes[index]
        let (compounds, parameters) = (node.compounds.count, node.parameters.count)
        var step = first
        if step == 0 {
            if let id = segment.constant, let child = flat.child(of: index, id) {
                return ((child, 0), folded || segment.folded)
            }
            step = 1
        }
        while step <= compounds {
            let edge = flat.compounds[node.compounds.lowerBound + step - 1]
            if let pieces = edge.segment.split(bytes, segment.range),
                loose || zip(pieces, edge.types).allSatisfy({ Self.accepts($1, bytes, $0) })
            {
                return ((edge.child, step), folded)
            }
            step += 1
        }
        while step <= compounds + parameters {
            let edge = flat.parameters[node.parameters.lowerBound + step - 1 - compounds]
            if loose || (edge.isInt && segment.number != nil) || Self.accepts(edge, bytes, segment.range) {
                return ((edge.child, step), folded)
            }
            step += 1
        }
        return nil
    }
    /// The depth-first search with an explicit stack, each node visited at most once;
    /// `askedFirstEnd` when the links at the end of its first descent were already asked.
    private func search<Failure: Error>(
        _ segments: [LinkSegment], in bytes: [UInt8], _ loose: Bool, _ index: Int, start position: Int,
        _ folded: Bool, _ accept: (Int) throws(Failure) -> Bool, askedFirstEnd: Bool
    ) throws(Failure) -> Int? {
        var skipEnd = askedFirstEnd
        var stack: [SearchFrame] = []
        stack.reserveCapacity(segments.count - position + 1)
        stack.append(SearchFrame(node: index, position: position, folded: folded))
        while let top = stack.last {
            guard top.position < segments.count else {
                stack.removeLast()
                if skipEnd {
                    skipEnd = false
                    continue
                }
                let terminal = flat.nodes[top.node].terminal
                if let link = try first(of: terminal, folded: top.folded, accept: accept) { return link }
                continue
            }
            if let (child, childFolded) = edge(
                from: top.node, first: top.step, segments[top.position], bytes, loose, top.folded)
            {
                stack[stack.count - 1].step = child.step + 1
                stack.append(SearchFrame(node: child.node, position: top.position + 1, folded: childFolded))
            } else {
                stack.removeLast()
                let catchAll = flat.nodes[top.node].catchAll
                if let link = try first(of: catchAll, folded: top.folded, accept: accept) { return link }
            }
        }
        return nil
    }
    /// Whether the segment at `range` is a value of the edge's type: a plainly written segment
    /// as it is (an `Int` without the type's closure), another decoded; none when it does not decode.
    private static func accepts(_ edge: FlatTrie.Parameter, _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let (start, end) = (range.lowerBound, range.upperBound)
        if PercentCoding.isPlain(bytes, start, end, segment: true) {
            return edge.isInt ? DecimalText.int(bytes, range) != nil : edge.type.accepts(bytes[start..<end])
        }
        let text = try? PercentCoding.decodedBytes(bytes, start, end, segment: true, link: true)
        return text.map(edge.type.accepts) == true
    }
    /// The first link of the list at `range` of ``FlatTrie/links`` that `accept` takes.
    private func first<Failure: Error>(
        of range: Range<Int>, folded: Bool, accept: (Int) throws(Failure) -> Bool
    ) throws(Failure) -> Int? {
        for offset in range {
            let link = flat.links[offset]
            if !folded || caseInsensitive[link], try accept(link) { return link }
        }
        return nil
    }
    /// Whether the decoded bytes of `range` are a value of `type`.
    private static func accepts(_ type: ParameterType, _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let text = try? PercentCoding.decodedBytes(bytes, range.lowerBound, range.upperBound, segment: true, link: true)
        return text.map(type.accepts) == true
    }
}

/// A node being tried at a segment by ``LinkTrie``'s search, and the next of its edges to try
/// (0: the constant).
private struct SearchFrame {
    let node: Int
    let position: Int
    let folded: Bool
    var step = 0
}
