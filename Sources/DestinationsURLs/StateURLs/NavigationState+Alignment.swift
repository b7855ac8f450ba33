import Destinations

extension NavigationState {
    /// This state with the ids of `current` wherever an element sits at the same place, with
    /// the same kind and (for a screen) the same route: the same tab, the same column, the same
    /// position in a stack's common prefix, the same modal. Other elements take new ids from
    /// `ids`. Committing the result with `Flow.restore(_:)` keeps those elements' live
    /// Destinations.
    func aligned(to current: NavigationState, ids: inout any ElementIDGenerator) -> NavigationState {
        NavigationState(root: root.aligned(to: current.root, ids: &ids))
    }
}

extension NavigationNode {
    /// This node with `old`'s id and, recursively, its children's ids where they match.
    func aligned(to old: NavigationNode?, ids: inout any ElementIDGenerator) -> NavigationNode {
        let match: NavigationNode? = old.flatMap { $0.kind == kind && $0.route == route ? $0 : nil }
        let id = match?.id ?? ids.next()
        let aligned: Content
        switch content {
        case .screen:
            aligned = content
        case .stack(let stack):
            var old: [NavigationNode] = []
            if let match, case .stack(let previous) = match.content { old = previous.elements }
            var elements: [NavigationNode] = []
            elements.reserveCapacity(stack.count)
            var reusing = true
            for (position, element) in stack.elements.enumerated() {
                let candidate = reusing && position < old.count ? old[position] : nil
                let next = element.aligned(to: candidate, ids: &ids)
                if next.id != candidate?.id { reusing = false }
                elements.append(next)
            }
            aligned = .stack(Stack(elements))
        case .tabs(let tabs):
            var old: [Tab<Route>] = []
            if let match, case .tabs(let previous) = match.content { old = previous.tabs }
            let items = tabs.tabs.map { tab in
                Tab(id: tab.id, node: tab.node.aligned(to: old.first { $0.id == tab.id }?.node, ids: &ids))
            }
            aligned = .tabs(Tabs(tabs: items, selection: tabs.selection))
        case .split(let split):
            var old: Split<Route>?
            if let match, case .split(let previous) = match.content { old = previous }
            let sidebar = split.sidebar.aligned(to: old?.sidebar, ids: &ids)
            let middle = split.content.map { $0.aligned(to: old?.content, ids: &ids) }
            let detail = split.detail.map { $0.aligned(to: old?.detail, ids: &ids) }
            aligned = .split(
                Split(sidebar: sidebar, content: middle, detail: detail, hasContentColumn: split.hasContentColumn))
        }
        let presented = modal.map { Modal(style: $0.style, node: $0.node.aligned(to: match?.modal?.node, ids: &ids)) }
        return NavigationNode(id: id, content: aligned, modal: presented)
    }
}
