#if canImport(SwiftUI) && !os(watchOS)
import Destinations
import SwiftUI

/// Renders a ``Flow`` with SwiftUI.
///
/// ```swift
/// WindowGroup {
///     FlowView(flow) { screen in
///         switch screen.route {
///         case .notes: if let list = screen.destination(as: NotesList.self) { NotesListView(list: list) }
///         default: Text(screen.route.name)
///         }
///     }
/// }
/// ```
///
/// Each element of the state is one view that reads `flow.node(id)` only, so a push in one tab
/// re-renders nothing in another: stacks as `NavigationStack(path:)` over element ids, tab bars
/// as `TabView(selection:)`, split views as `NavigationSplitView`, and on every element
/// `.sheet`, `.fullScreenCover`, `.alert` and `.confirmationDialog` bound to what it presents.
///
/// Bindings read the flow when SwiftUI asks, and never write it: what the user did (a swipe
/// back, a sheet swiped down or dragged to another detent, a tab, a collapsed split view's back
/// button, an alert's button) becomes an identity-checked report through the core's helpers
/// (``UserAction/stack(_:showing:in:)`` and the others), which the flow applies or refuses.
///
/// A change that needs more than one modal transition (a deep link from inside a sheet to a
/// sheet in another tab) is shown stage by stage (``NavigationState/renderStages(from:)``),
/// each stage waiting for its transition to end, with a timeout as a fallback.
public struct FlowView<Route: NavigationRoute>: View {
    @State private var renderer: FlowRenderer<Route>
    @Environment(\.scenePhase) private var scenePhase
    private let root: ElementID?

    /// Creates the view that renders `flow`.
    ///
    /// - Parameters:
    ///   - flow: The flow to render. The view keeps the flow, options and screen builder it
    ///     was first made with for its lifetime; give it a new identity (`.id(_:)`) to change
    ///     them.
    ///   - root: The element to render with its subtree — a part of the state shown inside
    ///     another renderer — or `nil` for the whole state.
    ///   - options: Tab labels, empty columns and the timing of staged changes.
    ///   - screen: The view of a screen, from its id, route and Destination. A screen being
    ///     animated away is asked again with the same context, whose Destination is then gone.
    public init<Screen: View>(
        _ flow: Flow<Route>,
        root: ElementID? = nil,
        options: FlowViewOptions<Route> = .init(),
        screen: @escaping @MainActor (ScreenContext<Route>) -> Screen
    ) {
        self.root = root
        _renderer = State(initialValue: FlowRenderer(flow: flow, options: options) { AnyView(screen($0)) })
    }

    /// The root element's view, following the flow and its staged changes.
    public var body: some View {
        let renderer = renderer
        RootView(renderer: renderer, root: root)
            .task { await renderer.follow() }
            .task(id: renderer.stage) {
                let number = renderer.stage
                guard renderer.display != nil else { return }
                try? await Task.sleep(for: renderer.stageDeadline)
                renderer.advance(from: number)
            }
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { renderer.resync() }
            }
    }
}

/// The root element's view; a new root (``Presentation/replaceRoot(_:)``) is a new view.
struct RootView<Route: NavigationRoute>: View {
    let renderer: FlowRenderer<Route>
    let root: ElementID?

    var body: some View {
        let id = root ?? renderer.flow.rootID
        NodeView(renderer: renderer, id: id).id(id)
    }
}

/// Keeps the last node and screen context a ``NodeView`` saw, without making SwiftUI update
/// when they change: a view that animates away still renders what it showed.
@MainActor
final class NodeMemory<Route: NavigationRoute> {
    var node: NavigationNode<Route>?
    var screen: ScreenContext<Route>?
}

/// The view of one element: a screen, a stack, a tab bar or a split view, with what it presents.
struct NodeView<Route: NavigationRoute>: View {
    let renderer: FlowRenderer<Route>
    let id: ElementID
    @State private var memory = NodeMemory<Route>()

    var body: some View {
        if let node = renderer.node(id) {
            let _ = (memory.node = node)
            content(of: node).modifier(ModalPresenter(renderer: renderer, id: id, modal: node.modal))
        } else if let node = memory.node {
            content(of: node)
        }
    }

    @ViewBuilder
    private func content(of node: NavigationNode<Route>) -> some View {
        switch node.content {
        case .screen:
            ScreenView(renderer: renderer, id: id, memory: memory)
        case .stack(let stack):
            StackView(renderer: renderer, id: id, rootID: stack.root.id)
        case .tabs(let tabs):
            TabsView(renderer: renderer, id: id, tabs: tabs.tabs.map(\.id), nodes: tabs.tabs.map(\.node.id))
        case .split(let split):
            SplitView(renderer: renderer, id: id, columns: split.columns)
        }
    }
}

/// A screen: the app's view for its context, or the last one while it animates away.
struct ScreenView<Route: NavigationRoute>: View {
    let renderer: FlowRenderer<Route>
    let id: ElementID
    let memory: NodeMemory<Route>

    var body: some View {
        if let context = ScreenContext(id, in: renderer.flow) ?? memory.screen.flatMap({ $0.id == id ? $0 : nil }) {
            let _ = (memory.screen = context)
            renderer.screen(context)
        }
    }
}

/// A stack: the root screen with the screens above it as the path of a `NavigationStack`.
struct StackView<Route: NavigationRoute>: View {
    let renderer: FlowRenderer<Route>
    let id: ElementID
    let rootID: ElementID
    /// Bumped when a pushed screen appears that the stack does not hold: the stack is rebuilt
    /// from the state, which wins.
    @State private var rebuilds = 0
    @State private var lastAppeared = AppearanceMemory()

    var body: some View {
        NavigationStack(path: path) {
            NodeView(renderer: renderer, id: rootID)
                .onAppear { reassert(rootID) }
                .navigationDestination(for: ElementID.self) { pushed in
                    NodeView(renderer: renderer, id: pushed)
                        .onAppear { reassert(pushed) }
                }
        }
        .id(rebuilds)
    }

    /// The ids above the root: read live; a write becomes a pop report.
    private var path: Binding<[ElementID]> {
        Binding(
            get: { renderer.node(id)?.stack?.elements.dropFirst().map(\.id) ?? [] },
            set: { newPath in
                renderer.report(try? UserAction.stack(id, showing: [rootID] + newPath, in: renderer.flow.state))
            }
        )
    }

    /// A screen that appears and, once things settle, is still not the top of the state's
    /// stack means SwiftUI dropped a path write (one made during a push animation or a tab
    /// switch): the stack is rebuilt from the state, which wins.
    private func reassert(_ appeared: ElementID) {
        let memory = lastAppeared
        memory.node = appeared
        Task { @MainActor in
            try? await Task.sleep(for: renderer.options.containerStageDelay)
            guard memory.node == appeared, renderer.display == nil,
                let top = renderer.flow.state.node(id)?.stack?.topNode.id, top != appeared,
                memory.rebuilt?.appeared != appeared || memory.rebuilt?.top != top
            else { return }
            // Once per mismatch: a rebuilt stack that still shows it is left as it is.
            memory.rebuilt = (appeared, top)
            rebuilds += 1
        }
    }
}

/// The last element that appeared in a stack; a reference, so that writing it updates nothing.
@MainActor
final class AppearanceMemory {
    var node: ElementID?
    /// The mismatch the stack was last rebuilt for.
    var rebuilt: (appeared: ElementID, top: ElementID)?
}

/// A tab bar: one tab per child, labelled from the options, selection read live.
struct TabsView<Route: NavigationRoute>: View {
    let renderer: FlowRenderer<Route>
    let id: ElementID
    let tabs: [TabID]
    let nodes: [ElementID]

    var body: some View {
        TabView(selection: selection) {
            ForEach(Array(zip(tabs, nodes)), id: \.0) { tab, node in
                NodeView(renderer: renderer, id: node)
                    .id(node)
                    .tabItem { renderer.options.tabLabel(tab) }
                    .tag(tab)
            }
        }
    }

    private var selection: Binding<TabID> {
        Binding(
            get: { renderer.node(id)?.tabs?.selection ?? tabs.first ?? TabID("") },
            set: { tab in renderer.report(try? UserAction.tab(tab, of: id, in: renderer.flow.state)) }
        )
    }
}

/// A split view of two or three columns; on compact width it shows the focused column, and its
/// back button reports the column it leaves as closed.
struct SplitView<Route: NavigationRoute>: View {
    let renderer: FlowRenderer<Route>
    let id: ElementID
    let columns: [SplitColumn]
    /// Which columns show on regular width: the renderer's own business.
    @State private var visibility = NavigationSplitViewVisibility.automatic

    var body: some View {
        if columns.contains(.content) {
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
        if let node = renderer.node(id)?.split?[column] {
            NodeView(renderer: renderer, id: node.id).id(node.id)
        } else {
            renderer.options.emptyColumn(column)
        }
    }

    /// The focused column, read live. SwiftUI moving to an earlier column (the compact back
    /// button) closes the focused one.
    private var compactColumn: Binding<NavigationSplitViewColumn> {
        Binding(
            get: { (renderer.node(id)?.focusedColumn ?? .sidebar).swiftUI },
            set: { column in
                let state = renderer.flow.state
                guard let node = state.node(id), let focused = node.focusedColumn, let split = node.split,
                    let shown = split[focused],
                    let target = split.columns.firstIndex(where: { $0.swiftUI == column }),
                    let current = split.columns.firstIndex(of: focused), target < current
                else { return }
                renderer.report(try? UserAction.column(showing: shown.id, in: state))
            }
        )
    }
}
#endif
