#if canImport(SwiftUI) && os(iOS)
import Destinations
import SwiftUI

/// A tab bar on iOS 18 and later: `Tab`s and `TabSection`s in a `.sidebarAdaptable` `TabView`,
/// so that an iPad shows the sections in a sidebar and people can hide tabs and reorder a
/// section's tabs.
///
/// The `TabViewCustomization` is bound to the flow's ``Tabs/arrangement``: it reads which tabs
/// are hidden from the state, and what people change is reported as
/// ``UserAction/arrangedTabs(_:tabs:)``, never written anywhere else. Hidden tabs stay in the
/// `TabView` (hidden by the customization), so that people can show them again. The search
/// role is the platform's, badges come from ``Flow/tabBadges``, and an action item is a tab
/// whose selection reports ``UserAction/tappedTabAction(_:tabs:)`` instead.
@available(iOS 18, *)
struct AdaptiveTabsView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    let tabs: Tabs<Route>
    /// What the platform keeps of people's customization between reports; the hidden tabs in
    /// it are always the state's.
    @State private var customization = TabViewCustomization()

    var body: some View {
        TabView(selection: TabSelection.binding(renderer: renderer, id: id, tabs: tabs)) {
            ForEach(tabs.groups(includingHidden: true)) { group in
                if let section = group.section {
                    TabSection(section) {
                        ForEach(group.items) { item in tab(item) }
                    }
                    .customizationID(group.id)
                } else {
                    ForEach(group.items) { item in tab(item) }
                }
            }
        }
        .tabViewStyle(.sidebarAdaptable)
        .tabViewCustomization(customizationBinding)
    }

    @TabContentBuilder<TabID>
    private func tab(_ item: Tabs<Route>.Item) -> some TabContent<TabID> {
        let badge = renderer.flow.tabBadges[item.id].map { Text($0) }
        switch item {
        case .tab(let tab) where tab.role == .search:
            Tab(value: tab.id, role: .search) {
                NodeView(renderer: renderer, id: tab.node.id)
            }
            .customizationID(tab.id.rawValue)
            .badge(badge)
        case .tab(let tab):
            Tab(value: tab.id) {
                NodeView(renderer: renderer, id: tab.node.id)
            } label: {
                TabSelection.label(renderer.options.tabLabel(tab.id))
            }
            .customizationID(tab.id.rawValue)
            .badge(badge)
        case .action(let action):
            Tab(value: action.id) {
                Color.clear
            } label: {
                TabSelection.label(renderer.options.tabLabel(action.id))
            }
            .customizationID(action.id.rawValue)
            .customizationBehavior(.disabled, for: .sidebar, .tabBar)
            .badge(badge)
        }
    }

    /// The customization with the state's hidden tabs; a change people make is reported.
    private var customizationBinding: Binding<TabViewCustomization> {
        Binding(
            get: { [customization, renderer, id, tabs] in
                var shown = customization
                let live = renderer.node(id)?.tabs ?? tabs
                for tab in live.tabs {
                    shown[sidebarVisibility: tab.id.rawValue] = live.hidden.contains(tab.id) ? .hidden : .automatic
                }
                return shown
            },
            set: { [renderer, id] changed in
                customization = changed
                renderer.driver.report { state throws(NavigationError) in
                    guard let live = state.node(id)?.tabs else { return nil }
                    var orders: [String: [TabID]] = [:]
                    for group in live.groups(includingHidden: true) {
                        guard let section = group.section, let order = changed[sectionID: group.id] else { continue }
                        orders[section] = order.map { TabID($0) }
                    }
                    let hidden = Set(live.ids.filter { changed[sidebarVisibility: $0.rawValue] == .hidden })
                    let arrangement = live.arrangement(sectionOrders: orders, hidden: hidden)
                    guard arrangement != live.arrangement else { return nil }
                    return .arrangedTabs(arrangement, tabs: id)
                }
            }
        )
    }
}
#endif
