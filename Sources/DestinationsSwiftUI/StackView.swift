#if canImport(SwiftUI)
import SwiftUI

/// A stack element: a `NavigationStack` whose path is the ids of the screens above its root.
///
/// The path setter reports what the user popped (``UserAction/stack(_:showing:in:)``); the
/// getter reads the state. When a screen below the top stays on screen although the state says
/// otherwise (SwiftUI dropped a path write made mid-animation), the stack is rebuilt from the
/// state.
struct StackView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    let stack: Stack<Route>
    /// Rebuilds the `NavigationStack` when bumped.
    @State private var generation = 0
    @State private var visible = Memory<Set<ElementID>>()

    var body: some View {
        NavigationStack(path: path) {
            element(stack.root.id)
                .navigationDestination(for: ElementID.self) { element($0) }
        }
        .id(Generation(local: generation, sync: renderer.syncGeneration))
    }

    private var path: Binding<[ElementID]> {
        Binding(
            get: { [renderer, id] in
                guard case .stack(let stack)? = renderer.node(id)?.content else { return [] }
                return stack.elements.dropFirst().map(\.id)
            },
            set: { [renderer, id] newPath in
                renderer.report { state throws(NavigationError) in
                    guard case .stack(let stack)? = state.node(id)?.content else { return nil }
                    return try UserAction.stack(id, showing: [stack.root.id] + newPath, in: state)
                }
            }
        )
    }

    private func element(_ element: ElementID) -> some View {
        NodeView(renderer: renderer, id: element)
            .onAppear {
                visible.value = (visible.value ?? []).union([element])
                reassertLater(after: element)
            }
            .onDisappear { visible.value?.remove(element) }
    }

    /// Once transitions have had time to end, rebuilds the stack when `element` shows while
    /// the state's top, above it, never appeared.
    private func reassertLater(after element: ElementID) {
        let timeout = renderer.options.stageTimeout
        Task {
            try? await Task.sleep(for: timeout)
            let shown = visible.value ?? []
            guard shown.contains(element), case .stack(let stack)? = renderer.shownState.node(id)?.content,
                stack.elements.contains(where: { $0.id == element }), !shown.contains(stack.topNode.id)
            else { return }
            generation += 1
        }
    }
}

/// The identity of a `NavigationStack`: bumped to rebuild it from the state.
private struct Generation: Hashable {
    let local: Int
    let sync: Int
}
#endif
