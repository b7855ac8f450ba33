/// The link trie as matching reads it: each node's edges and links are ranges of flat arrays of
/// plain values, so that a walk copies no array and retains nothing for the common edges.
struct FlatTrie: Sendable {
    struct Node {
        var constants: Range<Int> = 0..<0
        var compounds: Range<Int> = 0..<0
        var parameters: Range<Int> = 0..<0
        var catchAll: Range<Int> = 0..<0
        var terminal: Range<Int> = 0..<0
    }
    /// A typed edge; `isInt` for `Int`, checked without the type's closure.
    struct Parameter {
        let type: ParameterType
        let isInt: Bool
        let child: Int
    }
    private(set) var nodes: [Node] = []
    /// The constant edges of every node, each node's in the order of the constant ids.
    private(set) var constants: [(id: Int, child: Int)] = []
    private(set) var compounds: [(segment: CompoundSegment, types: [ParameterType], child: Int)] = []
    private(set) var parameters: [Parameter] = []
    /// The catch-all and terminal links of every node.
    private(set) var links: [Int] = []
    /// A constant edge, found by its node and constant id.
    struct ConstantEdge {
        let node: Int
        let id: Int
        let child: Int
    }
    /// Every constant edge by its node and constant id: open addressing, a power of two in size,
    /// at most half full. A node of many constants (the first segments of many links) finds its
    /// child in O(1), as a node of a few does.
    private var edgeSlots: [ConstantEdge?] = [nil]
    init() {}
    /// The trie of `nodes`, in the same order.
    init(_ nodes: [LinkTrie.Node]) {
        self.nodes.reserveCapacity(nodes.count)
        for node in nodes {
            var flat = Node()
            flat.constants = Self.append(node.constants, to: &constants)
            flat.compounds = Self.append(node.compounds, to: &compounds)
            flat.parameters = Self.append(
                node.parameters.map {
                    Parameter(type: $0.type, isInt: $0.type.identity == ObjectIdentifier(Int.self), child: $0.child)
                }, to: &parameters)
            flat.catchAll = Self.append(node.catchAll, to: &links)
            flat.terminal = Self.append(node.terminal, to: &links)
            self.nodes.append(flat)
        }
        var size = 1
        while size < 2 * constants.count { size *= 2 }
        edgeSlots = [ConstantEdge?](repeating: nil, count: size)
        for (node, flat) in self.nodes.enumerated() {
            for (id, child) in constants[flat.constants] {
                var slot = Self.slot(node, id) & (size - 1)
                while edgeSlots[slot] != nil { slot = (slot + 1) & (size - 1) }
                edgeSlots[slot] = ConstantEdge(node: node, id: id, child: child)
            }
        }
    }
    /// The child of the node at `node` under the constant `id`, in O(1).
    func child(of node: Int, _ id: Int) -> Int? {
        let mask = edgeSlots.count - 1
        var slot = Self.slot(node, id) & mask
        while let edge = edgeSlots[slot] {
            if edge.node == node && edge.id == id { return edge.child }
            slot = (slot + 1) & mask
        }
        return nil
    }
    /// Where the edge of `node` under `id` is looked for first, before the mask.
    private static func slot(_ node: Int, _ id: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: id)
        hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
    private static func append<Element>(_ elements: [Element], to array: inout [Element]) -> Range<Int> {
        array += elements
        return (array.count - elements.count)..<array.count
    }
}
