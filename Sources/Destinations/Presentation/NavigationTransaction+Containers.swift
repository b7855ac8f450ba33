// Performance: the select-tab figure (Benchmarks/README.md, "Figures").
extension NavigationTransaction {
    /// The path to the nearest tab bar (crossing modals) and the index of `tab` in it.
    @inlinable
    func tabIndex(_ tab: TabID) throws(NavigationError) -> ([NodeStep], Int) {
        guard let tabsPath = try nearest(.tabs, crossingModals: true) else { throw .noTabs(from: anchor) }
        let found = _state.root.withNode(at: tabsPath[...]) { node -> (bar: ElementID, index: Int?) in
            guard case .tabs(let tabs) = node.content else { return (node.id, nil) }
            return (node.id, tabs._tabs.firstIndex { $0.id == tab })
        }
        guard let found else { throw .unknownElement(anchor) }
        guard let index = found.index else { throw .unknownTab(tab, tabs: found.bar) }
        return (tabsPath, index)
    }

    @inlinable
    mutating func selectTab(_ tab: TabID) throws(NavigationError) {
        let (tabsPath, index) = try tabIndex(tab)
        try select(index, ofTabsAt: tabsPath)
    }

    /// Selects a tab and moves the anchor to its focus. Leaving a tab dismisses the modals
    /// presented inside it, so that every modal stays on the focus path.
    ///
    /// One borrowed read of the bar finds all the selection needs, the focus of the tab it
    /// selects included: leaving a tab changes that tab alone.
    @inlinable
    mutating func select(_ index: Int, ofTabsAt tabsPath: [NodeStep]) throws(NavigationError) {
        let read = _state.root.withNode(at: tabsPath[...]) {
            node -> (
                bar: ElementID,
                choice: (tab: TabID, isHidden: Bool, previous: Int, leavesModal: Bool, focus: ElementID)?
            )
            in
            guard case .tabs(let tabs) = node.content, tabs._tabs.indices.contains(index) else { return (node.id, nil) }
            let previous = tabs.selectedIndex
            let chosen = tabs._tabs[index]
            return (
                node.id,
                (
                    chosen.id, tabs.hidden.contains(chosen.id), previous,
                    previous != index && tabs._tabs[previous].node.hasModalAlongFocus, chosen.node.focusedID
                )
            )
        }
        guard let read else { throw .unknownElement(anchor) }
        guard let choice = read.choice else { throw .noTabs(from: read.bar) }
        if choice.isHidden { throw .tabHidden(choice.tab, tabs: read.bar) }
        if choice.previous != index {
            if choice.leavesModal { try dismissModals(inSubtreeAt: tabsPath + [.tab(index: choice.previous)]) }
            modify(at: tabsPath) { node in
                guard case .tabs(var tabs) = node.content else { return }
                tabs._selection = choice.tab
                node.content = .tabs(tabs)
            }
            markTouched(read.bar)
        }
        anchor = choice.focus
    }

    mutating func presentInTab(_ tab: TabID, _ route: Route) throws(NavigationError) {
        let (tabsPath, index) = try tabIndex(tab)
        try select(index, ofTabsAt: tabsPath)
        let tabPath = tabsPath + [.tab(index: index)]
        let shown = try node(at: tabPath)
        // The tab shows that route already, on top and not covered by a modal: the screen, its id
        // and its Destination stay, so that opening the same link twice shows it once.
        if let top = shown.kind == .stack ? shown.stack?.topNode : shown, top.route == route,
            shown.focusedID == top.id
        {
            anchor = top.id
        } else if shown.kind == .stack {
            anchor = try push(route, onStackAt: tabPath).id
        } else {
            try replaceNode(at: tabPath, with: makeScreen(route, at: nil))
        }
    }

    mutating func show(_ route: Route, in column: SplitColumn) throws(NavigationError) {
        guard let splitPath = try nearest(.split, crossingModals: true) else { throw .noSplit(from: anchor) }
        let splitNode = try node(at: splitPath)
        guard case .split(let split) = splitNode.content, split.columns.contains(column) else {
            throw .noSuchColumn(column, split: splitNode.id)
        }
        let screen: NavigationNode<Route>
        switch split[column] {
        case let existing? where existing.route == route:
            // The column shows that route already: the screen, its id and its Destination stay.
            anchor = existing.id
            return
        case let existing? where existing.kind == .stack && existing.stack?.elements.first?.route == route:
            // The column's stack starts with that route: it goes back to it, keeping it.
            let root = existing.stack?.elements.first?.id ?? existing.id
            anchor = root
            try popAbove(root)
            anchor = root
            return
        case let existing? where existing.kind == .stack:
            screen = try makeScreen(
                route, at: ElementIndex.Location(parent: existing.id, step: .stackElement(index: 0)))
            existing.visit { if $0.id != existing.id { recordRemoval(of: $0, subtree: false) } }
            modify(at: splitPath + [.column(column)]) { stack in
                stack.content = .stack(Stack([screen]))
                stack.presented = nil
            }
            markTouched(existing.id)
        case let existing?:
            screen = try makeScreen(route, at: ElementIndex.Location(parent: splitNode.id, step: .column(column)))
            recordRemoval(of: existing)
            setColumn(column, ofSplitAt: splitPath, to: screen)
            markTouched(splitNode.id)
        case nil:
            screen = try makeScreen(route, at: nil)
            let stack = NavigationNode(id: try _ids.fresh(), content: .stack(Stack([screen])))
            log.setLocation(of: screen.id, to: ElementIndex.Location(parent: stack.id, step: .stackElement(index: 0)))
            recordAddition(stack, at: ElementIndex.Location(parent: splitNode.id, step: .column(column)))
            setColumn(column, ofSplitAt: splitPath, to: stack)
            markTouched(splitNode.id)
        }
        anchor = screen.id
    }

    /// Shows `route` in the column after the anchor's in the nearest split view within its
    /// modal, emptying the columns after it; pushes it where there is no such column.
    mutating func showNext(_ route: Route) throws(NavigationError) {
        guard let splitPath = try nearest(.split, crossingModals: false) else { return try push(route) }
        let anchorPath = try anchorPath()
        let splitNode = try node(at: splitPath)
        guard case .split(let split) = splitNode.content, anchorPath.count > splitPath.count,
            case .column(let column) = anchorPath[splitPath.count],
            let index = split.columns.firstIndex(of: column), index + 1 < split.columns.count
        else { return try push(route) }
        for later in split.columns.dropFirst(index + 2) {
            guard let existing = split[later] else { continue }
            recordRemoval(of: existing)
            setColumn(later, ofSplitAt: splitPath, to: nil)
            markTouched(splitNode.id)
        }
        try show(route, in: split.columns[index + 1])
    }

    mutating func setColumn(_ column: SplitColumn, ofSplitAt splitPath: [NodeStep], to node: NavigationNode<Route>?) {
        modify(at: splitPath) { splitNode in
            guard case .split(var split) = splitNode.content else { return }
            split.set(column, to: node)
            splitNode.content = .split(split)
        }
    }
}
