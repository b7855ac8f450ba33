#if canImport(SwiftUI)
import Destinations
import SwiftUI

/// A tab bar element: a `TabView` whose selection is the state's selected tab. A tap reports
/// ``UserAction/selectedTab(_:tabs:)``; labels come from ``FlowViewOptions/tabLabel``.
struct TabsView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    let tabs: Tabs<Route>

    var body: some View {
        TabView(selection: selection) {
            ForEach(tabs.tabs) { tab in
                NodeView(renderer: renderer, id: tab.node.id)
                    .tabItem { label(renderer.options.tabLabel(tab.id)) }
                    .tag(tab.id)
            }
        }
    }

    private var selection: Binding<TabID> {
        Binding(
            get: { [renderer, id, tabs] in
                guard case .tabs(let live)? = renderer.node(id)?.content else { return tabs.selection }
                return live.selection
            },
            set: { [renderer, id] tab in
                renderer.driver.report { state throws(NavigationError) in try UserAction.tab(tab, of: id, in: state) }
            }
        )
    }

    @ViewBuilder
    private func label(_ label: TabLabel) -> some View {
        if let image = label.systemImage {
            Label(label.title, systemImage: image)
        } else {
            Text(label.title)
        }
    }
}
#endif
