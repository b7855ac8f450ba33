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
    }
    /// The child of `node` under the constant `id`: binary search.
    func child(of node: Node, _ id: Int) -> Int? {
        var (low, high) = (node.constants.lowerBound, node.constants.upperBound)
        while low < high {
            let middle = (low + high) / 2
            if constants[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < node.constants.upperBound && constants[low].id == id ? constants[low].child : nil
    }
    private static func append<Element>(_ elements: [Element], to array: inout [Element]) -> Range<Int> {
        array += elements
        return (array.count - elements.count)..<array.count
    }
}
