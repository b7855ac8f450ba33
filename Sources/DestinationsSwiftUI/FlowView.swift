// DestinationsSwiftUI renders a Flow with SwiftUI. It exists where SwiftUI does; on other
// platforms the module is empty.
#if canImport(SwiftUI)
@_exported import Destinations
public import SwiftUI

/// Renders a ``/Destinations/Flow``'s navigation state with SwiftUI: stacks, tabs, split views and modals,
/// with each screen drawn by the view your builder returns.
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
/// The view never changes the state itself. When the user goes back, swipes a sheet down or
/// taps a tab, it reports what they did to the flow (``/Destinations/Flow/apply(_:)-(UserAction<Route>)``);
/// everything else follows the flow, from the moment the view is created. Each container
/// re-renders only when its own element changes, so a push in one tab re-renders nothing in
/// another.
///
/// Changes that need several modal transitions at once (dismiss an alert, then present a
/// sheet) are shown one stage at a time (the core plans the stages), since
/// SwiftUI cannot present and dismiss in one update, and each presentation or dismissal waits
/// for the one before (``FlowViewOptions/staging``). A restored state shows without animation.
@MainActor
public struct FlowView<Route: NavigationRoute, Screen: View>: View {
    private let flow: Flow<Route>
    private let root: ElementID?
    private let options: FlowViewOptions
    private let screen: @MainActor (ScreenContext<Route>) -> Screen

    /// Renders the whole state of `flow`.
    ///
    /// - Parameters:
    ///   - flow: The flow to render; the view reports user changes to it.
    ///   - options: Tab labels, empty columns, stage timing.
    ///   - screen: The view of one screen, from its ``/Destinations/ScreenContext``: its id, route and
    ///     Destination.
    public init(
        _ flow: Flow<Route>,
        options: FlowViewOptions = FlowViewOptions(),
        @ViewBuilder screen: @escaping @MainActor (ScreenContext<Route>) -> Screen
    ) {
        self.flow = flow
        root = nil
        self.options = options
        self.screen = screen
    }

    /// Renders the subtree of `flow` whose root is the element `root`: a SwiftUI part of an app
    /// that another renderer draws (a `UIHostingController` in a UIKit app). That renderer
    /// must leave the subtree to this view (plan with `opaque: [root]`). Only the modals
    /// presented inside the subtree are staged; the ones around it are that renderer's. While
    /// the flow has no element `root`, the view draws nothing.
    ///
    /// - Parameters:
    ///   - flow: The flow to render.
    ///   - root: The element this view draws, with everything it holds and presents.
    ///   - options: Tab labels, empty columns, stage timing.
    ///   - screen: The view of one screen.
    public init(
        _ flow: Flow<Route>,
        root: ElementID,
        options: FlowViewOptions = FlowViewOptions(),
        @ViewBuilder screen: @escaping @MainActor (ScreenContext<Route>) -> Screen
    ) {
        self.flow = flow
        self.root = root
        self.options = options
        self.screen = screen
    }

    /// The view's content: the root element, or the subtree this view was given.
    public var body: some View {
        // Another flow is another renderer: a view given a new flow (after signing out, say)
        // must not keep drawing the old one.
        FlowRoot(flow: flow, root: root, options: options, screen: screen).id(
            FlowRootID(flow: ObjectIdentifier(flow), root: root))
    }
}

/// What a renderer draws: a flow, whole or from one element.
private struct FlowRootID: Hashable {
    let flow: ObjectIdentifier
    let root: ElementID?
}

/// The renderer of one flow, kept for as long as the view shows that flow.
private struct FlowRoot<Route: NavigationRoute, Screen: View>: View {
    /// Made once, on the first body: a renderer built per value would follow the flow for
    /// nothing each time the parent re-renders.
    @State private var made = Memory<FlowRenderer<Route, Screen>>()
    @Environment(\.scenePhase) private var scenePhase
    let flow: Flow<Route>
    let root: ElementID?
    let options: FlowViewOptions
    let screen: @MainActor (ScreenContext<Route>) -> Screen

    var body: some View {
        let renderer = made.value ?? FlowRenderer(flow: flow, scope: root, options: options, screen: screen)
        made.value = renderer
        // The renderer outlives this value; it draws with the latest builder and options.
        renderer.options = options
        renderer.screen = screen
        return NodeView(renderer: renderer, id: root ?? renderer.rootID)
            .onChange(of: scenePhase, initial: true) { _, phase in
                renderer.sceneBecame(active: phase == .active)
            }
    }
}

/// How a ``FlowView`` draws what the navigation state does not say: tab labels, empty split
/// view columns, and how long a change of modals waits for the one before.
public struct FlowViewOptions: Sendable {
    /// The label of a tab, from its id.
    public var tabLabel: @MainActor @Sendable (TabID) -> TabLabel
    /// The text an empty split view column shows.
    public var emptyColumn: @MainActor @Sendable (SplitColumn) -> String
    /// How long a presentation or dismissal is waited for before the next one shows: the
    /// settle delay after a sheet appeared, the time an alert takes, the fallback timeout.
    /// Read once, when the view is first created: later values are ignored.
    public var staging: StageTiming
    /// The width of a side column (``/Destinations/Layout/sideColumn(_:beside:)``) in regular width: 320
    /// points unless set.
    public var sideColumnWidth: CGFloat = 320
    /// The longest a stage waits for its transition to report its end (a sheet's dismissal,
    /// the presented content's appearance): ``staging``'s ``/Destinations/StageTiming/timeout``.
    public var stageTimeout: Duration {
        get { staging.timeout }
        set { staging.timeout = newValue }
    }

    /// Creates options; by default a tab is labelled with its id, capitalized, and an empty
    /// column says "Nothing selected".
    public init(
        tabLabel: @escaping @MainActor @Sendable (TabID) -> TabLabel = { TabLabel($0.rawValue.capitalized) },
        emptyColumn: @escaping @MainActor @Sendable (SplitColumn) -> String = { _ in "Nothing selected" },
        staging: StageTiming = StageTiming()
    ) {
        self.tabLabel = tabLabel
        self.emptyColumn = emptyColumn
        self.staging = staging
    }
}

/// What a tab's item shows: a title and, optionally, an SF Symbol.
public struct TabLabel: Hashable, Sendable {
    /// The title.
    public var title: String
    /// The name of an SF Symbol, or `nil` for a title alone.
    public var systemImage: String?

    /// Creates a tab label.
    public init(_ title: String, systemImage: String? = nil) {
        self.title = title
        self.systemImage = systemImage
    }
}
#endif
