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
        commitSummary(from: old, withTouched: true).changes
    }

    /// ``changes(from:)`` as a flow commits it: the ids in ``IDSet``s, and the touched elements
    /// gathered into one only when `withTouched` (someone follows changes) or when nothing was
    /// added or removed (they then say whether anything changed at all).
    ///
    /// Each state is walked once, in one loop, into a list of its elements in pre-order: this
    /// code runs unspecialised for the app's route, where every call of a closure or a
    /// recursive walk per element looks up the node's type metadata again.
    func commitSummary(from old: NavigationState, withTouched: Bool) -> CommitSummary<Route> {
        let oldNodes = old.root.preorder()
        var positions = IDMap<Int>(capacity: oldNodes.count)
        for position in oldNodes.indices { positions[oldNodes[position].id] = position }
        let newNodes = root.preorder()
        // The lists sized once, for the largest they can be (a whole restore adds and removes
        // everything), rather than grown by doubling.
        var added: [NavigationNode<Route>] = []
        added.reserveCapacity(newNodes.count)
        var touched: [ElementID] = []
        touched.reserveCapacity(newNodes.count)
        var kept = [Bool](repeating: false, count: oldNodes.count)
        for index in newNodes.indices {
            let node = newNodes[index]
            guard let position = positions[node.id], oldNodes[position].kind == node.kind,
                oldNodes[position].route == node.route
            else {
                if node.isScreen { added.append(node) }
                touched.append(node.id)
                continue
            }
            kept[position] = true
            if !oldNodes[position].hasSameOwnContent(as: node) { touched.append(node.id) }
        }
        var removed: [NavigationNode<Route>] = []
        removed.reserveCapacity(oldNodes.count)
        var removedIDs: [ElementID] = []
        removedIDs.reserveCapacity(oldNodes.count)
        for position in oldNodes.indices where !kept[position] {
            removedIDs.append(oldNodes[position].id)
            if oldNodes[position].isScreen { removed.append(oldNodes[position]) }
        }
        let touchedSet = withTouched || (added.isEmpty && removed.isEmpty) ? IDSet(touched) : nil
        return CommitSummary(
            added: added, removed: removed, removedIDs: IDSet(distinct: removedIDs), touched: touchedSet)
    }
}

extension NavigationNode {
    /// Every element of this subtree in pre-order, as ``visit(inDisplayOrder:_:)`` meets them in
    /// display order (a modal after the subtree of what presents it), gathered in one loop.
    func preorder() -> [NavigationNode] {
        var result: [NavigationNode] = []
        var pending = [self]
        // A stack's screens, top first, on their way into the result.
        var screens: [NavigationNode] = []
        while !pending.isEmpty {
            let node = pending.removeLast()
            result.append(node)
            // Pushed in reverse: the modal last to come off, then the children, leading last.
            if let box = node.presented { pending.append(box.modal.node) }
            switch node.content {
            case .screen:
                break
            case .stack(let stack) where stack.top.node.presented == nil && stack.top.presenterBelow == nil:
                // No screen of the stack presents: each is its whole subtree, and goes straight
                // into the result, root first (the unspecialised `removeLast` of the list of
                // pending elements costs several times an append).
                screens.removeAll(keepingCapacity: true)
                // Room made once for the whole stack, not by doubling.
                screens.reserveCapacity(stack.count)
                result.reserveCapacity(result.count + stack.count)
                var link: Stack<Route>.Link? = stack.top
                while let current = link {
                    screens.append(current.node)
                    link = current.below
                }
                var index = screens.count
                while index > 0 {
                    index -= 1
                    result.append(screens[index])
                }
            case .stack(let stack):
                var link: Stack<Route>.Link? = stack.top
                while let current = link {
                    pending.append(current.node)
                    link = current.below
                }
            case .tabs(let tabs):
                var index = tabs._tabs.count
                while index > 0 {
                    index -= 1
                    pending.append(tabs._tabs[index].node)
                }
            case .split(let split):
                if let detail = split.detail { pending.append(detail) }
                if split.hasContentColumn, let content = split.content { pending.append(content) }
                pending.append(split.sidebar)
            }
        }
        return result
    }
}

extension IDSet {
    /// The set of `ids`, which are distinct: at most 16 kept as they are, more hashed into a set
    /// made the right size at once.
    init(distinct ids: [ElementID]) {
        self.init()
        if ids.count <= 16 {
            small = ids
        } else {
            large = Set(ids)
        }
    }
}
