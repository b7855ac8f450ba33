// Performance: the push-back, select-tab and sheet figures and the event path (Benchmarks/README.md, "Figures").
/// A built Destination as the flow holds it: the object and its lifecycle, behind one box per
/// Destination.
@MainActor
@usableFromInline protocol LiveDestination: AnyObject {
    /// The Destination.
    var object: AnyObject { get }

    /// Links the Destination to the flow it was built for and starts its interactors'
    /// preparation.
    func attach(_ id: ElementID)
    /// Unlinks it, cancels its work, and starts its interactors' cleanup.
    func detach()
    func prepare()
    func appear()
    func disappear()
    func cleanup()
}

/// A box whose Destination can take another provider's event configuration.
@MainActor
protocol Rebinding: AnyObject {
    /// Takes the event configuration of `provider` when it builds Destinations of this type;
    /// returns whether it did.
    func rebind(to provider: AnyObject) -> Bool
}

/// What a Destination's context sends events through when the Destination's own type is not
/// known statically (a subclass sending as its superclass).
@MainActor
@usableFromInline protocol EventSending<Event>: AnyObject {
    associatedtype Event: Hashable & Sendable
    func send(_ event: Event, content: (any Sendable)?, from id: ElementID) throws(NavigationError)
}

/// The box of a Destination of type `D`; the Destination's context links to it while attached.
@MainActor
@usableFromInline final class Live<D: Destination>: LiveDestination, EventSending, Rebinding {
    @usableFromInline let destination: D
    let route: D.Route
    /// The provider whose event configuration the Destination follows (another one after a
    /// rebind). Held by reference: building and releasing a box copies no table, so code that
    /// is not specialised for `D` needs no metadata for it.
    @usableFromInline var provider: TypedProvider<D>
    var hooks: [InteractorHooks]
    /// The flow, while the Destination is attached. The flow owns this box and detaches it
    /// before it goes away (at the latest in its `deinit`), which clears the reference.
    @usableFromInline weak var flow: Flow<D.Route>?
    /// The interactors' preparation, from attach until detach.
    var preparing: Task<Void, Never>?
    /// Whether the Destination is a ``ModalPresenter``, counted by its flow while attached.
    private let presentsModals: Bool
    /// Whether the flow counts it now.
    private var isCounted = false

    /// A box for a Destination built for `flow`, attached to it next.
    init(
        _ destination: D, route: D.Route, provider: TypedProvider<D>, hooks: [InteractorHooks], presentsModals: Bool,
        flow: Flow<D.Route>
    ) {
        self.destination = destination
        self.route = route
        self.provider = provider
        self.hooks = hooks
        self.presentsModals = presentsModals
        self.flow = flow
    }

    @usableFromInline var object: AnyObject { destination }

    @usableFromInline func attach(_ id: ElementID) {
        // Built for its flow, which attaches it right after the commit that added its screen.
        guard let flow else { preconditionFailure("a Destination is attached by the flow it was built for") }
        if presentsModals {
            isCounted = true
            flow.modalPresenters += 1
        }
        let context = destination.context
        context.attach(id: id, route: route, flow: flow, link: self, destination: destination, tracker: flow.work)
        guard !hooks.isEmpty else { return }
        for hook in hooks { hook.prepareNow?(id) }
        let asynchronous = hooks.compactMap { $0.prepare }
        guard !asynchronous.isEmpty else { return }
        // The interactors' preparation starts now, whatever happens next, so that a cleanup
        // always follows a preparation that started, never one that did not (an interactor that
        // counts its users); removal cancels it, and the cleanup waits for it to end.
        let preparing = Task { @MainActor in for prepare in asynchronous { await prepare(id) } }
        self.preparing = preparing
        context.preparation = context.track(label: "interactor preparation", waitsForPreparation: false) { [context] in
            _ = await context.untilRemoved { await preparing.value }
        }
    }

    @usableFromInline func detach() {
        let context = destination.context
        let id = context.id
        context.detach()
        if isCounted {
            isCounted = false
            flow?.modalPresenters -= 1
        }
        flow = nil
        guard let id, !hooks.isEmpty else { return }
        for hook in hooks { hook.cleanupNow?(id) }
        let asynchronous = hooks.compactMap { $0.cleanup }
        let preparing = self.preparing
        self.preparing = nil
        preparing?.cancel()
        guard !asynchronous.isEmpty else { return }
        let cleaning = Task {
            await preparing?.value
            for cleanup in asynchronous { await cleanup(id) }
        }
        context.tracker?.add(cleaning, owner: id, route: route.name, type: D.self, label: "interactor cleanup")
    }

    /// Whether the Destination was prepared, and whether it was cleaned up: each happens at
    /// most once, and a cleanup only after a preparation.
    private var wasPrepared = false
    private var wasCleanedUp = false

    @usableFromInline func prepare() {
        guard !wasPrepared else { return }
        wasPrepared = true
        destination.prepareForPresentation()
    }

    @usableFromInline func appear() {
        destination.context.isVisible = true
        destination.didAppear()
    }

    @usableFromInline func disappear() {
        destination.context.isVisible = false
        destination.didDisappear()
    }

    @usableFromInline func cleanup() {
        guard wasPrepared, !wasCleanedUp else { return }
        wasCleanedUp = true
        destination.cleanup()
    }

    func rebind(to provider: AnyObject) -> Bool {
        guard let typed = provider as? TypedProvider<D> else { return false }
        self.provider = typed
        let known = Set(hooks.compactMap(\.identity))
        let added = typed.hooks.filter { $0.identity.map { !known.contains($0) } ?? true }
        guard !added.isEmpty else { return true }
        // The new interactors are prepared for the Destination now, and cleaned up with the rest.
        hooks += added
        let context = destination.context
        guard let id = context.id else { return true }
        for hook in added { hook.prepareNow?(id) }
        let asynchronous = added.compactMap { $0.prepare }
        guard !asynchronous.isEmpty else { return true }
        let previous = context.preparation
        context.preparation = context.track(label: "interactor preparation", waitsForPreparation: false) { [context] in
            _ = await context.untilRemoved {
                await previous?.value
                for prepare in asynchronous { await prepare(id) }
            }
        }
        return true
    }

    /// Runs an event; a test harness recording the flow hears of it first.
    @inlinable
    func send(_ event: D.Event, content: (any Sendable)?, from id: ElementID) throws(NavigationError) {
        guard let flow else { throw .destinationRemoved(id) }
        flow.recordEvent(event, of: D.self, screen: id)
        try flow.handle(event, content: content, from: destination, table: provider.table)
    }
}
