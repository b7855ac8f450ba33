// Performance: the navigation figures, the event path, the node read and the focused reads (Benchmarks/README.md, "Figures").
import Foundation
public import Observation

/// Owns the navigation state and the live Destinations, and applies every change to both as
/// one transaction.
///
/// ```swift
/// let flow = try Flow(.tabs([.tab(.notes, .stack(.notes)), .tab(.settings, .stack(.settings))]),
///                     providers: providers)
/// try flow.apply(.push(.note(id: 1)))
/// print(flow.state)
/// ```
///
/// Applying a change computes the new state (a pure function of the old one), builds the new
/// screens' Destinations through their providers, and only when all of that succeeded commits
/// the state, removes and cleans up the Destinations that left, and tells Destinations that
/// appear and disappear. A change that fails anywhere throws and leaves the state and the live
/// Destinations exactly as they were.
///
/// A change requested while another is being committed — from a Destination's
/// `prepareForPresentation()` or `didAppear()`, an observer, a logger — runs right after it, as
/// a transaction of its own, so that hooks and events stay in causal order. Such a change does
/// not throw to its caller (the caller's change has not happened yet); a refusal goes to the
/// logger, to ``onRefusal`` and to ``events(bufferingNewest:)``.
///
/// The flow is `Observable`: reading ``state`` tracks every change; reading ``node(_:)`` tracks
/// only that element's own content, so a push in one tab does not disturb observers of another;
/// reading ``rootID`` tracks only the replacement of the root.
///
/// Releasing the flow detaches and cleans up every Destination and cancels their work.
///
@MainActor
public final class Flow<Route: NavigationRoute>: Observable {
    /// The state every change reads and writes.
    @usableFromInline var storage: NavigationState<Route>
    /// Where every element of ``storage`` is, kept up to date at O(change) per commit.
    @usableFromInline var index: ElementIndex
    @usableFromInline var ids: any ElementIDGenerator
    @usableFromInline var live = LiveTable()
    /// The visible screens, in display order.
    @usableFromInline var visible: [ElementID] = []
    /// An empty list with room for the visible screens' ids, which the next commit fills: the
    /// list before the last one, kept instead of freed.
    @usableFromInline var spareVisible: [ElementID] = []
    /// The focused screen of ``storage``, kept with it at every commit: the focused reads and
    /// the changes that start from the focus find it without walking the state.
    @usableFromInline var focusedScreenID: ElementID
    /// How many screens ``storage`` holds.
    @usableFromInline var screenCount = 0
    /// The screens the last commit made while a change was pending added: a redirect's screens.
    var lastAdded: [ElementID] = []
    var observations: [ElementID: NodeObservation] = [:] {
        didSet { hasChangeObservers = !observations.isEmpty || !commitHandlers.isEmpty }
    }
    /// Whether anyone observes elements or commits (the renderers and views), kept with
    /// ``observations`` and `commitHandlers` so that a commit reads one stored flag.
    @usableFromInline private(set) var hasChangeObservers = false
    var subscribers: [Int: AsyncStream<FlowEvent<Route>>.Continuation] = [:] {
        didSet { hasSubscribers = !subscribers.isEmpty }
    }
    /// Whether ``subscribers`` has any: a commit reads this flag, not the generic dictionary.
    var hasSubscribers = false
    /// Whether a change works out the elements it touched: someone observes or subscribes.
    @usableFromInline var worksOutTouched: Bool { hasChangeObservers || hasSubscribers }
    var sequence: UInt64 = 0
    /// Whether a change is being planned, judged or committed; changes asked for meanwhile
    /// wait in ``queue``.
    @usableFromInline var isBusy = false
    /// The one queue of changes asked for while another was under way, in call order.
    @usableFromInline var queue: [Queued] = []
    /// The id of the last pending change made.
    var pendingSerial: UInt64 = 0
    /// Counts requests that supersede one waiting for asynchronous guards.
    var generation = 0
    /// The asynchronous guards' answers being waited for, resolved early when superseded.
    var waitingAnswers: [any AbandonableAnswer] = []
    /// The items of ``waitingWork``.
    var waitingStorage: [WaitingWork] = []
    /// The id of the last item of ``waitingWork``.
    var waitingSerial: UInt64 = 0
    @usableFromInline let registrar = ObservationRegistrar()
    var nextSubscriber = 0
    /// The handlers of ``observeChanges(_:)``, by key.
    var changeHandlers: [Int: @MainActor (FlowEvent<Route>.Cause) -> Void] = [:] {
        didSet { hasChangeHandlers = !changeHandlers.isEmpty }
    }
    /// Whether ``changeHandlers`` has any, read by every commit.
    var hasChangeHandlers = false
    /// The handlers of `observeCommits(_:)`, by key.
    var commitHandlers: [Int: @MainActor (NavigationChanges<Route>?) -> Void] = [:] {
        didSet { hasChangeObservers = !observations.isEmpty || !commitHandlers.isEmpty }
    }
    /// During a change, the first subscriber key that joined during it (`Int.max` when none
    /// did): such subscribers start with the next change, whatever the change was.
    var subscriberCutoff = Int.max
    let work = WorkTracker()
    /// The key paths observation reports, made once: a key-path literal in generic code is
    /// instantiated at run time on every evaluation.
    @usableFromInline let stateKeyPath: KeyPath<Flow, NavigationState<Route>> = \.state
    @usableFromInline let rootKeyPath: KeyPath<Flow, ElementID> = \.rootID
    /// How many refusals the flow has reported: tells whether an error was reported already.
    var refusals = 0
    /// Told of what happens inside the flow between changes — events sent from code, late
    /// interactor results, stream values — as it happens: a test harness's record of a step.
    package var happeningRecorder: (@MainActor (FlowHappening) -> Void)?

    /// What the flow is made of. Guards, asynchronous guards, limits, the clock and the
    /// pending lifetime apply from the next change on; providers to screens built from now on
    /// (``replaceProviders(_:)``); the layout and the id generator were read at the start.
    public var configuration: FlowConfiguration<Route>

    /// The badges of ``tabBadges``.
    var badgeStorage: [TabID: String] = [:]

    /// The badge each tab shows ("3", "new"), set by the app; renderers read it per tab.
    ///
    /// Badges are display data, not navigation state: they are not in ``state``, not saved,
    /// and setting them runs no change. Reading them tracks only the badges, so that a badge
    /// changing redraws the tab items and nothing else; a tab without an entry shows none.
    public var tabBadges: [TabID: String] {
        get {
            registrar.access(self, keyPath: \.tabBadges)
            return badgeStorage
        }
        set {
            guard newValue != badgeStorage else { return }
            registrar.withMutation(of: self, keyPath: \.tabBadges) { badgeStorage = newValue }
        }
    }

    /// The one change waiting for a redirect or a screen in its way; see ``PendingChange``.
    public internal(set) var pendingChange: PendingChange<Route>? {
        get { heldPendingChange?.change }
        set { heldPendingChange = newValue.map(PendingChange.Held.init) }
    }
    /// Whether there is a ``pendingChange``, without copying it out of its box: every commit
    /// asks.
    @usableFromInline var hasPendingChange: Bool { heldPendingChange != nil }
    /// ``pendingChange``, out of line: every change asks whether there is one, and a
    /// reference answers without the pending change's metadata.
    var heldPendingChange: PendingChange<Route>.Held?
    /// The modals presented, so that their presenters hear when they go.
    @usableFromInline var modalLedger = ModalLedger<Route>()
    /// How many attached Destinations are ``ModalPresenter``s: without one, a dismissed modal
    /// has no one to tell.
    var modalPresenters = 0

    /// Called with every change the flow refuses, and why: one place for view code that sends
    /// events without handling errors (``Destination/post(_:content:)``) and for changes
    /// queued during a commit.
    public var onRefusal: (@MainActor (NavigationError, FlowEvent<Route>.Cause) -> Void)?

    /// The rules every change must pass, in order: ``FlowConfiguration/guards``.
    public var guards: [NavigationGuard<Route>] {
        get { configuration.guards }
        set { configuration.guards = newValue }
    }

    /// The rules that ask someone first: ``FlowConfiguration/asyncGuards``.
    public var asyncGuards: [AsyncNavigationGuard<Route>] {
        get { configuration.asyncGuards }
        set { configuration.asyncGuards = newValue }
    }

    @usableFromInline var logger: FlowLogger { configuration.logger }
    @usableFromInline var providers: Providers<Route> { configuration.providers }

    /// Creates a flow from its configuration: validates it, and builds and presents the first
    /// screens' Destinations.
    ///
    /// - Throws: ``NavigationError/invalidConfiguration(_:)`` when validation finds problems
    ///   (see ``validate(_:providers:)``), or the error of a provider that failed.
    public convenience init(_ configuration: FlowConfiguration<Route>) throws(NavigationError) {
        let problems = Self.validate(configuration.layout, providers: configuration.providers)
        guard problems.isEmpty else { throw .invalidConfiguration(problems) }
        try self.init(unbuilt: configuration)
        let state = storage
        // No one can observe or subscribe before the flow exists: the elements touched are not
        // worked out (`nil`), as for any change that starts without subscribers.
        let changes = CommitSummary<Route>(added: state.screens, removed: [], removedIDs: IDSet(), touched: nil)
        let built: [(ElementID, any LiveDestination)]
        do throws(BuildFailure) {
            built = try build(changes.added, handing: nil, at: nil)
        } catch {
            throw error.error
        }
        var visible: [ElementID] = []
        state.root.collectVisibleIDs(into: &visible)
        isBusy = true
        install(built, visible: visible, summary: changes, cause: .start)
        endChange()
        drainQueue()
    }

    /// A flow holding the configuration's first state with nothing built, shown or reported:
    /// what the start's modals are planned and judged against before anything runs.
    init(unbuilt configuration: FlowConfiguration<Route>) throws(NavigationError) {
        var generator = configuration.ids
        let state = try NavigationState(configuration.layout, ids: &generator)
        self.storage = state
        self.focusedScreenID = state.root.focusedID
        self.index = ElementIndex(state)
        self.ids = generator
        self.configuration = configuration
    }

    /// Creates a flow showing `layout`, validates its configuration, and builds and presents
    /// the first screens' Destinations.
    ///
    /// - Parameters:
    ///   - layout: The first state's shape.
    ///   - providers: The providers of the app's routes.
    ///   - ids: The id generator; inject one to control ids.
    ///   - logger: Where log messages go.
    /// - Throws: as ``init(_:)``.
    public convenience init(
        _ layout: Layout<Route>,
        providers: Providers<Route>,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        logger: FlowLogger = .standard
    ) throws(NavigationError) {
        var configuration = FlowConfiguration(layout: layout, providers: providers, logger: logger)
        configuration.ids = ids
        try self.init(configuration)
    }

    isolated deinit {
        tearDown()
    }

    /// The whole navigation state. Reading it tracks every change.
    public var state: NavigationState<Route> {
        registrar.access(self, keyPath: stateKeyPath)
        return storage
    }

    /// The id of the root element. Reading it tracks only the root's replacement
    /// (``Presentation/replaceRoot(_:)``, a restore with another root), not every change:
    /// what a renderer's outermost view reads.
    public var rootID: ElementID {
        registrar.access(self, keyPath: rootKeyPath)
        return storage.root.id
    }

    /// The element with `id`, or `nil`. Reading it tracks changes to that element's own content
    /// only: its stack's screens, its tab selection, its columns, its modal.
    ///
    /// - Complexity: O(*d* log *n*): the flow's index says where the element is; no search.
    @inlinable
    public func node(_ id: ElementID) -> NavigationNode<Route>? {
        observation(for: id).access()
        guard let path = index.path(to: id) else { return nil }
        return storage.root.node(at: path)
    }

    /// Whether the state holds an element with `id`. Reading it does not track anything.
    ///
    /// - Complexity: O(1).
    public func contains(_ id: ElementID) -> Bool {
        index.contains(id)
    }

    /// The screen with the focus. Reading it tracks every change, as ``state`` does.
    ///
    /// - Complexity: O(*d*) in the nesting depth.
    @inlinable
    public var focusedScreen: NavigationNode<Route> {
        state.focusedScreen
    }

    /// The Destination of the screen with `id`, if it is live and of type `D`.
    public func destination<D: Destination>(_ id: ElementID, as type: D.Type = D.self) -> D? {
        live[id]?.object as? D
    }

    /// The Destination of the screen with `id`, whatever its type.
    public func destination(_ id: ElementID) -> AnyObject? {
        live[id]?.object
    }

    /// The live Destinations, by screen id. There is one for every screen in ``state`` and no
    /// other.
    public var destinations: [ElementID: AnyObject] {
        Dictionary(uniqueKeysWithValues: live.entries.map { ($0.id, $0.destination.object) })
    }

    /// The Destination of the focused screen. Reading it does not track anything.
    ///
    /// - Complexity: O(1): the flow keeps the focused screen's id with its state.
    public var focusedDestination: AnyObject? {
        live[focusedScreenID]?.object
    }

    /// The Destination of the focused screen, if it is of type `D`. Reading it does not track
    /// anything.
    ///
    /// - Complexity: O(1): the flow keeps the focused screen's id with its state.
    public func focusedDestination<D: Destination>(as type: D.Type) -> D? {
        live[focusedScreenID]?.object as? D
    }

    /// Applies a presentation from `origin` (by default the focused screen): a
    /// ``ChangeRequest/presentation(_:from:source:handing:)`` request from the app, through
    /// ``perform(_:)``.
    ///
    /// - Parameters:
    ///   - presentation: The change.
    ///   - origin: The element it starts from; by default the focused screen.
    ///   - content: Content handed to the Destination of the screen the presentation ends on,
    ///     when the presentation adds it (see ``Provider``, whose Destination can take the content).
    /// - Returns: ``ChangeOutcome/applied``, ``ChangeOutcome/redirected(guard:)`` when a
    ///   guard's redirect ran first, or ``ChangeOutcome/queued`` during a commit.
    /// - Throws: ``NavigationError``; the state and the Destinations are then unchanged.
    @inlinable @discardableResult
    public func apply(
        _ presentation: Presentation<Route>,
        from origin: ElementID? = nil,
        handing content: (any Sendable)? = nil
    ) throws(NavigationError) -> ChangeOutcome<Route> {
        try perform(.presentation(presentation, from: origin, handing: content))
    }

    /// Applies a presentation a Destination asked for, from its screen.
    @inlinable @discardableResult
    func apply(
        _ presentation: Presentation<Route>,
        fromDestination id: ElementID,
        object: AnyObject,
        cause: FlowEvent<Route>.Cause? = nil,
        handing content: (any Sendable)? = nil
    ) throws(NavigationError) -> ChangeOutcome<Route> {
        var request = ChangeRequest(.presentation(presentation), cause: cause, origin: id, content: content)
        request.sender = Sender(id: id, object: object)
        return try perform(request)
    }

    /// Applies a change the user made on screen, so that the state follows what shows: a
    /// ``ChangeRequest/userAction(_:)`` request through ``perform(_:)``.
    ///
    /// - Throws: ``NavigationError``, for example ``NavigationError/staleUserAction(_:)``; the
    ///   state is then unchanged.
    @discardableResult
    public func apply(_ action: UserAction<Route>) throws(NavigationError) -> ChangeOutcome<Route> {
        try perform(.userAction(action))
    }

    /// Replaces the whole state with a saved one: a ``ChangeRequest/restore(_:source:)``
    /// request through ``perform(_:)``, judged like any change. Screens whose id and route are
    /// unchanged keep their live Destinations (and so their loaded data and drafts); only the
    /// others are built, and only the ones that left are removed. The event's changes say what
    /// really changed.
    ///
    /// - Throws: ``NavigationError/corruptState(_:)`` when `saved` breaks a rule of the model
    ///   (``NavigationState/validate()``), ``NavigationError/noProvider(route:)``, a provider's
    ///   error, a guard's refusal; the flow then keeps its current state.
    @discardableResult
    public func restore(_ saved: NavigationState<Route>) throws(NavigationError) -> ChangeOutcome<Route> {
        try perform(.restore(saved))
    }

    /// Swaps the providers used for screens added from now on. Screens already shown keep
    /// their Destinations.
    public func replaceProviders(_ providers: Providers<Route>) {
        configuration.providers = providers
    }

    /// Waits until every piece of work the flow's Destinations track has finished — interactor
    /// requests and preparations, work started with ``DestinationContext/track(_:)``, and work
    /// started by that work — or until `timeout` passes. Tests use it to wait for interactor
    /// results without sleeping. Work asleep on a test's manual clock counts as finished until
    /// the clock wakes it — work whose tasks sleep there while none of its other tasks (child
    /// tasks included) runs; the values a ``TrackedStream`` produced, and its end, are awaited.
    ///
    /// - Throws: ``SettleTimeout`` naming the Destinations and requests still pending at the
    ///   deadline, instead of hanging on a datasource that never answers.
    public func settle(timeout: Duration = .seconds(10)) async throws(SettleTimeout) {
        try await work.settle(timeout: timeout)
    }

    /// The work the flow's Destinations have under way now, oldest first.
    public var pendingWork: [PendingWork] { work.pending }

    /// Detaches and cleans up every Destination and ends the event streams.
    private func tearDown() {
        let remaining = live
        live.removeAll()
        for id in visible { remaining[id]?.disappear() }
        visible.removeAll()
        for (_, destination) in remaining.entries {
            destination.detach()
            destination.cleanup()
        }
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }
}

/// The observation point of one element, so that observers of one container are not told
/// about changes to another.
@MainActor
@usableFromInline final class NodeObservation: Observable {
    private let registrar = ObservationRegistrar()
    private var version = 0

    init() {}

    @usableFromInline func access() {
        registrar.access(self, keyPath: \.version)
    }

    func changed() {
        registrar.withMutation(of: self, keyPath: \.version) { version += 1 }
    }
}
