/// The changes to a tab bar's set of tabs: insert, remove, move, arrange, and the action items'
/// taps. Every tab that stays keeps its node, and so its ids and live Destinations.
extension NavigationTransaction {
    /// The path to the nearest tab bar (crossing modals), its id and its tabs.
    func nearestTabs() throws(NavigationError) -> (path: [NodeStep], id: ElementID, tabs: Tabs<Route>) {
        guard let path = try nearest(.tabs, crossingModals: true) else { throw .noTabs(from: anchor) }
        let node = try node(at: path)
        guard case .tabs(let tabs) = node.content else { throw .noTabs(from: anchor) }
        return (path, node.id, tabs)
    }

    mutating func insertTab(_ item: TabLayout<Route>, at position: Int?) throws(NavigationError) {
        let (path, id, tabs) = try nearestTabs()
        guard !tabs.ids.contains(item.id), !tabs.actions.contains(where: { $0.id == item.id }) else {
            throw .duplicateTab(item.id, tabs: id)
        }
        let index = min(max(position ?? tabs.tabs.count, 0), tabs.tabs.count)
        var changed = tabs
        if let style = item.actionStyle {
            changed.actions.append(Tabs.Action(item, style: style, placement: index))
        } else {
            let node = try makeNode(item.layout, at: ElementIndex.Location(parent: id, step: .tab(index: index)))
            var tab = Tab(id: item.id, node: node, section: item.section, role: item.role)
            tab.isInserted = true
            changed._tabs.insert(tab, at: index)
            if item.isHidden { changed.hidden.insert(item.id) }
            for action in changed.actions.indices where changed.actions[action].placement > index {
                changed.actions[action].placement += 1
            }
        }
        reshape(tabsAt: path, id: id, to: changed)
    }

    mutating func removeTab(_ tab: TabID) throws(NavigationError) {
        let (path, id, tabs) = try nearestTabs()
        var changed = tabs
        if let action = tabs.actions.firstIndex(where: { $0.id == tab }) {
            changed.actions.remove(at: action)
            return reshape(tabsAt: path, id: id, to: changed)
        }
        guard let index = tabs.ids.firstIndex(of: tab) else { throw .unknownTab(tab, tabs: id) }
        if tab == tabs.selection {
            guard let neighbour = tabs.neighbour(of: index, gone: [tab]) else { throw .noTabLeft(tabs: id) }
            changed._selection = tabs._tabs[neighbour].id
        }
        recordRemoval(of: tabs._tabs[index].node)
        changed._tabs.remove(at: index)
        changed.hidden.remove(tab)
        for action in changed.actions.indices where changed.actions[action].placement > index {
            changed.actions[action].placement -= 1
        }
        reshape(tabsAt: path, id: id, to: changed)
    }

    mutating func moveTab(_ tab: TabID, to position: Int) throws(NavigationError) {
        let (path, id, tabs) = try nearestTabs()
        guard let index = tabs.ids.firstIndex(of: tab) else { throw .unknownTab(tab, tabs: id) }
        var changed = tabs
        let moved = changed._tabs.remove(at: index)
        changed._tabs.insert(moved, at: min(max(position, 0), changed._tabs.count))
        reshape(tabsAt: path, id: id, to: changed)
    }

    mutating func arrangeTabs(_ arrangement: TabArrangement) throws(NavigationError) {
        let (path, _, _) = try nearestTabs()
        try arrangeTabs(arrangement, ofTabsAt: path)
    }

    /// Gives the tab bar at `path` an arrangement; hiding the selected tab selects its neighbour
    /// and dismisses the modals inside the tab it leaves.
    mutating func arrangeTabs(_ arrangement: TabArrangement, ofTabsAt path: [NodeStep]) throws(NavigationError) {
        let tabsNode = try node(at: path)
        guard case .tabs(let tabs) = tabsNode.content else { throw .noTabs(from: tabsNode.id) }
        guard var changed = tabs.arranged(arrangement) else { throw .noTabLeft(tabs: tabsNode.id) }
        if changed.selection != tabs.selection {
            try dismissModals(inSubtreeAt: path + [.tab(index: tabs.selectedIndex)])
            // The dismissal changed the tab it leaves: arrange the bar as it is now.
            guard case .tabs(let dismissed) = try node(at: path).content,
                let rearranged = dismissed.arranged(arrangement)
            else { throw .noTabLeft(tabs: tabsNode.id) }
            changed = rearranged
        }
        reshape(tabsAt: path, id: tabsNode.id, to: changed)
    }

    /// Presents what the action item declares from the focused screen of the selected tab.
    mutating func runTabAction(_ item: TabID, ofTabsAt path: [NodeStep]) throws(NavigationError) {
        let tabsNode = try node(at: path)
        guard case .tabs(let tabs) = tabsNode.content else { throw .noTabs(from: tabsNode.id) }
        guard let action = tabs.actions.first(where: { $0.id == item }) else {
            throw .unknownTabAction(item, tabs: tabsNode.id)
        }
        anchor = try node(at: path + [.tab(index: tabs.selectedIndex)]).focusedID
        try present(action.presents, style: action.style)
    }

    /// Puts `changed` in place of the tab bar at `path`, whose tabs may have moved: from here
    /// on, elements are looked for in the state rather than the index of the start, and the
    /// anchor goes to the bar's focus.
    mutating func reshape(tabsAt path: [NodeStep], id: ElementID, to changed: Tabs<Route>) {
        modify(at: path) { $0.content = .tabs(changed) }
        log.reshapedTabs.append(id)
        markTouched(id)
        anchor = _state.root.node(at: path)?.focusedID ?? anchor
    }
}

extension Tabs {
    /// The bar with `arrangement` applied: the named tabs first in its order, then the others
    /// in theirs; the hidden ones it names hidden, the selection moved to a neighbour when it
    /// is hidden. `nil` when no tab would show.
    func arranged(_ arrangement: TabArrangement) -> Tabs? {
        var changed = self
        var placed: Set<TabID> = []
        var order: [Tab<Route>] = []
        for id in arrangement.order where !placed.contains(id) {
            guard let tab = _tabs.first(where: { $0.id == id }) else { continue }
            placed.insert(id)
            order.append(tab)
        }
        order += _tabs.filter { !placed.contains($0.id) }
        changed._tabs = order
        changed.hidden = arrangement.hidden.intersection(ids)
        if changed.hidden.contains(selection) {
            let index = changed.selectedIndex
            guard let neighbour = changed.neighbour(of: index, gone: []) else { return nil }
            changed._selection = changed._tabs[neighbour].id
        }
        guard changed._tabs.contains(where: { !changed.hidden.contains($0.id) }) else { return nil }
        return changed
    }
}
