extension LinkTrie {
    /// One segment of a link's shape.
    enum ShapeSegment {
        case constant([UInt8])
        case parameter(ParameterType)
        case catchAll
    }

    /// Builds the trie of `shapes`, one per link in order.
    ///
    /// - Returns: The trie, the pairs of links with the same shape (the later one first), and
    ///   the overlaps that precedence resolves, as pairs of link indices (preferred first).
    static func build(
        _ shapes: [[ShapeSegment]?],
        caseInsensitive: [Bool]
    ) -> (trie: LinkTrie, duplicates: [(Int, Int)], overlaps: [(Int, Int)]) {
        var builder = Builder()
        var duplicates: [(Int, Int)] = []
        for (index, shape) in shapes.enumerated() {
            guard let shape else { continue }
            if let existing = builder.insert(shape, link: index) { duplicates.append((index, existing)) }
        }
        var trie = builder.flatten()
        trie.caseInsensitive = caseInsensitive
        return (trie, duplicates, builder.overlaps())
    }

    private struct Builder {
        struct Child {
            var kind: ChildKind
            var node: Int
        }

        enum ChildKind: Equatable {
            case constant([UInt8])
            case parameter(ParameterKind, Int)
        }

        struct BuildNode {
            var constants: [Child] = []
            var parameters: [Child] = []
            var catchAll: Int?
            var terminal: Int?
        }

        var nodes = [BuildNode()]
        var customChecks: [ObjectIdentifier: Int] = [:]
        var checkers: [@Sendable (Substring) -> Bool] = []

        /// Inserts a link; returns the link that already has the same shape.
        mutating func insert(_ shape: [ShapeSegment], link: Int) -> Int? {
            var node = 0
            for segment in shape {
                switch segment {
                case .constant(let key):
                    if let child = nodes[node].constants.first(where: { $0.kind == .constant(key) }) {
                        node = child.node
                    } else {
                        nodes.append(BuildNode())
                        nodes[node].constants.append(Child(kind: .constant(key), node: nodes.count - 1))
                        node = nodes.count - 1
                    }
                case .parameter(let type):
                    var custom = -1
                    if case .custom(let identity) = type.kind {
                        if let known = customChecks[identity] {
                            custom = known
                        } else {
                            custom = checkers.count
                            customChecks[identity] = custom
                            checkers.append(type.accepts)
                        }
                    }
                    let kind = ChildKind.parameter(type.kind, custom)
                    if let child = nodes[node].parameters.first(where: { $0.kind == kind }) {
                        node = child.node
                    } else {
                        nodes.append(BuildNode())
                        nodes[node].parameters.append(Child(kind: kind, node: nodes.count - 1))
                        node = nodes.count - 1
                    }
                case .catchAll:
                    if let existing = nodes[node].catchAll { return existing }
                    nodes[node].catchAll = link
                    return nil
                }
            }
            if let existing = nodes[node].terminal { return existing }
            nodes[node].terminal = link
            return nil
        }

        func flatten() -> LinkTrie {
            var trie = LinkTrie()
            trie.nodes = []
            trie.checkers = checkers
            for (index, node) in nodes.enumerated() {
                let sorted = node.parameters.enumerated().sorted { left, right in
                    let (leftRank, rightRank) = (rank(left.element), rank(right.element))
                    return leftRank != rightRank ? leftRank < rightRank : left.offset < right.offset
                }
                trie.nodes.append(
                    LinkTrie.Node(
                        firstEdge: Int32(trie.edges.count),
                        edgeCount: Int32(sorted.count),
                        catchAll: Int32(node.catchAll ?? -1),
                        terminal: Int32(node.terminal ?? -1),
                        hasConstants: !node.constants.isEmpty
                    ))
                for (_, child) in sorted {
                    guard case .parameter(let kind, let custom) = child.kind else { continue }
                    trie.edges.append(Edge(check: Check(kind, custom: Int32(custom)), child: Int32(child.node)))
                }
                for child in node.constants {
                    guard case .constant(let key) = child.kind else { continue }
                    trie.constants.insert(key, scope: Int32(index), value: Int32(child.node))
                }
            }
            return trie
        }

        private func rank(_ child: Child) -> Int {
            guard case .parameter(let kind, _) = child.kind else { return -1 }
            return kind.rank
        }

        /// Pairs of links (preferred, other) where a URL could match both and precedence picks
        /// the first: a constant or a narrower type before a type that also accepts it.
        func overlaps() -> [(Int, Int)] {
            var result: [(Int, Int)] = []
            for node in nodes {
                var children: [(kind: ChildKind?, node: Int?)] = node.constants.map { ($0.kind, $0.node) }
                children += node.parameters
                    .sorted { rank($0) < rank($1) }
                    .map { ($0.kind, $0.node) }
                if let catchAll = node.catchAll { children.append((nil, -1 - catchAll)) }
                for (position, higher) in children.enumerated() {
                    for lower in children[(position + 1)...] where overlap(higher.kind, lower.kind) {
                        guard let preferred = firstLink(higher.node), let other = firstLink(lower.node) else { continue }
                        result.append((preferred, other))
                    }
                }
            }
            return result
        }

        /// Whether a segment that `higher` takes could also be taken by `lower`.
        private func overlap(_ higher: ChildKind?, _ lower: ChildKind?) -> Bool {
            guard case .parameter(let lowerKind, _)? = lower else { return lower == nil }
            switch lowerKind {
            case .string, .custom: return true
            case .double:
                if case .parameter(.integer, _)? = higher { return true }
                if case .constant(let key)? = higher { return DecimalText.isDecimal(key) }
                return false
            case .integer(let bits, let signed):
                if case .constant(let key)? = higher { return IntegerText.fits(key, bits: bits, signed: signed) }
                if case .parameter(.integer, _)? = higher { return true }
                return false
            case .uuid:
                if case .constant(let key)? = higher { return UUIDText.isUUID(key) }
                return false
            case .bool:
                if case .constant(let key)? = higher { return key == Array("true".utf8) || key == Array("false".utf8) }
                return false
            }
        }

        /// A link that ends in the subtree of `node`; a negative number encodes a catch-all
        /// link directly.
        private func firstLink(_ node: Int?) -> Int? {
            guard let node else { return nil }
            if node < 0 { return -1 - node }
            var pending = [node]
            while let next = pending.popLast() {
                if let terminal = nodes[next].terminal { return terminal }
                if let catchAll = nodes[next].catchAll { return catchAll }
                pending += nodes[next].parameters.map { $0.node }.reversed()
                pending += nodes[next].constants.map { $0.node }.reversed()
            }
            return nil
        }
    }
}
