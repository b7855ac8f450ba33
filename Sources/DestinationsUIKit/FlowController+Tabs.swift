#if canImport(UIKit) && !os(watchOS)
import Destinations
import Observation
import UIKit

/// Tab bars: `UITab`s, `UITabGroup`s and the tab sidebar on iOS 18, the tab bar's view
/// controllers before it; badges from ``Flow/tabBadges``.
extension FlowController {
    /// Makes the bar show `tabs`: its tabs (hidden ones hidden, so that people can show them
    /// again in the sidebar on iOS 18; left out before), its sections as groups, its action
    /// items, and its selection. Tabs it shows already keep their controllers.
    func fill(_ bar: UITabBarController, id: ElementID, with tabs: Tabs<Route>, freshContainers: Bool = false) {
        if #available(iOS 18, *) {
            bar.mode = .tabSidebar
            let made = tabs.groups(includingHidden: true).flatMap { group in
                uiTabs(group, in: bar, hidden: tabs.hidden, freshContainers: freshContainers)
            }
            if made.map(\.identifier) != bar.tabs.map(\.identifier)
                || zip(made, bar.tabs).contains(where: { $0 !== $1 })
            {
                bar.setTabs(made, animated: false)
            }
        } else {
            var placeholders = actionPlaceholders[id] ?? [:]
            let children = tabs.items(includingHidden: false).map { item -> UIViewController in
                switch item {
                case .tab(let tab):
                    return tabController(for: tab, freshContainers: freshContainers)
                case .action(let action):
                    let placeholder = placeholders[action.id] ?? UIViewController()
                    placeholder.tabBarItem = options.tabItem(action.id)
                    placeholders[action.id] = placeholder
                    return placeholder
                }
            }
            actionPlaceholders[id] = placeholders.filter { key, _ in tabs.actions.contains { $0.id == key } }
            if bar.viewControllers.map({ $0.map(ObjectIdentifier.init) }) != children.map(ObjectIdentifier.init) {
                bar.setViewControllers(children, animated: false)
            }
        }
        select(tabs.selection, in: bar, id: id)
        showBadges(flow.tabBadges, in: bar)
    }

    /// Selects the tab `tab` of the bar, by identity.
    func select(_ tab: TabID, in bar: UITabBarController, id: ElementID) {
        if #available(iOS 18, *) {
            if let shown = bar.tab(forIdentifier: tab.rawValue), bar.selectedTab !== shown { bar.selectedTab = shown }
            return
        }
        guard let node = flowNode(of: tab, in: id), let controller = controllers[node],
            let index = bar.viewControllers?.firstIndex(where: { $0 === controller }), bar.selectedIndex != index
        else { return }
        bar.selectedIndex = index
    }

    private func flowNode(of tab: TabID, in bar: ElementID) -> ElementID? {
        (scheduler.rendered?.node(bar)?.tabs ?? flow.untrackedState.node(bar)?.tabs)?.tabs.first { $0.id == tab }?
            .node.id
    }

    /// The `UITab`s of a group of items: one group for a section, the items themselves at the
    /// top level. A tab already in the bar is kept, its properties brought up to date.
    @available(iOS 18, *)
    private func uiTabs(
        _ group: Tabs<Route>.Group, in bar: UITabBarController, hidden: Set<TabID>, freshContainers: Bool
    ) -> [UITab] {
        let items = group.items.map { item -> UITab in
            let made: UITab
            let label = options.tabItem(item.id)
            if let existing = bar.tab(forIdentifier: item.id.rawValue), !freshContainers {
                made = existing
            } else {
                let provider: (UITab) -> UIViewController
                switch item {
                case .tab(let tab):
                    provider = { [weak self] _ in self?.tabController(for: tab) ?? UIViewController() }
                case .action:
                    provider = { _ in UIViewController() }
                }
                if case .tab(let tab) = item, tab.role == .search {
                    made = UISearchTab(
                        title: label.title ?? item.id.rawValue, image: label.image, identifier: item.id.rawValue,
                        viewControllerProvider: provider)
                } else {
                    made = UITab(
                        title: label.title ?? item.id.rawValue, image: label.image, identifier: item.id.rawValue,
                        viewControllerProvider: provider)
                }
            }
            if case .tab(let tab) = item {
                made.allowsHiding = true
                made.isHidden = hidden.contains(tab.id)
                // A tab whose element changed (a restored subtree) gets its new controller.
                _ = tabController(for: tab, freshContainers: freshContainers)
            }
            return made
        }
        guard let section = group.section else { return items }
        let made: UITabGroup
        if let existing = bar.tab(forIdentifier: group.id) as? UITabGroup {
            made = existing
            made.children = items
        } else {
            made = UITabGroup(title: section, image: nil, identifier: group.id, children: items)
        }
        made.allowsReordering = true
        return [made]
    }

    /// Shows the badges on the bar's tabs.
    func showBadges(_ badges: [TabID: String], in bar: UITabBarController) {
        if #available(iOS 18, *) {
            var pending = bar.tabs
            while let tab = pending.popLast() {
                if let group = tab as? UITabGroup { pending += group.children }
                tab.badgeValue = badges[TabID(tab.identifier)]
            }
            return
        }
        for controller in bar.viewControllers ?? [] {
            guard let item = tabItem(of: controller, in: bar) else { continue }
            controller.tabBarItem.badgeValue = badges[TabID(item)]
        }
    }

    /// Shows the badges on every tab bar now and whenever ``Flow/tabBadges`` changes: reading
    /// them tracks the badges alone, so navigation does not redraw them.
    func followBadges() {
        let badges = withObservationTracking {
            flow.tabBadges
        } onChange: { [weak self] in
            Task { @MainActor in self?.followBadges() }
        }
        for case let bar as UITabBarController in controllers.values { showBadges(badges, in: bar) }
    }
}
#endif
