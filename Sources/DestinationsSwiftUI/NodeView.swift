#if canImport(SwiftUI)
import Destinations
import SwiftUI

/// One element of the state: a screen or a container, with the modal it presents.
///
/// It keeps the last node it saw, so that an element animating away (popped, dismissed) still
/// renders what it showed.
struct NodeView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    @State private var memory = Memory<NavigationNode<Route>>()

    var body: some View {
        if let node = renderer.node(id) { memory.value = node }
        return Group {
            if let node = memory.value {
                // Another element at this place (a replaced root or screen) is another view.
                content(node).modifier(ModalPresenter(renderer: renderer, node: node)).id(node.id)
            }
        }
    }

    @ViewBuilder
    private func content(_ node: NavigationNode<Route>) -> some View {
        switch node.content {
        case .screen: ScreenHost(renderer: renderer, id: node.id)
        case .stack(let stack): StackView(renderer: renderer, id: node.id, stack: stack)
        case .tabs(let tabs): TabsView(renderer: renderer, id: node.id, tabs: tabs)
        case .split(let split) where split.isSideColumn:
            SideColumnView(renderer: renderer, id: node.id, split: split)
        case .split(let split): SplitView(renderer: renderer, id: node.id, split: split)
        }
    }
}

/// One screen: the app's view for its ``ScreenContext``. Once the flow has removed the screen
/// (it is animating away), the view built last stays, with the Destination it holds.
struct ScreenHost<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    @State private var memory = Memory<Screen>()

    var body: some View {
        // What shows, not the flow: the screen changes with the display, in its transaction.
        // The view holds the Destination, so that it still renders while it animates away.
        if let route = renderer.node(id)?.route,
            let context = ScreenContext(keeping: id, showing: route, in: renderer.flow)
        {
            memory.value = renderer.screen(context)
        }
        return memory.value
    }
}

/// What a view saw last; a reference, so that a body can update it without a state change.
final class Memory<Value> {
    var value: Value?
}
#endif
