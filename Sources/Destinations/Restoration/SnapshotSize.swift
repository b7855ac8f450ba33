/// The size of a saved tree, measured before any of it is read, so that a snapshot over the
/// restoration limits is refused whole instead of cut short.
struct SnapshotSize {
    /// The saved elements: every object read as a node (stack elements, tabs, columns, modals).
    private(set) var elements = 0
    /// The deepest nesting of elements; the root is at depth 0.
    private(set) var depth = 0

    /// Measures `tree` without recursion, so a hostile tree cannot overflow the stack.
    init(_ tree: SnapshotValue) {
        var pending = [(tree, 0)]
        while let (element, level) = pending.popLast() {
            guard case .object(let members) = element else { continue }
            elements += 1
            depth = max(depth, level)
            var children: [SnapshotValue] = []
            if case .array(let stack)? = members["stack"] { children += stack }
            if case .array(let tabs)? = members["tabs"] { children += tabs.compactMap { $0["node"] } }
            if let split = members["split"] {
                children += ["sidebar", "content", "detail"].compactMap { split[$0] }
            }
            if let content = members["modal"]?["content"] { children.append(content) }
            pending += children.map { ($0, level + 1) }
        }
    }
}
