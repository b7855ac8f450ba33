#if canImport(SwiftUI)
import Destinations
import SwiftUI

/// A side column beside main content (``Layout/sideColumn(_:beside:)``): the main content
/// (the split's leading column) and, in regular width, the side column trailing it. In compact
/// width the side column folds away: the view reports
/// ``UserAction/changedWidth(isCompact:split:)`` and stops showing it, while the flow keeps
/// its stack, ids and live Destinations for when the width comes back.
///
/// The main content stays the first child of the same `HStack` whether the side column shows
/// or not, so its stacks, tab selection and scroll positions are untouched by a fold.
struct SideColumnView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    let split: Split<Route>
    @Environment(\.horizontalSizeClass) private var sizeClass

    var body: some View {
        HStack(spacing: 0) {
            NodeView(renderer: renderer, id: split.sidebar.id)
                .frame(maxWidth: .infinity)
            if !split.isCollapsed, let side = split.detail {
                Divider()
                NodeView(renderer: renderer, id: side.id)
                    .frame(width: renderer.options.sideColumnWidth)
            }
        }
        .onAppear { reportWidth(sizeClass) }
        .onChange(of: sizeClass) { _, newValue in reportWidth(newValue) }
    }

    private func reportWidth(_ sizeClass: UserInterfaceSizeClass?) {
        WidthReport.send(compact: sizeClass == .compact, split: id, renderer: renderer)
    }
}

/// The report of a split view's width class, sent only when the state has another one.
enum WidthReport {
    @MainActor
    static func send<Route: NavigationRoute, Screen: View>(
        compact: Bool, split id: ElementID, renderer: FlowRenderer<Route, Screen>
    ) {
        renderer.driver.report { state throws(NavigationError) in
            guard let split = state.node(id)?.split, split.isCollapsed != compact else { return nil }
            return .changedWidth(isCompact: compact, split: id)
        }
    }
}
#endif
