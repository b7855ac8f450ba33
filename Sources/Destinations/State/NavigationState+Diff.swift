extension NavigationState {
    /// What changes between `old` and this state, element by element: an element of this state
    /// is kept when `old` has an element with the same id, of the same kind, and — for a
    /// screen — the same route; otherwise it is added (and the old one, if any, removed).
    /// Kept elements whose own content differs are touched.
    ///
    /// ``Flow/restore(_:)`` commits a whole state with it, so that screens that did not change
    /// keep their live Destinations.
    ///
    /// - Complexity: O(*n* + *m*) in the elements of both states.
    public func changes(from old: NavigationState) -> NavigationChanges<Route> {
        // The old elements in pre-order and where each one is: one walk of the old state, and a
        // dictionary of ids and positions, whose operations are specialised, rather than one of
        // the route's nodes, whose every insert and lookup is generic.
        var oldNodes: [NavigationNode<Route>] = []
        var positions: [ElementID: Int] = [:]
        old.root.visit { node in
            positions[node.id] = oldNodes.count
            oldNodes.append(node)
        }
        var added: [NavigationNode<Route>] = []
        var touched: Set<ElementID> = []
        var kept = [Bool](repeating: false, count: oldNodes.count)
        root.visit { node in
            guard let position = positions[node.id], oldNodes[position].kind == node.kind,
                oldNodes[position].route == node.route
            else {
                if node.isScreen { added.append(node) }
                touched.insert(node.id)
                return
            }
            kept[position] = true
            if !oldNodes[position].hasSameOwnContent(as: node) { touched.insert(node.id) }
        }
        var removed: [NavigationNode<Route>] = []
        var removedIDs: Set<ElementID> = []
        for position in 0..<oldNodes.count where !kept[position] {
            removedIDs.insert(oldNodes[position].id)
            if oldNodes[position].isScreen { removed.append(oldNodes[position]) }
        }
        return NavigationChanges(added: added, removed: removed, touched: touched, removedIDs: removedIDs)
    }
}
