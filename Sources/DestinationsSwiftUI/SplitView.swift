#if canImport(SwiftUI)
import Destinations
import SwiftUI

/// A split view element: a `NavigationSplitView` of two or three columns. Collapsed, it shows
/// the state's focused column (``NavigationNode/focusedColumn``); going back there reports
/// ``UserAction/compactColumn(_:of:in:)``. Which columns show on a wide screen stays local to
/// the view: it is layout, not navigation. A change of width class is reported
/// (``UserAction/changedWidth(isCompact:split:)``) so the state knows which columns show.
struct SplitView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    let split: Split<Route>
    @State private var visibility: NavigationSplitViewVisibility = .automatic
    @Environment(\.horizontalSizeClass) private var sizeClass

    var body: some View {
        columns
            .onAppear { WidthReport.send(compact: sizeClass == .compact, split: id, renderer: renderer) }
            .onChange(of: sizeClass) { _, newValue in
                WidthReport.send(compact: newValue == .compact, split: id, renderer: renderer)
            }
    }

    @ViewBuilder
    private var columns: some View {
        if split.hasContentColumn {
            NavigationSplitView(columnVisibility: $visibility, preferredCompactColumn: compactColumn) {
                column(.sidebar)
            } content: {
                column(.content)
            } detail: {
                column(.detail)
            }
        } else {
            NavigationSplitView(columnVisibility: $visibility, preferredCompactColumn: compactColumn) {
                column(.sidebar)
            } detail: {
                column(.detail)
            }
        }
    }

    @ViewBuilder
    private func column(_ column: SplitColumn) -> some View {
        if let node = split[column] {
            NodeView(renderer: renderer, id: node.id)
        } else {
            Text(renderer.options.emptyColumn(column)).foregroundStyle(.secondary)
        }
    }

    private var compactColumn: Binding<NavigationSplitViewColumn> {
        let isCompact = sizeClass == .compact
        return Binding(
            get: { [renderer, id] in
                switch renderer.node(id)?.focusedColumn ?? .sidebar {
                case .sidebar: .sidebar
                case .content: .content
                case .detail: .detail
                }
            },
            set: { [renderer, id] column in
                // Only a collapsed split view shows one column; on a wide screen the columns
                // shown are layout, not navigation.
                guard isCompact else { return }
                let target: SplitColumn = column == .sidebar ? .sidebar : column == .content ? .content : .detail
                renderer.driver.report { state throws(NavigationError) in
                    try UserAction.compactColumn(target, of: id, in: state)
                }
            }
        )
    }
}
#endif
