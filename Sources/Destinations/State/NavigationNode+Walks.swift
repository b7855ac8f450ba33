// Performance: the push-back, select-tab and sheet figures, the node read and the focused reads (Benchmarks/README.md, "Figures").
/// Walks down the tree without copying the nodes on the way: each step borrows the child where
/// its parent keeps it (a stack's link, a tab bar's array, a modal's box) and recurses into it,
/// so that a walk costs its steps, not a copy of every node it passes. Only the node a walk
/// returns, if any, is copied.
extension NavigationNode {
    /// Calls `body` with the node one step down, borrowed where it is stored; `nil` when the
    /// step leads nowhere.
    @inlinable
    func withChild<Result>(at step: NodeStep, _ body: (NavigationNode) -> Result) -> Result? {
        switch step {
        case .modal:
            guard let box = presented else { return nil }
            return body(box.modal.node)
        case .stackElement(let index):
            guard case .stack(let stack) = content, index >= 0, index < stack.count else { return nil }
            return body(stack.top.link(atCount: index + 1).node)
        case .tab(let index):
            guard case .tabs(let tabs) = content, tabs._tabs.indices.contains(index) else { return nil }
            return body(tabs._tabs[index].node)
        case .column(let column):
            guard case .split(let split) = content else { return nil }
            switch column {
            case .sidebar: return body(split.sidebar)
            case .content:
                guard let node = split.content else { return nil }
                return body(node)
            case .detail:
                guard let node = split.detail else { return nil }
                return body(node)
            }
        }
    }

    /// Calls `body` with the node at the end of `path`, borrowed; `nil` when the path leads
    /// nowhere.
    ///
    /// - Complexity: O(*d* log *n*): one step per element of `path`.
    @inlinable
    func withNode<Result>(at path: ArraySlice<NodeStep>, _ body: (NavigationNode) -> Result) -> Result? {
        guard let step = path.first else { return body(self) }
        return withChild(at: step) { $0.withNode(at: path.dropFirst(), body) } ?? nil
    }

    /// The node one step down, if there is one.
    func child(at step: NodeStep) -> NavigationNode? {
        withChild(at: step) { $0 }
    }

    /// The node at the end of `path`.
    @inlinable
    func node(at path: ArraySlice<NodeStep>) -> NavigationNode? {
        withNode(at: path) { $0 }
    }

    /// The node at the end of `path`.
    @inlinable
    func node(at path: [NodeStep]) -> NavigationNode? {
        withNode(at: path[...]) { $0 }
    }

    /// The number of steps of `path` that lead to its last node of `kind`, counting `taken`
    /// steps to this node and `found` for the last such node above it; not beyond a modal on
    /// the path unless `crossingModals`. `nil` when there is none, or the path leads nowhere.
    @inlinable
    func stepsToNearest(
        _ kind: NodeKind, along path: ArraySlice<NodeStep>, crossingModals: Bool, taken: Int = 0, found: Int? = nil
    ) -> Int? {
        var found = self.kind == kind ? taken : found
        guard let step = path.first else { return found }
        if step == .modal && !crossingModals { found = nil }
        return withChild(at: step) {
            $0.stepsToNearest(
                kind, along: path.dropFirst(), crossingModals: crossingModals, taken: taken + 1, found: found)
        } ?? nil
    }

    /// Calls `body` with the focused child of a container, borrowed: the topmost screen of a
    /// stack that presents a modal (or else its top), the selected tab, the split's focused
    /// column (``focusedChild``). `nil` for a screen.
    @inlinable
    func withFocusedChild<Result>(_ body: (NavigationNode) -> Result) -> Result? {
        switch content {
        case .screen:
            return nil
        case .stack(let stack):
            let top = stack.top
            if top.node.presented == nil, let presenter = top.presenterBelow { return body(presenter.node) }
            return body(top.node)
        case .tabs(let tabs):
            return body(tabs._tabs[tabs.selectedIndex].node)
        case .split:
            guard let (_, child) = focusedChild else { return nil }
            return body(child)
        }
    }

    /// The id of ``focusedNode``: through modals first, then the focused child of each
    /// container. Every change that starts from the focus asks for it.
    ///
    /// - Complexity: O(*d*) in the nesting depth.
    @inlinable
    var focusedID: ElementID {
        if let box = presented { return box.modal.node.focusedID }
        switch content {
        case .screen:
            return id
        case .stack(let stack):
            let top = stack.top
            if top.node.presented == nil, let presenter = top.presenterBelow { return presenter.node.focusedID }
            return top.node.focusedID
        case .tabs(let tabs):
            return tabs._tabs[tabs.selectedIndex].node.focusedID
        case .split:
            guard let (_, child) = focusedChild else { return id }
            return child.focusedID
        }
    }

    /// The screen (or empty container) with the focus inside this node.
    ///
    /// - Complexity: O(*d*) in the nesting depth.
    @inlinable
    var focusedNode: NavigationNode {
        if let box = presented { return box.modal.node.focusedNode }
        return withFocusedChild { $0.focusedNode } ?? self
    }

    /// The first modal along this node's focus path: its own, or the first one inside it.
    @inlinable
    var firstModalAlongFocus: Modal<Route>? {
        if let box = presented { return box.modal }
        return withFocusedChild { $0.firstModalAlongFocus } ?? nil
    }

    /// Whether this node or a node along its focus presents a modal: ``firstModalAlongFocus``
    /// without the copy.
    @inlinable
    var hasModalAlongFocus: Bool {
        if presented != nil { return true }
        return withFocusedChild { $0.hasModalAlongFocus } ?? false
    }
}
