#if canImport(SwiftUI)
import Destinations
import SwiftUI

/// A tab bar element: on iOS 18 and later an adaptable `TabView` of `Tab`s and `TabSection`s
/// (``AdaptiveTabsView``), before it a `TabView` of `.tabItem`s. Either way the selection is
/// the state's selected tab, a tap reports ``UserAction/selectedTab(_:tabs:)``, a tap on an
/// action item reports ``UserAction/tappedTabAction(_:tabs:)`` and selects nothing, labels come
/// from ``FlowViewOptions/tabLabel`` and badges from ``Flow/tabBadges``.
struct TabsView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    let tabs: Tabs<Route>

    var body: some View {
        #if os(iOS)
        if #available(iOS 18, *) {
            AdaptiveTabsView(renderer: renderer, id: id, tabs: tabs)
        } else {
            itemTabs
        }
        #else
        itemTabs
        #endif
    }

    /// The iOS 17 form: the visible tabs and the action items, as `.tabItem`s.
    private var itemTabs: some View {
        TabView(selection: TabSelection.binding(renderer: renderer, id: id, tabs: tabs)) {
            ForEach(tabs.items(includingHidden: false)) { item in
                Group {
                    switch item {
                    case .tab(let tab): NodeView(renderer: renderer, id: tab.node.id)
                    case .action: Color.clear
                    }
                }
                .tabItem { TabSelection.label(renderer.options.tabLabel(item.id)) }
                .badge(renderer.flow.tabBadges[item.id].map { Text($0) })
                .tag(item.id)
            }
        }
    }
}

/// The selection both forms of the tab bar share.
enum TabSelection {
    /// The state's selected tab; a tap on a tab reports the selection, a tap on an action item
    /// reports the tap and leaves the selection as it is.
    @MainActor
    static func binding<Route: NavigationRoute, Screen: View>(
        renderer: FlowRenderer<Route, Screen>, id: ElementID, tabs: Tabs<Route>
    ) -> Binding<TabID> {
        Binding(
            get: { [renderer, id, tabs] in
                guard case .tabs(let live)? = renderer.node(id)?.content else { return tabs.selection }
                return live.selection
            },
            set: { [renderer, id] tab in
                renderer.driver.report { state throws(NavigationError) in
                    if case .tabs(let live)? = state.node(id)?.content, live.actions.contains(where: { $0.id == tab }) {
                        return .tappedTabAction(tab, tabs: id)
                    }
                    return try UserAction.tab(tab, of: id, in: state)
                }
            }
        )
    }

    @ViewBuilder
    static func label(_ label: TabLabel) -> some View {
        if let image = label.systemImage {
            Label(label.title, systemImage: image)
        } else {
            Text(label.title)
        }
    }
}
#endif
