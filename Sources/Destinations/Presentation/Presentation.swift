/// What to show and how: one navigation change, relative to the screen it starts from.
///
/// Presentations are values. A Destination's events map to them in its ``Provider``, a deep
/// link is a ``path(_:)`` of them, and a ``Flow`` applies them as transactions: all of a
/// presentation happens, or none of it.
///
/// "Nearest" below means the closest enclosing container of that kind, starting from the
/// screen that sent the event (or the focused screen). Stacks are looked for inside the
/// current modal only; tab bars and split views also outside it.
public indirect enum Presentation<Route: NavigationRoute>: Sendable, Equatable {
    /// Pushes a screen onto the nearest stack.
    ///
    /// Pushing from a screen that presents a modal (an interactor's result arriving for a
    /// screen under a sheet, say) pushes under the modal, as UIKit does: the modal stays on
    /// screen and keeps the focus, and the pushed screen shows once it is dismissed.
    ///
    /// Pushing from inside a modal with no stack of its own (a sheet that shows one screen, an
    /// alert) dismisses the modals in the way and pushes on the stack under them, in the same
    /// change; a sheet with its own stack takes the push. See "Where a push lands" in
    /// <doc:OneWayIn>.
    ///
    /// A push from the side column of a ``Layout/sideColumn(_:beside:)`` layout lands in the
    /// main content, on the stack of its focused screen: notifications beside the tabs open a
    /// status in the selected tab. A modal the side column presents pushes in its own stack.
    case push(Route)
    /// Pops the top screen of the nearest stack.
    case back
    /// Pops the nearest stack to its root.
    case popToRoot
    /// Pops the nearest stack to its nearest earlier screen of the route.
    case popTo(Route)
    /// Pops every screen above the element in its stack; nothing when it is the top. Unlike
    /// ``popTo(_:)`` it names one element, so it is exact when a route repeats.
    case popAbove(ElementID)
    /// Makes the nearest stack show exactly `routes`, root first: a synthetic back stack for a
    /// deep link. The longest common prefix with what the stack shows keeps its elements, and so
    /// their ids and live Destinations; the rest is removed and added.
    case setStack([Route])
    /// Selects a tab of the nearest tab bar. The tab keeps the stack it had.
    case selectTab(TabID)
    /// Selects a tab and shows a screen in it: pushed if the tab holds a stack, otherwise in
    /// place of what the tab shows. When the tab shows that route on top already, with no modal
    /// over it, the screen stays (its id and its Destination): the same link opened twice shows
    /// it once.
    case presentInTab(TabID, Route)
    /// Inserts a tab, or an action item, into the nearest tab bar at `position` in its
    /// ``Tabs/tabs`` (`nil`, or past the end: after the last tab), built from its layout. The
    /// other tabs keep their screens, ids and Destinations; the selection stays. A name the bar
    /// has already is refused (``NavigationError/duplicateTab(_:tabs:)``).
    case insertTab(TabLayout<Route>, at: Int? = nil)
    /// Removes a tab, with its screens, or an action item, from the nearest tab bar. Removing
    /// the selected tab selects its neighbour: the nearest visible tab after it, or else the
    /// nearest before it. Removing the last visible tab is refused
    /// (``NavigationError/noTabLeft(tabs:)``).
    case removeTab(TabID)
    /// Moves a tab of the nearest tab bar to `position` in its ``Tabs/tabs`` (clamped to the
    /// bar); it keeps its screens and the selection stays.
    case moveTab(TabID, to: Int)
    /// Gives the nearest tab bar the order and visibility a user chose (saved from
    /// ``Tabs/arrangement``): the named tabs first in that order, then the others in theirs;
    /// ids the bar lacks are ignored. Hiding the selected tab selects its neighbour, as removing
    /// it does; hiding every tab is refused (``NavigationError/noTabLeft(tabs:)``).
    case arrangeTabs(TabArrangement)
    /// Shows a screen in a column of the nearest split view, replacing what the column showed.
    /// When the column already shows that route, or its stack starts with it, the screen keeps
    /// its id and its Destination (the stack goes back to it).
    case show(Route, in: SplitColumn)
    /// Shows a screen where the layout has room for it: in the column after the screen's own
    /// in the nearest split view (sidebar → content → detail; sidebar → detail in two
    /// columns), emptying the columns after that one; pushed on the nearest stack where the
    /// screen is in no split view (a phone layout) or in the last column. One presentation, and
    /// one deep link, for the phone and the pad layout.
    ///
    /// A collapsed split view (a pad in compact width) shows the next column pushed over the
    /// one before it, so the state is the same value in both widths and survives a rotation.
    case showNext(Route)
    /// Presents a modal from the screen.
    case present(Layout<Route>, style: ModalStyle)
    /// Dismisses the modal that holds the screen.
    case dismiss
    /// Dismisses the modal the screen presents, and everything above it: what a presenter
    /// does to close the sheet it opened.
    case dismissPresented
    /// Dismisses every modal on screen.
    case dismissAll
    /// Replaces the screen with another, in the same place.
    case replaceCurrent(Route)
    /// Replaces the whole state, as signing out does.
    case replaceRoot(Layout<Route>)
    /// Runs several presentations as one change, each starting where the previous one ended:
    /// a deep link.
    case path([Presentation])
    /// A presentation of your own, run on the transaction.
    case custom(CustomPresentation<Route>)

    /// Presents a screen in a sheet.
    public static func sheet(_ route: Route, _ options: SheetOptions = SheetOptions()) -> Presentation {
        .present(.screen(route), style: .sheet(options))
    }

    /// Presents a screen in a sheet with its own stack, so it can push.
    public static func sheetStack(_ route: Route, _ options: SheetOptions = SheetOptions()) -> Presentation {
        .present(.stack([route]), style: .sheet(options))
    }

    /// Presents a screen in a full-screen cover.
    public static func fullScreenCover(_ route: Route) -> Presentation {
        .present(.screen(route), style: .fullScreenCover)
    }

    /// Presents an alert whose Destination is built from `route`.
    public static func alert(_ route: Route) -> Presentation {
        .present(.screen(route), style: .alert)
    }

    /// Presents a confirmation dialog whose Destination is built from `route`.
    public static func confirmationDialog(_ route: Route) -> Presentation {
        .present(.screen(route), style: .confirmationDialog)
    }

    /// The presentation's name, for logs and the flow graph: `push`, `sheet`, `path`, ….
    public var name: String {
        switch self {
        case .push: "push"
        case .back: "back"
        case .popToRoot: "popToRoot"
        case .popTo: "popTo"
        case .popAbove: "popAbove"
        case .setStack: "setStack"
        case .selectTab: "selectTab"
        case .presentInTab: "presentInTab"
        case .insertTab: "insertTab"
        case .removeTab: "removeTab"
        case .moveTab: "moveTab"
        case .arrangeTabs: "arrangeTabs"
        case .show: "show"
        case .showNext: "showNext"
        case .present(_, let style): style.name
        case .dismiss: "dismiss"
        case .dismissPresented: "dismissPresented"
        case .dismissAll: "dismissAll"
        case .replaceCurrent: "replaceCurrent"
        case .replaceRoot: "replaceRoot"
        case .path: "path"
        case .custom(let custom): custom.name
        }
    }

    /// The routes the presentation shows, in order.
    public var routes: [Route] {
        switch self {
        case .push(let route), .popTo(let route), .presentInTab(_, let route), .show(let route, _),
            .showNext(let route),
            .replaceCurrent(let route):
            [route]
        case .present(let layout, _), .replaceRoot(let layout):
            layout.routes
        case .insertTab(let item, _):
            item.layout.routes
        case .setStack(let routes):
            routes
        case .path(let steps):
            steps.flatMap { $0.routes }
        case .back, .popToRoot, .popAbove, .selectTab, .removeTab, .moveTab, .arrangeTabs, .dismiss, .dismissPresented,
            .dismissAll, .custom:
            []
        }
    }
}

/// A presentation written as code: it edits the transaction with the same operations the
/// built-in presentations use, and may refuse with an error.
///
/// ```swift
/// let resetNotes = CustomPresentation<AppRoute>("resetNotes") { change in
///     try change.apply(.selectTab(.notes))
///     try change.apply(.popToRoot)
/// }
/// ```
///
/// The body receives a ``Change``: it can read the state so far, move the anchor and apply
/// presentations, but never replace the transaction, so every screen it adds is built and
/// recorded like any other.
public struct CustomPresentation<Route: NavigationRoute>: Sendable, Equatable {
    /// The presentation's name; two custom presentations are equal when their names are.
    public let name: String
    private let body: @Sendable (Change) throws -> Void

    /// Creates a custom presentation. A ``NavigationError`` the body throws is passed on; any
    /// other error becomes ``NavigationError/customFailed(name:reason:)``.
    public init(_ name: String, _ body: @escaping @Sendable (Change) throws -> Void) {
        self.name = name
        self.body = body
    }

    func run(on transaction: inout NavigationTransaction<Route>) throws(NavigationError) {
        let change = Change(transaction)
        defer { change.isFinished = true }
        do {
            try body(change)
        } catch let error as NavigationError {
            throw error
        } catch {
            throw .customFailed(name: name, reason: String(describing: error))
        }
        transaction = change.transaction
    }

    public static func == (lhs: CustomPresentation, rhs: CustomPresentation) -> Bool {
        lhs.name == rhs.name
    }

    /// What a custom presentation's body edits: the transaction it runs in, through the same
    /// operations the built-in presentations use.
    public final class Change {
        fileprivate var transaction: NavigationTransaction<Route>
        fileprivate var isFinished = false
        private var isApplying = false

        fileprivate init(_ transaction: NavigationTransaction<Route>) {
            self.transaction = transaction
        }

        /// The state as the change has left it so far.
        public var state: NavigationState<Route> { transaction.state }

        /// The element the next presentation starts from; set it to start elsewhere.
        public var anchor: ElementID {
            get { transaction.anchor }
            set { transaction.anchor = newValue }
        }

        /// Applies a presentation from the anchor, all of it or nothing.
        ///
        /// - Throws: ``NavigationError``; the change is then as it was. Once the body has
        ///   returned, the change is over, and while a presentation applied through it runs
        ///   (a nested custom presentation), it is busy: applying then throws
        ///   ``NavigationError/customFailed(name:reason:)``.
        public func apply(_ presentation: Presentation<Route>) throws(NavigationError) {
            guard !isFinished else {
                throw .customFailed(name: presentation.name, reason: "applied after its custom presentation ended")
            }
            guard !isApplying else {
                throw .customFailed(name: presentation.name, reason: "applied while the same change was applying")
            }
            isApplying = true
            defer { isApplying = false }
            var working = transaction
            try working.apply(presentation)
            transaction = working
        }
    }
}
