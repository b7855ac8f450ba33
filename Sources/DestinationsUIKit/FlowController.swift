#if canImport(UIKit) && !os(watchOS)
public import Destinations
public import UIKit

/// Renders a ``/Destinations/Flow`` with UIKit: make it a window's root view controller.
///
/// ```swift
/// let flow = try Flow(layout, providers: providers)
/// window.rootViewController = FlowController(flow) { screen in
///     switch screen.route {
///     case .notes: NotesListController(list: screen.destination(as: NotesList.self))
///     case .note: UIHostingController(rootView: NoteView(detail: screen.destination(as: NoteDetail.self)))
///     default: UIViewController()
///     }
/// }
/// ```
///
/// It embeds the controller of the state's root and keeps it in step with the flow: stacks as
/// `UINavigationController`s, tab bars as `UITabBarController`s, split views as
/// `UISplitViewController`s, sheets and covers presented (with `UISheetPresentationController`
/// detents), alerts and confirmation dialogs as `UIAlertController`s. The steps come from the
/// core (``/Destinations/NavigationState/renderPlan(from:opaque:animated:)-(_,OpaqueSubtrees<Route>,_)``) and run one transition at a time
/// through a `RenderScheduler`; a restored state appears without animation.
///
/// What the user does — swipes back, uses the back button's menu, swipes a sheet down, drags it
/// to another detent, taps a tab, an alert's button or a collapsed split view's back button — is
/// reported to the flow once the platform has finished it, through the core's report helpers.
/// When the flow refuses a report, the container is put back: the state wins.
///
/// Screens get their Destination from the ``/Destinations/ScreenContext`` the builder receives, and send it
/// events; the flow controller never holds Destinations itself.
@MainActor
public final class FlowController<Route: NavigationRoute>: UIViewController {
    /// The flow this controller renders.
    public let flow: Flow<Route>
    /// The options it was made with.
    public let options: FlowControllerOptions
    /// The subtrees another renderer draws: the init's rule and ``FlowControllerOptions/opaque``.
    public let opaque: OpaqueSubtrees<Route>

    let screen: (ScreenContext<Route>) -> UIViewController
    let proxy: DelegateProxy
    /// The controller of every element the window shows (or showed until the last step).
    var controllers: [ElementID: UIViewController] = [:]
    /// What each controller was made for: a restored state may give its id to an element of
    /// another kind or route, or one another renderer draws, which needs a controller of its own.
    var madeAs: [ElementID: (kind: NodeKind, route: Route?, hosted: Bool)] = [:]
    /// The root element's controller, embedded as a child.
    private(set) var content: UIViewController?
    /// Whether the view is in a window: presentations wait for it.
    private(set) var hasAppeared = false
    /// Whether the step under way waits for a transition to finish before it acts.
    var stepIsWaiting = false
    /// Presentations that came before the view appeared.
    var waitingForAppearance: [() -> Void] = []
    /// The placeholder controllers of action items in tab bars before iOS 18, by bar and item.
    var actionPlaceholders: [ElementID: [TabID: UIViewController]] = [:]
    private var started = false

    /// The scheduler that runs the steps; it holds this controller weakly.
    lazy var scheduler = RenderScheduler(host: self, opaque: opaque)

    /// Creates the controller that renders `flow`.
    ///
    /// - Parameters:
    ///   - flow: The flow to render.
    ///   - options: Tab items, empty columns, opaque subtrees and the app's delegates.
    ///   - opaque: The subtrees another renderer draws — a SwiftUI `FlowView(flow, root: id)`,
    ///     from ``FlowControllerOptions/subtree`` — as a rule over the nodes, which keeps marking
    ///     them after the root is replaced or a state restored (their ids change). Adds to
    ///     ``FlowControllerOptions/opaque``.
    ///   - screen: The controller of a screen, from its id, route and Destination. A SwiftUI
    ///     screen is a `UIHostingController`. Called once per screen element; the controller is
    ///     reused for as long as the element stays.
    public init(
        _ flow: Flow<Route>,
        options: FlowControllerOptions = FlowControllerOptions(),
        opaque: OpaqueSubtrees<Route> = .none,
        screen: @escaping (ScreenContext<Route>) -> UIViewController
    ) {
        self.flow = flow
        self.options = options
        self.opaque = OpaqueSubtrees.ids(options.opaque).union(opaque)
        self.screen = screen
        proxy = DelegateProxy(
            navigation: options.navigationDelegate,
            tabBar: options.tabBarDelegate,
            split: options.splitDelegate,
            presentation: options.presentationDelegate
        )
        super.init(nibName: nil, bundle: nil)
        proxy.observer = self
    }

    /// Not available: a flow controller is made in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("FlowController is made in code")
    }

    /// Shows the flow's state at once, then follows the flow's changes.
    override public func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        guard !started else { return }
        started = true
        let events = flow.events()
        scheduler.show(flow.state, animated: false)
        followBadges()
        Task { [weak self] in
            for await event in events {
                guard let self else { return }
                // Several changes may arrive together; the newest state is what counts.
                self.scheduler.show(self.flow.state, animated: event.cause != .restore)
            }
        }
    }

    /// Runs the presentations that waited for the view to be in a window.
    override public func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard !hasAppeared else { return }
        hasAppeared = true
        let waiting = waitingForAppearance
        waitingForAppearance = []
        for work in waiting { work() }
    }

    /// Presentations wait again once the view has left the window (not merely gone under a
    /// full-screen presentation of its own).
    override public func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if presentedViewController == nil, view.window == nil { hasAppeared = false }
    }

    /// The embedded root's controller decides the status bar style.
    override public var childForStatusBarStyle: UIViewController? { content }
    /// The embedded root's controller decides whether the status bar hides.
    override public var childForStatusBarHidden: UIViewController? { content }
    /// The embedded root's controller decides whether the home indicator hides.
    override public var childForHomeIndicatorAutoHidden: UIViewController? { content }

    /// Replaces the embedded root controller.
    func embed(_ controller: UIViewController, animated: Bool, done: @escaping @MainActor () -> Void) {
        let old = content
        old?.willMove(toParent: nil)
        addChild(controller)
        controller.view.frame = view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let swap = {
            self.view.addSubview(controller.view)
            old?.view.removeFromSuperview()
        }
        let finish = {
            old?.removeFromParent()
            controller.didMove(toParent: self)
            self.setNeedsStatusBarAppearanceUpdate()
            done()
        }
        content = controller
        guard animated, options.animatesRootChanges, old != nil else {
            swap()
            finish()
            return
        }
        UIView.transition(with: view, duration: 0.3, options: .transitionCrossDissolve, animations: swap) { _ in
            MainActor.assumeIsolated { finish() }
        }
    }

    /// The element a controller shows, if this flow controller made it.
    func element(of controller: UIViewController?) -> ElementID? {
        guard let controller else { return nil }
        return controllers.first { $0.value === controller }?.key
    }

    /// The controller of `node`: the one already made for that element, or a new one. With
    /// `freshContainers`, its containers are made anew from `node` and only the controllers of
    /// screens (and opaque subtrees) are reused, so that live screens keep their identity.
    func controller(for node: NavigationNode<Route>, freshContainers: Bool = false) -> UIViewController {
        let hosted = scheduler.isOpaque(node)
        if let made = controllers[node.id], let shape = madeAs[node.id],
            shape.kind == node.kind, shape.route == node.route, shape.hosted == hosted,
            !freshContainers || node.isScreen || hosted
        {
            return made
        }
        return build(node, freshContainers: freshContainers)
    }

    /// Builds the controller of a new element with everything its containers hold, without
    /// its modal: presentations are steps of their own.
    func build(_ node: NavigationNode<Route>, freshContainers: Bool = false) -> UIViewController {
        let child = { (node: NavigationNode<Route>) in self.controller(for: node, freshContainers: freshContainers) }
        let made: UIViewController
        let hosted = scheduler.isOpaque(node)
        if hosted {
            made = options.subtree?(node.id) ?? UIViewController()
        } else {
            switch node.content {
            case .screen:
                made = ScreenContext(node.id, in: flow).map { screen($0.keepingDestination()) } ?? UIViewController()
            case .stack(let stack):
                let navigation = UINavigationController()
                navigation.delegate = proxy
                navigation.setViewControllers(stack.elements.map(child), animated: false)
                made = navigation
            case .tabs(let tabs):
                let bar = UITabBarController()
                bar.delegate = proxy
                controllers[node.id] = bar
                fill(bar, id: node.id, with: tabs, freshContainers: freshContainers)
                made = bar
            case .split(let split) where split.isSideColumn:
                let side = SideColumnController(
                    main: child(split.sidebar), side: split.detail.map(child) ?? options.emptyColumn(.detail),
                    sideWidth: options.sideColumnWidth)
                let id = node.id
                side.onWidthChange = { [weak self] compact in self?.sideColumnWidthChanged(compact, of: id) }
                made = side
            case .split(let split):
                let splitController = UISplitViewController(
                    style: split.hasContentColumn ? .tripleColumn : .doubleColumn)
                splitController.delegate = proxy
                for column in split.columns {
                    splitController.setViewController(
                        split[column].map(child) ?? options.emptyColumn(column), for: column.uiKit)
                }
                made = splitController
            }
        }
        controllers[node.id] = made
        madeAs[node.id] = (node.kind, node.route, hosted)
        return made
    }

    /// The controller of a tab, with its tab bar item.
    func tabController(for tab: Tab<Route>, freshContainers: Bool = false) -> UIViewController {
        let made = controller(for: tab.node, freshContainers: freshContainers)
        made.tabBarItem = options.tabItem(tab.id)
        return made
    }

    /// Forgets the controllers of elements that neither state holds.
    func forgetControllers(keeping states: NavigationState<Route>?...) {
        var live: Set<ElementID> = []
        for state in states { for node in state?.nodes ?? [] { live.insert(node.id) } }
        controllers = controllers.filter { live.contains($0.key) }
        madeAs = madeAs.filter { live.contains($0.key) }
    }
}

/// Calls a step's `done` once, whether UIKit's completion or the timeout comes first.
@MainActor
final class StepCompletion {
    private var done: (@MainActor () -> Void)?
    init(_ done: @escaping @MainActor () -> Void) { self.done = done }
    var isPending: Bool { done != nil }
    func call() {
        let pending = done
        done = nil
        pending?()
    }
}
#endif
