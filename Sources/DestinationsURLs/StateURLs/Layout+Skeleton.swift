public import Destinations

/// The place a node sits in a state URL, which decides what kind a plain (unmarked) node is.
@usableFromInline enum NodeSlot<Route: NavigationRoute> {
    /// A place the scene layout describes: the root, a tab of a skeleton tab bar, a column of a
    /// skeleton split view. A node equal to the layout is the default there.
    case skeleton(Layout<Route>)
    /// A member of `*tabs(…)` or `*split(…)`, or a column the layout leaves empty: a stack.
    case stack
    /// A modal's content: a screen.
    case screen
    /// The kind a plain node has here.
    @usableFromInline var plainKind: NodeKind {
        switch self {
        case .skeleton(let layout): layout.kind
        case .stack: .stack
        case .screen: .screen
        }
    }
}

extension Layout {
    /// The kind of node the layout builds.
    @usableFromInline var kind: NodeKind {
        switch self {
        case .screen: .screen
        case .stack: .stack
        case .tabs: .tabs
        case .split: .split
        }
    }
    /// The slot of a split view's column: the column's layout, or a stack when the layout leaves
    /// it empty.
    @usableFromInline static func columnSlot(_ layout: Layout?) -> NodeSlot<Route> {
        layout.map { .skeleton($0) } ?? .stack
    }
}

extension NavigationNode {
    /// Whether the node is what `layout` builds, ids aside, with no modal anywhere.
    @usableFromInline func isDefault(for layout: Layout<Route>) -> Bool {
        guard modal == nil else { return false }
        switch (content, layout) {
        case (.screen(let route), .screen(let expected)):
            return route == expected
        case (.stack(let stack), .stack(let routes)):
            return stack.count == routes.count
                && zip(stack.elements, routes).allSatisfy { $0.modal == nil && $0.route == $1 }
        case (.tabs(let tabs), .tabs(let layouts, let selected)):
            guard tabs.tabs.count == layouts.count, let first = layouts.first,
                tabs.selection == (selected ?? first.id)
            else { return false }
            for (tab, layout) in zip(tabs.tabs, layouts) {
                guard tab.id == layout.id, tab.node.isDefault(for: layout.layout) else { return false }
            }
            return true
        case (.split(let split), .split(let sidebar, let content, let detail)):
            guard split.hasContentColumn == (content != nil), split.sidebar.isDefault(for: sidebar) else {
                return false
            }
            return Self.isDefault(split.content, content) && Self.isDefault(split.detail, detail)
        default:
            return false
        }
    }
    /// Whether a column shows what its layout builds: both empty, or equal.
    @usableFromInline static func isDefault(_ node: NavigationNode?, _ layout: Layout<Route>?) -> Bool {
        switch (node, layout) {
        case (nil, nil): true
        case (let node?, let layout?): node.isDefault(for: layout)
        default: false
        }
    }
}
