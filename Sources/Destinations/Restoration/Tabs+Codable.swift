import Foundation

/// How a saved tab bar is read and written: its tabs in order (with their section, role and
/// whether they were inserted at run time), the selection, the hidden tabs and the action items.
extension NavigationNode where Route: Codable {
    static func readTabs(
        _ container: KeyedDecodingContainer<SavedKey>,
        _ check: inout SavedStateCheck,
        corrupt: (String) -> DecodingError
    ) throws -> Tabs<Route> {
        var list = try container.nestedUnkeyedContainer(forKey: .tabs)
        var tabs: [Tab<Route>] = []
        if let count = list.count { tabs.reserveCapacity(count) }
        while !list.isAtEnd {
            let entry = try list.nestedContainer(keyedBy: SavedKey.self)
            for key in entry.allKeys where ![.id, .node, .section, .role, .inserted].contains(key) {
                throw corrupt("unknown key '\(key.stringValue)'")
            }
            let name = TabID(rawValue: try entry.decode(String.self, forKey: .id))
            var tab = Tab(
                id: name, node: try read(entry.nestedContainer(keyedBy: SavedKey.self, forKey: .node), &check),
                section: try entry.decodeIfPresent(String.self, forKey: .section),
                role: try entry.decodeIfPresent(TabRole.self, forKey: .role))
            tab.isInserted = try entry.decodeIfPresent(Bool.self, forKey: .inserted) ?? false
            tabs.append(tab)
        }
        let selected = TabID(rawValue: try container.decode(String.self, forKey: .selected))
        let hidden = Set(try container.decodeIfPresent([TabID].self, forKey: .hidden) ?? [])
        var actions: [Tabs<Route>.Action] = []
        if container.contains(.actions) {
            var saved = try container.nestedUnkeyedContainer(forKey: .actions)
            while !saved.isAtEnd {
                let entry = try saved.nestedContainer(keyedBy: SavedKey.self)
                for key in entry.allKeys where ![.id, .presents, .style, .section, .placement].contains(key) {
                    throw corrupt("unknown key '\(key.stringValue)'")
                }
                actions.append(
                    Tabs.Action(
                        id: try entry.decode(TabID.self, forKey: .id),
                        presents: try entry.decode(Layout<Route>.self, forKey: .presents),
                        style: try entry.decode(ModalStyle.self, forKey: .style),
                        section: try entry.decodeIfPresent(String.self, forKey: .section),
                        placement: min(max(try entry.decode(Int.self, forKey: .placement), 0), tabs.count)))
            }
        }
        guard !tabs.isEmpty else { throw corrupt("a tab bar needs a tab") }
        var names = Set(tabs.map { $0.id })
        guard names.count == tabs.count else { throw corrupt("two tabs share a name") }
        guard tabs.contains(where: { $0.id == selected }) else {
            throw corrupt("selected tab '\(selected)' is not in the bar")
        }
        guard !hidden.contains(selected) else { throw corrupt("selected tab '\(selected)' is hidden") }
        for action in actions where !names.insert(action.id).inserted {
            throw corrupt("action item '\(action.id)' shares a name")
        }
        return Tabs(tabs: tabs, selection: selected, hidden: hidden.intersection(tabs.map { $0.id }), actions: actions)
    }

    func writeTabs(_ tabs: Tabs<Route>, into container: inout KeyedEncodingContainer<SavedKey>) throws {
        var list = container.nestedUnkeyedContainer(forKey: .tabs)
        for tab in tabs._tabs {
            var entry = list.nestedContainer(keyedBy: SavedKey.self)
            try entry.encode(tab.id.rawValue, forKey: .id)
            try entry.encodeIfPresent(tab.section, forKey: .section)
            try entry.encodeIfPresent(tab.role, forKey: .role)
            if tab.isInserted { try entry.encode(true, forKey: .inserted) }
            var node = entry.nestedContainer(keyedBy: SavedKey.self, forKey: .node)
            try tab.node.write(into: &node)
        }
        try container.encode(tabs._selection.rawValue, forKey: .selected)
        if !tabs.hidden.isEmpty {
            try container.encode(tabs.hidden.map(\.rawValue).sorted(), forKey: .hidden)
        }
        guard !tabs.actions.isEmpty else { return }
        var actions = container.nestedUnkeyedContainer(forKey: .actions)
        for action in tabs.actions {
            var entry = actions.nestedContainer(keyedBy: SavedKey.self)
            try entry.encode(action.id, forKey: .id)
            try entry.encode(action.presents, forKey: .presents)
            try entry.encode(action.style, forKey: .style)
            try entry.encodeIfPresent(action.section, forKey: .section)
            try entry.encode(action.placement, forKey: .placement)
        }
    }
}
