// Performance: the url-state figure (Benchmarks/README.md, "URLs"): the typed layer decorates a tab bar it builds.
public import Destinations

extension Tabs {
    /// A bar read from a URL, with what the layout's items declare besides the tabs' names:
    /// sections, roles, action items (`nil`: no layout describes the bar).
    @usableFromInline static func read(_ tabs: Tabs, declaredBy layouts: [TabLayout<Route>]?) -> Tabs {
        tabs.decorated(by: layouts ?? [])
    }
}

extension NavigationNode {
    /// Whether the node is what `layout` builds, ids aside, with no modal anywhere.
    func isDefault(for layout: Layout<Route>) -> Bool {
        guard modal == nil else { return false }
        switch (content, layout) {
        case (.screen(let route), .screen(let expected)):
            return route == expected
        case (.stack(let stack), .stack(let routes)):
            return stack.elements.map(\.route) == routes.map(Optional.some)
                && stack.elements.allSatisfy { $0.modal == nil }
        case (.tabs(let tabs), .tabs(let items, let selected)):
            let layouts = items.filter { $0.actionStyle == nil }
            return tabs.tabs.map(\.id) == layouts.map(\.id) && tabs.selection == (selected ?? layouts.first?.id)
                && zip(tabs.tabs, layouts).allSatisfy { $0.node.isDefault(for: $1.layout) }
        case (.split(let split), .split(let sidebar, let content, let detail, let primary)):
            return split.hasContentColumn == (content != nil) && split.primary == primary
                && split.sidebar.isDefault(for: sidebar)
                && Self.isDefault(split.content, content) && Self.isDefault(split.detail, detail)
        default:
            return false
        }
    }
    /// Whether a column shows what its layout builds: both empty, or equal.
    static func isDefault(_ node: NavigationNode?, _ layout: Layout<Route>?) -> Bool {
        guard let node, let layout else { return node == nil && layout == nil }
        return node.isDefault(for: layout)
    }
}

extension NavigationState {
    /// This state with the ids of `current` wherever an element sits at the same place with the same
    /// kind and route (stacks up to their first difference); other elements take ids from `ids`.
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
            let old = match?.stack?.elements ?? []
            var reusing = true
            let elements = stack.elements.enumerated().map { position, element in
                let candidate = reusing && position < old.count ? old[position] : nil
                let next = element.aligned(to: candidate, ids: &ids)
                reusing = reusing && next.id == candidate?.id
                return next
            }
            aligned = .stack(Stack(elements))
        case .tabs(let tabs):
            let old = match?.tabs?.tabs ?? []
            var items = tabs
            for index in items.tabs.indices {
                let tab = items.tabs[index]
                items.replaceNode(at: index, with: tab.node.aligned(to: old.first { $0.id == tab.id }?.node, ids: &ids))
            }
            // A URL names the tabs, not which ones the user hid, their sections and roles, or the
            // action items: those stay as the bar had them.
            aligned = .tabs(match?.tabs.map { items.keepingUnprinted(from: $0) } ?? items)
        case .split(let split):
            let old = match?.split
            let sidebar = split.sidebar.aligned(to: old?.sidebar, ids: &ids)
            let middle = split.content.map { $0.aligned(to: old?.content, ids: &ids) }
            let detail = split.detail.map { $0.aligned(to: old?.detail, ids: &ids) }
            aligned = .split(
                Split(
                    sidebar: sidebar, content: middle, detail: detail, hasContentColumn: split.hasContentColumn,
                    // The fold is the window's width, which a URL does not carry: it stays.
                    primary: split.primary, isCollapsed: old?.isCollapsed ?? split.isCollapsed))
        }
        let presented = modal.map { Modal(style: $0.style, node: $0.node.aligned(to: match?.modal?.node, ids: &ids)) }
        return NavigationNode(id: id, content: aligned, modal: presented)
    }
}
