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
        var previous: [ElementID: NavigationNode<Route>] = [:]
        old.root.visit { previous[$0.id] = $0 }
        var added: [NavigationNode<Route>] = []
        var touched: Set<ElementID> = []
        var kept: Set<ElementID> = []
        root.visit { node in
            guard let before = previous[node.id], before.kind == node.kind, before.route == node.route else {
                if node.isScreen { added.append(node) }
                touched.insert(node.id)
                return
            }
            kept.insert(node.id)
            if !before.hasSameOwnContent(as: node) { touched.insert(node.id) }
        }
        var removed: [NavigationNode<Route>] = []
        var removedIDs: Set<ElementID> = []
        old.root.visit { node in
            guard !kept.contains(node.id) else { return }
            removedIDs.insert(node.id)
            if node.isScreen { removed.append(node) }
        }
        return NavigationChanges(added: added, removed: removed, touched: touched, removedIDs: removedIDs)
    }
}
