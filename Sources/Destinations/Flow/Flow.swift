import Foundation
import Observation

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
/// The hot paths are inlinable, so that they run specialized for the app's `Route`.
@MainActor
public final class Flow<Route: NavigationRoute>: Observable {
    // The state every change reads and writes. All of it is used on the main actor, and the
    // flow never holds one access to it across a call that could start another (hooks and
    // observers run between accesses; their changes are deferred), so release builds skip the
    // dynamic exclusivity checks on it, about a tenth of a navigation's cost; debug builds, where
    // the tests run, keep them.
    #if DEBUG
    @usableFromInline var storage: NavigationState<Route>
    /// Where every element of ``storage`` is, kept up to date at O(change) per commit.
    @usableFromInline var index: ElementIndex
    @usableFromInline var ids: any ElementIDGenerator
    @usableFromInline var live: [ElementID: any LiveDestination] = [:]
    /// The visible screens, in display order.
    @usableFromInline var visible: [ElementID] = []
    @usableFromInline var observations: [ElementID: NodeObservation] = [:]
    @usableFromInline var subscribers: [Int: AsyncStream<FlowEvent<Route>>.Continuation] = [:]
    @usableFromInline var sequence: UInt64 = 0
    /// Whether a change is being computed or committed; changes requested meanwhile wait.
    @usableFromInline var isBusy = false
    /// Changes requested while another was under way, in order.
    @usableFromInline var deferred: [Request] = []
    #else
    @usableFromInline @exclusivity(unchecked) var storage: NavigationState<Route>
    @usableFromInline @exclusivity(unchecked) var index: ElementIndex
    @usableFromInline @exclusivity(unchecked) var ids: any ElementIDGenerator
    @usableFromInline @exclusivity(unchecked) var live: [ElementID: any LiveDestination] = [:]
    @usableFromInline @exclusivity(unchecked) var visible: [ElementID] = []
    @usableFromInline @exclusivity(unchecked) var observations: [ElementID: NodeObservation] = [:]
    @usableFromInline @exclusivity(unchecked) var subscribers: [Int: AsyncStream<FlowEvent<Route>>.Continuation] = [:]
    @usableFromInline @exclusivity(unchecked) var sequence: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var isBusy = false
    @usableFromInline @exclusivity(unchecked) var deferred: [Request] = []
    #endif
    @usableFromInline var providers: Providers<Route>
    /// The router and scene kind of ``open(_:source:)`` and the other URL operations.
    var urls: (router: URLRouter<Route>, scene: String)?
    @usableFromInline let logger: FlowLogger
    @usableFromInline let registrar = ObservationRegistrar()
    @usableFromInline var nextSubscriber = 0
    /// The handlers of ``observeChanges(_:)``, by key.
    @usableFromInline var changeHandlers: [Int: @MainActor (FlowEvent<Route>.Cause) -> Void] = [:]
    /// During a change, the first subscriber key that joined during it: such subscribers
    /// start with the next change, whatever the change was.
    @usableFromInline var subscriberCutoff = Int.max
    @usableFromInline let work = WorkTracker()
    /// The key paths observation reports, made once: a key-path literal in generic code is
    /// instantiated at run time on every evaluation.
    @usableFromInline let stateKeyPath: KeyPath<Flow, NavigationState<Route>> = \.state
    @usableFromInline let rootKeyPath: KeyPath<Flow, ElementID> = \.rootID

    /// The rules every change must pass, in order; see ``NavigationGuard``. Changes the flow
    /// already made are not checked again when the guards change.
    public var guards: [NavigationGuard<Route>] = []
    /// The change a guard redirected in ``applyOrRedirect(_:from:)``, waiting for
    /// ``resumePending()``: single use, expiring after ``pendingLifetime``, never saved.
    public internal(set) var pendingChange: PendingChange<Route>?
    /// How long a redirected change stays pending: 10 minutes unless set.
    public var pendingLifetime: Duration = .seconds(600)
    /// How many refusals the flow has reported: tells whether an error was reported already.
    @usableFromInline var refusals = 0
    /// The rules links opened with ``openAwaitingGuards(_:source:timeout:)`` wait for; see
    /// ``AsyncNavigationGuard``.
    public var asyncGuards: [AsyncNavigationGuard<Route>] = []
    /// Counts the links waiting for asynchronous guards, so that only the newest goes ahead.
    var linkGeneration = 0
    /// The alerts whose tap is being handled, so that a tap from inside it is a repeated tap.
    var alertsBeingTapped: Set<ElementID> = []
    /// Alert taps made during a change, run as a whole after it.
    @usableFromInline var deferredTaps: [(index: Int, alert: ElementID)] = []
    /// Work a tap's event handed to the alert's presenter, run after the alert closes.
    var tapFollowUps: [@MainActor () -> Void]?
    /// The redirect the last guard check asked for.
    var lastRedirect: (guardName: String, presentation: Presentation<Route>)?

    /// Called with every change the flow refuses, and why: one place for view code that sends
    /// events without handling errors (``Destination/post(_:content:)``) and for changes
    /// deferred during a commit.
    public var onRefusal: (@MainActor (NavigationError, FlowEvent<Route>.Cause) -> Void)?

    /// Creates a flow showing `layout`, validates its configuration, and builds and presents
    /// the first screens' Destinations.
    ///
    /// - Parameters:
    ///   - layout: The first state's shape.
    ///   - providers: The providers of the app's routes.
    ///   - ids: The id generator; inject one to control ids.
    ///   - logger: Where log messages go.
    /// - Throws: ``NavigationError/invalidConfiguration(_:)`` when validation finds problems
    ///   (see ``validate(_:providers:)``), or the error of a provider that failed.
    public init(
        _ layout: Layout<Route>,
        providers: Providers<Route>,
        ids: some ElementIDGenerator = SequentialElementIDs(),
        logger: FlowLogger = .standard
    ) throws(NavigationError) {
        let problems = Self.validate(layout, providers: providers)
        guard problems.isEmpty else { throw .invalidConfiguration(problems) }
        var generator = ids
        let state = try NavigationState(layout, ids: &generator)
        self.storage = state
        self.index = ElementIndex(state)
        self.ids = generator
        self.providers = providers
        self.logger = logger
        let changes = CommitSummary<Route>(added: state.screens, removed: [], removedIDs: IDSet(), touched: Set(state.nodes.map { $0.id }))
        let built: [(ElementID, any LiveDestination)]
        do throws(BuildFailure) {
            built = try build(changes.added, handing: nil, at: nil)
        } catch {
            throw error.error
        }
        isBusy = true
        install(built, summary: changes, cause: .start)
        isBusy = false
        runDeferred()
    }

    isolated deinit {
        tearDown()
    }

    /// The whole navigation state. Reading it tracks every change.
    @inlinable
    public var state: NavigationState<Route> {
        registrar.access(self, keyPath: stateKeyPath)
        return storage
    }

    /// The id of the root element. Reading it tracks only the root's replacement
    /// (``Presentation/replaceRoot(_:)``, a restore with another root), not every change:
    /// what a renderer's outermost view reads.
    @inlinable
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
    @inlinable
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
    @inlinable
    public func destination<D: Destination>(_ id: ElementID, as type: D.Type = D.self) -> D? {
        live[id]?.object as? D
    }

    /// The Destination of the screen with `id`, whatever its type.
    @inlinable
    public func destination(_ id: ElementID) -> AnyObject? {
        live[id]?.object
    }

    /// The live Destinations, by screen id. There is one for every screen in ``state`` and no
    /// other.
    public var destinations: [ElementID: AnyObject] {
        live.mapValues { $0.object }
    }

    /// The Destination of the focused screen.
    public var focusedDestination: AnyObject? {
        live[storage.focusedScreen.id]?.object
    }

    /// The Destination of the focused screen, if it is of type `D`.
    public func focusedDestination<D: Destination>(as type: D.Type) -> D? {
        live[storage.focusedScreen.id]?.object as? D
    }

    /// Applies a presentation from `origin` (by default the focused screen).
    ///
    /// - Parameters:
    ///   - presentation: The change.
    ///   - origin: The element it starts from; by default the focused screen.
    ///   - content: Content handed to the Destination of the screen the presentation ends on,
    ///     when the presentation adds it (see ``Provider/init(_:events:)-(_,(inout EventTable<D>)->Void)``).
    /// - Throws: ``NavigationError``; the state and the Destinations are then unchanged.
    @inlinable
    public func apply(
        _ presentation: Presentation<Route>,
        from origin: ElementID? = nil,
        handing content: (any Sendable)? = nil
    ) throws(NavigationError) {
        try performPresentation(presentation, origin: origin, sender: nil, handing: content, cause: .presentation(presentation, from: origin))
    }

    /// Applies a presentation a Destination asked for, from its screen.
    @inlinable
    func apply(_ presentation: Presentation<Route>, fromDestination id: ElementID, object: AnyObject) throws(NavigationError) {
        let sender = Sender(id: id, object: object)
        try performPresentation(presentation, origin: id, sender: sender, handing: nil, cause: .presentation(presentation, from: id))
    }

    /// Applies a change the user made on screen, so that the state follows what shows.
    ///
    /// - Throws: ``NavigationError``, for example ``NavigationError/staleUserAction(_:)``; the
    ///   state is then unchanged.
    @inlinable
    public func apply(_ action: UserAction<Route>) throws(NavigationError) {
        try perform(.userAction(action))
    }

    /// Replaces the whole state with a saved one. Screens whose id and route are unchanged keep
    /// their live Destinations (and so their loaded data and drafts); only the others are
    /// built, and only the ones that left are removed. The event's changes say what really
    /// changed.
    ///
    /// - Throws: ``NavigationError/corruptState(_:)`` when `saved` breaks a rule of the model
    ///   (``NavigationState/validate()``), ``NavigationError/noProvider(route:)`` or a
    ///   provider's error; the flow then keeps its current state.
    public func restore(_ saved: NavigationState<Route>) throws(NavigationError) {
        try perform(.replacement(saved, cause: .restore))
    }

    /// Swaps the providers used for screens added from now on. Screens already shown keep
    /// their Destinations.
    public func replaceProviders(_ providers: Providers<Route>) {
        self.providers = providers
    }

    /// Waits until every piece of work the flow's Destinations track has finished — interactor
    /// requests and preparations, work started with ``DestinationContext/track(_:)``, and work
    /// started by that work — or until `timeout` passes. Tests use it to wait for interactor
    /// results without sleeping.
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
        for destination in remaining.values {
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
@usableFromInline
final class NodeObservation: Observable {
    private let registrar = ObservationRegistrar()
    private var version = 0

    @usableFromInline
    init() {}

    @usableFromInline
    func access() {
        registrar.access(self, keyPath: \.version)
    }

    @usableFromInline
    func changed() {
        registrar.withMutation(of: self, keyPath: \.version) { version += 1 }
    }
}
