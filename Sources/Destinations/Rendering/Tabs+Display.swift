/// What a renderer shows of a tab bar: its items in order, tabs and action items, grouped in
/// sections.
extension Tabs {
    /// One item of the bar: a tab, or an action item.
    package enum Item: Identifiable, Sendable {
        case tab(Tab<Route>)
        case action(Action)

        /// The item's name.
        package var id: TabID {
            switch self {
            case .tab(let tab): tab.id
            case .action(let action): action.id
            }
        }

        /// The section the item shows in.
        package var section: String? {
            switch self {
            case .tab(let tab): tab.section
            case .action(let action): action.section
            }
        }
    }

    /// A run of items: the top level (`section` is `nil`) or one section.
    package struct Group: Identifiable, Sendable {
        /// The section, or `nil` for the items outside any.
        package let section: String?
        /// The items, in order.
        package var items: [Item]
        /// The group's name: its section's, or its first item's at the top level.
        package var id: String { section.map { "section.\($0)" } ?? "top.\(items.first?.id.rawValue ?? "")" }
    }

    /// The tabs in order, hidden ones only when `includingHidden` (a platform's customization
    /// shows them to be shown again), with the action items at their places.
    package func items(includingHidden: Bool) -> [Item] {
        var result: [Item] = []
        for (index, tab) in _tabs.enumerated() {
            for action in actions where action.placement == index { result.append(.action(action)) }
            if includingHidden || !hidden.contains(tab.id) { result.append(.tab(tab)) }
        }
        for action in actions where action.placement >= _tabs.count { result.append(.action(action)) }
        return result
    }

    /// The items grouped: a section's items together where the section first appears, items
    /// outside sections in runs between them.
    package func groups(includingHidden: Bool) -> [Group] {
        var groups: [Group] = []
        for item in items(includingHidden: includingHidden) {
            if let section = item.section, let index = groups.firstIndex(where: { $0.section == section }) {
                groups[index].items.append(item)
            } else if item.section == nil, let last = groups.last, last.section == nil {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append(Group(section: item.section, items: [item]))
            }
        }
        return groups
    }

    /// The arrangement the user made when the items of `section` now show in `order` and the
    /// tabs in `hidden` are hidden: the section's tabs take their places among the others in
    /// the new order.
    package func arrangement(sectionOrders: [String: [TabID]], hidden: Set<TabID>) -> TabArrangement {
        var order = ids
        for (section, wanted) in sectionOrders {
            let slots = order.indices.filter { index in _tabs.first { $0.id == order[index] }?.section == section }
            let members = wanted.filter { id in slots.contains { order[$0] == id } }
            guard members.count == slots.count else { continue }
            for (slot, id) in zip(slots, members) { order[slot] = id }
        }
        return TabArrangement(order: order, hidden: hidden)
    }
}
