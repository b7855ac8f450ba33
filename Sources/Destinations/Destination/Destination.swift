// Performance: the event path figure (Benchmarks/README.md, "Figures").
/// One screen's coordinator: its route, its state, and what its events do.
///
/// A Destination is a reference type that a view holds and sends events to; it never holds the
/// view. What an event does — push a screen, present a sheet, ask a datasource — is not in the
/// Destination but in its ``Provider``'s configuration, so it can be swapped for an A/B test or
/// a mock without touching the view or the Destination.
///
/// ```swift
/// @MainActor @Observable
/// final class NotesList: Destination {
///     enum Event: Hashable { case select(Carrying<Note>), compose }
///     let context = DestinationContext<AppRoute, Event>()
///     var notes: [Note] = []
/// }
/// extension ContentEvent<NotesList.Event, Note> {
///     static var select: Self { Self(NotesList.Event.select) }
/// }
///
/// // In the view:
/// try notesList.send(.compose)
/// try notesList.send(.select, content: note)   // see ContentEvent
/// ```
@MainActor
public protocol Destination<Route, Event>: AnyObject {
    /// The app's routes.
    associatedtype Route: NavigationRoute
    /// What the screen's user can do: usually an enum without payloads; an event that carries
    /// content is a case whose payload is ``Carrying`` the content's type (see
    /// ``ContentEvent``).
    associatedtype Event: Hashable & Sendable

    /// The Destination's link to its flow. Declare it as a constant:
    /// `let context = DestinationContext<AppRoute, Event>()`.
    var context: DestinationContext<Route, Event> { get }

    /// Called once, after the Destination was built and before it first shows.
    func prepareForPresentation()

    /// Called when the Destination's screen becomes visible.
    func didAppear()

    /// Called when the Destination's screen stops being visible: covered, in an unselected
    /// tab, or about to be removed.
    func didDisappear()

    /// Called once, when the Destination is removed from the flow. Its pending work has
    /// already been cancelled.
    func cleanup()
}

extension Destination {
    public func prepareForPresentation() {}
    public func didAppear() {}
    public func didDisappear() {}
    public func cleanup() {}

    /// The id of the Destination's screen in the navigation state; `nil` before it is attached
    /// to a flow and after it is removed.
    public var id: ElementID? { context.id }

    /// Sends an event, as the user caused it. An event that carries content is sent with
    /// ``send(_:content:)``.
    ///
    /// - Throws: ``NavigationError`` when the event is not configured, the Destination was
    ///   removed, or the presentation it leads to does not fit the state; the state is then
    ///   unchanged.
    @inlinable
    public func send(_ event: Event) throws(NavigationError) {
        try send(event, carrying: nil)
    }

    /// Sends an event with content whose type only the run time checks: for tools that fire
    /// events by name (a test harness, a random walk) and for alert buttons.
    @inlinable
    package func send(_ event: Event, carrying content: (any Sendable)?) throws(NavigationError) {
        let context = self.context
        guard let id = context.id, let link = context.link else {
            throw .destinationRemoved(context.lastID ?? ElementID(0))
        }
        if let live = link as? Live<Self> {
            try live.send(event, content: content, from: id)
        } else if let sender = link as? any EventSending<Event> {
            try sender.send(event, content: content, from: id)
        } else {
            throw .destinationRemoved(id)
        }
    }
}

/// A Destination's link to its flow: its id, whether it shows, and where its events go.
///
/// The flow fills it in when it attaches the Destination and clears it when it removes it; a
/// removed Destination's events throw ``NavigationError/destinationRemoved(_:)``.
@MainActor
public final class DestinationContext<Route: NavigationRoute, Event: Hashable & Sendable> {
    /// The screen's id while the Destination is attached.
    public var id: ElementID? { attachment?.id }
    /// The route the Destination was built for.
    public private(set) var route: Route?
    /// Whether the screen is visible now.
    public internal(set) var isVisible: Bool {
        get { attachment?.isVisible ?? false }
        set { attachment?.isVisible = newValue }
    }
    /// Whether the Destination was removed from its flow.
    public var isRemoved: Bool { attachment == nil && lastID != nil }

    /// The attachment, while the Destination is attached.
    var attachment: DestinationAttachment?

    /// The flow that shows the Destination, while it is attached. The flow detaches every
    /// Destination before it goes away (at the latest in its `deinit`), which clears this.
    weak var flow: Flow<Route>?
    /// The flow's box of the Destination, while it is attached; the flow holds it until it
    /// detaches the Destination, which clears this. Held strongly: the box holds the
    /// Destination, which holds this context, and the detach (which the flow always runs, at the
    /// latest in its `deinit`) breaks that cycle, so no screen pays for a weak reference.
    @usableFromInline var link: AnyObject?
    /// The Destination this context belongs to, while it is attached.
    var destinationObject: AnyObject? { attachment?.destination }
    @usableFromInline var lastID: ElementID?
    var cancellations: [Int: @MainActor () -> Void] = [:] {
        didSet { mayHoldWork = true }
    }
    /// Work tracked before the Destination was attached, started when it is.
    var unstarted: [(label: (any Sendable)?, body: @MainActor @Sendable () async -> Void)] = [] {
        didSet { mayHoldWork = true }
    }
    /// The running streams, by token.
    var streams: [Int: Task<Void, Never>] = [:] {
        didSet { mayHoldWork = true }
    }
    var nextCancellation = 0
    /// Whether any of ``cancellations``, ``unstarted`` or ``streams`` was ever written: most
    /// Destinations track no work, and attaching or detaching them reads this alone.
    private var mayHoldWork = false

    /// Creates a context, to be attached by a flow.
    public init() {}

    /// The environment of the flow that shows the Destination (``FlowConfiguration/environment``):
    /// the session, read where it is needed rather than captured. Empty while the Destination
    /// is not attached (in its initializer, or after its removal): a provider reads it from
    /// its ``Provider/Input`` instead.
    public var environment: FlowEnvironment {
        flow?.configuration.environment ?? FlowEnvironment()
    }

    /// Runs finite work on behalf of the Destination — an interactor request — so that the flow
    /// can await it (``Flow/settle(timeout:)``) and cancel it when the Destination is removed.
    /// `body` should check `Task.isCancelled` (or use cancellable awaits) before delivering
    /// results. The work starts once the Destination's interactors are prepared; work tracked
    /// before the Destination is attached to a flow (from its initializer) starts when it is,
    /// and never when it is not.
    ///
    /// Child tasks the work starts (a task group, `async let`) are part of it: once a test clock
    /// exists (a test's `ManualClock`), they run serially on the main queue, on an executor of
    /// the work's own that counts them while they run, so a settle waits for a child that runs
    /// while a sibling sleeps on the test clock (on Apple platforms from iOS 18, macOS 15,
    /// tvOS 18, watchOS 11 and visionOS 2; before them, a child is not seen running while a
    /// sibling sleeps). The switch is per process: in a process that never makes a test clock
    /// (an app) the work keeps no account and runs where Swift runs it.
    ///
    /// Returns the task, or `nil` when the work waits for the Destination to be attached; the
    /// task is already cancelled when the Destination was removed.
    @discardableResult
    public func track(_ body: @escaping @MainActor @Sendable () async -> Void) -> Task<Void, Never>? {
        guard tracker != nil || isRemoved else {
            unstarted.append((nil, body))
            return nil
        }
        return track(label: nil, waitsForPreparation: true, body)
    }

    /// Runs tracked work; `label` says what it is when ``Flow/settle(timeout:)`` times out.
    @discardableResult
    func track(
        label: (any Sendable)?,
        waitsForPreparation: Bool,
        _ body: @escaping @MainActor @Sendable () async -> Void
    ) -> Task<Void, Never> {
        let preparation = waitsForPreparation ? self.preparation : nil
        let token = nextCancellation
        nextCancellation += 1
        // In a test, asleep for a settle while its tasks sleep on a test clock and none of them
        // runs: the test's advance wakes it. An app's work keeps no account.
        let activity = WorkAccounting.makeAccount()
        let task = Task { @MainActor [weak self] in
            await preparation?.value
            if !Task.isCancelled {
                if let activity { await activity.run(body) } else { await body() }
            }
            self?.removeCancellation(token)
        }
        if isRemoved {
            task.cancel()
            return task
        }
        cancellations[token] = { task.cancel() }
        tracker?.add(
            task, owner: id, route: route?.name, type: destinationObject.map { type(of: $0) }, label: label,
            activity: activity)
        return task
    }

    weak var tracker: WorkTracker?

    /// The interactors' preparation for this Destination; tracked work waits for it. It ends
    /// when the Destination is removed, even if an interactor never finishes preparing.
    var preparation: Task<Void, Never>?

    /// The delivery of the last request sent; the next one delivers after it.
    var lastDelivery: Task<Void, Never>?

    /// Registers work to cancel when the Destination is removed: an interactor's task, a
    /// stream's subscription. Runs `cancel` at once when the Destination is already removed.
    public func onRemoval(_ cancel: @escaping @MainActor () -> Void) {
        if isRemoved { cancel() } else { _ = addCancellation(cancel) }
    }

    /// Registers a cancellation and returns the token that unregisters it.
    func addCancellation(_ cancel: @escaping @MainActor () -> Void) -> Int {
        let token = nextCancellation
        nextCancellation += 1
        cancellations[token] = cancel
        return token
    }

    func removeCancellation(_ token: Int) {
        // Released after the dictionary's mutation ends: a closure whose release re-enters the
        // Destination finds the dictionary whole.
        let removed = cancellations.removeValue(forKey: token)
        withExtendedLifetime(removed) {}
    }

    /// Applies a presentation from this Destination's screen, outside the event configuration:
    /// for code in a ``EventResponse/perform(_:)`` response or an interactor's result.
    ///
    /// - Throws: ``NavigationError/destinationRemoved(_:)`` once the Destination is removed, or
    ///   the presentation's error; the state is then unchanged.
    @discardableResult
    public func present(_ presentation: Presentation<Route>) throws(NavigationError) -> ChangeOutcome<Route> {
        guard let id, let flow, let destination = destinationObject else {
            throw .destinationRemoved(lastID ?? ElementID(0))
        }
        return try flow.apply(presentation, fromDestination: id, object: destination)
    }

    /// Dismisses the modal that holds this Destination's screen.
    ///
    /// - Throws: ``NavigationError/nothingToDismiss(from:)`` when no modal holds it.
    public func dismiss() throws(NavigationError) {
        try present(.dismiss)
    }

    /// Dismisses the modal this Destination's screen presents.
    ///
    /// - Throws: ``NavigationError/nothingToDismiss(from:)`` when it presents none.
    public func dismissPresented() throws(NavigationError) {
        try present(.dismissPresented)
    }

    func attach(
        id: ElementID, route: Route, flow: Flow<Route>, link: AnyObject, destination: AnyObject, tracker: WorkTracker
    ) {
        attachment = DestinationAttachment(id: id, destination: destination)
        self.flow = flow
        lastID = id
        self.link = link
        self.tracker = tracker
        // Last, once the context is whole: an assignment stores the new route before it
        // releases the old one, and code run by the old payload's deinit reads this context.
        self.route = route
        guard mayHoldWork, !unstarted.isEmpty else { return }
        let waiting = unstarted
        unstarted = []
        for work in waiting { track(label: work.label, waitsForPreparation: true, work.body) }
    }

    func detach() {
        attachment = nil
        flow = nil
        link = nil
        guard mayHoldWork else { return }
        // Moved out before they are released: a closure's captures may run user code in their
        // deinit, which must find the context in its detached state and no access under way.
        if !unstarted.isEmpty {
            let dropped = unstarted
            unstarted = []
            withExtendedLifetime(dropped) {}
        }
        if !streams.isEmpty {
            let dropped = streams
            streams = [:]
            withExtendedLifetime(dropped) {}
        }
        // Most Destinations have no work to cancel: no sorted copy for them.
        guard !cancellations.isEmpty else { return }
        let pending = cancellations.sorted { $0.key < $1.key }.map { $0.value }
        cancellations.removeAll()
        for cancel in pending { cancel() }
    }
}
