extension NavigationNode {
    /// Visits every node of the subtree once, in no particular order: a stack's screens top
    /// first, without gathering them in display order as ``visit(_:)`` does. For walks whose
    /// answer does not depend on the order: the highest id, a count.
    func visitInAnyOrder(_ body: (NavigationNode) -> Void) {
        body(self)
        switch content {
        case .screen: break
        case .stack(let stack):
            for node in stack.elementsFromTop { node.visitInAnyOrder(body) }
        case .tabs(let tabs):
            for tab in tabs.tabs { tab.node.visitInAnyOrder(body) }
        case .split(let split):
            for (_, node) in split.filledColumns { node.visitInAnyOrder(body) }
        }
        modal?.node.visitInAnyOrder(body)
    }
}
