#if canImport(SwiftUI)
import Destinations
import SwiftUI

/// A stack element: a `NavigationStack` whose path is the ids of the screens above its root.
///
/// The path setter reports what the user popped (``UserAction/stack(_:showing:in:)``); the
/// getter reads the state. When what the stack shows differs from the state
/// (`NavigationState.stackNeedsRebuild(_:appeared:)`: SwiftUI dropped a path write made
/// mid-animation or while the scene was inactive), the stack is rebuilt from the state.
struct StackView<Route: NavigationRoute, Screen: View>: View {
    let renderer: FlowRenderer<Route, Screen>
    let id: ElementID
    let stack: Stack<Route>
    /// Rebuilds the `NavigationStack` when bumped.
    @State private var generation = 0
    @State private var visible = Memory<Set<ElementID>>()
    /// The one pending check of what the stack shows.
    @State private var check = Memory<Task<Void, Never>>()

    var body: some View {
        NavigationStack(path: path) {
            element(stack.root.id)
                .navigationDestination(for: ElementID.self) { element($0) }
        }
        .id(generation)
        .onChange(of: renderer.resyncRequest) { reassertLater() }
        .onDisappear { check.value?.cancel() }
    }

    private var path: Binding<[ElementID]> {
        Binding(
            get: { [renderer, id] in
                guard case .stack(let stack)? = renderer.node(id)?.content else { return [] }
                return stack.elements.dropFirst().map(\.id)
            },
            set: { [renderer, id] newPath in
                renderer.driver.report { state throws(NavigationError) in
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
                reassertLater()
            }
            .onDisappear { visible.value?.remove(element) }
    }

    /// Once transitions have had time to end, rebuilds the stack when what it shows differs
    /// from the state. Each call replaces the pending check, and a check is put off when what
    /// shows changed meanwhile: a push under way may not have appeared yet.
    private func reassertLater() {
        let timeout = renderer.timing.timeout
        let changes = renderer.shownChanges
        check.value?.cancel()
        check.value = Task {
            try? await Task.sleep(for: timeout)
            // A stack no longer shown (in a dismissed sheet) checks nothing more.
            guard !Task.isCancelled, renderer.shownState.node(id) != nil else { return }
            // What shows changed meanwhile (a push may not have appeared yet): check later.
            guard renderer.shownChanges == changes else { return reassertLater() }
            guard renderer.shownState.stackNeedsRebuild(id, appeared: visible.value ?? []) else { return }
            visible.value = []
            generation += 1
        }
    }
}
#endif
