/// The deep links compiled into a trie over path segments, matched depth-first with backtracking:
/// each node visited at most once, never exponential, flat in the number of links.
struct LinkTrie: Sendable {
    struct Node: Sendable {
        /// The children under constants, by constant id (``LinkTrie/constants``), in the order
        /// of the ids: found by binary search.
        var constants: [(id: Int, child: Int)] = []
        /// The child under the constant `id`.
        func child(_ id: Int) -> Int? {
            var (low, high) = (0, constants.count)
            while low < high {
                let middle = (low + high) / 2
                if constants[middle].id < id { low = middle + 1 } else { high = middle }
            }
            return low < constants.count && constants[low].id == id ? constants[low].child : nil
        }
        /// Adds the child under the constant `id`, keeping the order.
        mutating func insert(_ id: Int, child: Int) {
            var at = constants.count
            while at > 0, constants[at - 1].id > id { at -= 1 }
            constants.insert((id, child), at: at)
        }
        /// Segments with constants around typed parameters, in declaration order.
        var compounds: [(segment: CompoundSegment, types: [ParameterType], child: Int)] = []
        var parameters: [(type: ParameterType, child: Int)] = []
        /// The links whose catch-all starts here, in declaration order.
        var catchAll: [Int] = []
        /// The links that end here, in declaration order.
        var terminal: [Int] = []
    }
    private(set) var nodes = [Node()]
    /// The nodes as matching reads them.
    private(set) var flat = FlatTrie()
    /// The id of each constant of the links, which a path's segments are looked up in once.
    private(set) var constants = ConstantTable()
    let caseInsensitive: [Bool]
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
        flat = FlatTrie(nodes)
    }
    /// Inserts a link; returns the links already there with the same shape.
    private mutating func insert(_ segments: [URLTemplate.Segment], _ parameters: [ParameterSpec], link: Int) -> [Int] {
        var node = 0
        for segment in segments {
            var child: Int?
            switch segment {
            case .constant(let key): child = constants.id(Array(key.utf8)[...]).flatMap { nodes[node].child($0) }
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
                case .constant(let key): nodes[node].insert(constants.insert(Array(key.utf8)), child: next)
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
    /// Pairs of links (preferred, other) that a URL could both match; O(constants × typed) a node.
    func overlaps() -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for node in nodes where !node.parameters.isEmpty || !node.catchAll.isEmpty {
            // The typed children in precedence order, then the catch-all, each with a link under it.
            let lower =
                node.parameters.map { (type: Optional($0.type), link: firstLink($0.child)) }
                + [(type: nil, link: node.catchAll.first)]
            let constants = node.constants.sorted { $0.child < $1.child }.map {
                (constant: self.constants.text($0.id), child: $0.child)
            }
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
            pending += nodes[next].constants.map(\.child).sorted().reversed()
        }
        return nil
    }
}
