/// The loop a SwiftUI renderer runs around its ``StagedDisplay``: it follows a flow, plans a
/// change one main-actor turn after the flow announced it (so that the changes made together
/// show together), acknowledges each report of the user's before applying it, and shows the
/// next stage when a transition ends, by report or by the clock.
///
/// Views read what shows element by element with ``node(_:)``, which tracks that element only:
/// a change in one tab re-renders nothing in another. The elements that changed are the ones
/// the flow's transactions worked out (`Flow.observeCommits(_:)`) whenever the display goes
/// from the flow's state to the flow's state; only a stage, or a report of the user's shown
/// before the flow applies it, is compared with what showed before.
///
/// The renderer sets ``show``, which runs the change's observation updates inside the
/// renderer's own transaction, reads ``shown``, and passes on what the platform says: ``report(leaving:_:)``, ``tapAlertButton(_:of:)``,
/// ``transitionEnded(_:)``, ``sceneBecame(active:)``. Every decision is the driver's; the
/// renderer only draws. Time and turns come from ``Scheduling``, so tests drive the loop
/// without sleeping.
///
/// ```swift
/// let driver = StagedDisplayDriver(flow: flow)
/// driver.show = { animated, publish in withTransaction(transaction(animated), publish) }
/// ```
@MainActor
package final class StagedDisplayDriver<Route: NavigationRoute> {
    /// How a driver waits: for a later main-actor turn, and until an instant.
    package struct Scheduling {
        /// The current time.
        package var now: @MainActor () -> ContinuousClock.Instant
        /// Runs a body one main-actor turn later.
        package var nextTurn: @MainActor (_ body: @escaping @MainActor () -> Void) -> Void
        /// Runs a body at an instant, instead of the one set before; `nil` only cancels that one.
        package var wake: @MainActor (_ at: ContinuousClock.Instant?, _ body: @escaping @MainActor () -> Void) -> Void

        /// Scheduling from the given closures.
        package init(
            now: @escaping @MainActor () -> ContinuousClock.Instant,
            nextTurn: @escaping @MainActor (_ body: @escaping @MainActor () -> Void) -> Void,
            wake: @escaping @MainActor (_ at: ContinuousClock.Instant?, _ body: @escaping @MainActor () -> Void) -> Void
        ) {
            self.now = now
            self.nextTurn = nextTurn
            self.wake = wake
        }

        /// The continuous clock, with tasks for turns and wake-ups. Each read makes a new value,
        /// which holds one wake-up: give each driver its own (two drivers sharing one would
        /// cancel each other's wake-ups). `nextTurn` and `wake` must never run their body at
        /// once, inside the call.
        package static var tasks: Scheduling {
            let pending = PendingTask()
            return Scheduling(
                now: { .now },
                nextTurn: { body in Task { @MainActor in body() } },
                wake: { instant, body in
                    pending.task?.cancel()
                    pending.task = instant.map { instant in
                        Task { @MainActor in
                            try? await Task.sleep(until: instant, clock: .continuous)
                            if !Task.isCancelled { body() }
                        }
                    }
                }
            )
        }
    }

    /// The flow followed.
    package let flow: Flow<Route>
    /// Called each time what shows changes, with whether to animate and the updates that tell
    /// the views of the changed elements, which the renderer runs (inside its transaction).
    package var show: @MainActor (_ animated: Bool, _ publish: @escaping @MainActor () -> Void) -> Void = {
        _, publish in
        publish()
    }
    /// What views show, and the transition it waits for.
    package private(set) var display: StagedDisplay<Route>
    /// The root of the subtree shown, when not the whole state.
    private let scope: ElementID?
    private let scheduling: Scheduling
    private var observation: FlowChangeObservation?
    private var commits: FlowChangeObservation?
    /// The changes the flow committed since the display last showed the flow's state; `nil`
    /// when what shows must be compared with what showed instead.
    private var committed: CommittedChanges? = CommittedChanges()
    /// One observation point per shown element read.
    private var observations: [ElementID: NodeObservation] = [:]
    /// Read for an element that does not show; told when elements arrive.
    private let arrivals = NodeObservation()
    /// The shown elements by id; made on the first read after what shows changed.
    private var shownNodes: [ElementID: NavigationNode<Route>]?
    /// How many times what shows was compared with what showed, rather than told by the flow.
    package private(set) var comparisons = 0
    private var checkScheduled = false
    /// Cleared by a restore until the display has moved toward it.
    private var nextAnimates = true
    private var isActive = true
    private var changedWhileInactive = false

    /// Starts following `flow` at once, so that no change made before the first render is
    /// missed. A first state with nested modals (a restored one) is shown in stages, without
    /// animation: its containers and first modal, then one modal at a time.
    ///
    /// - Parameters:
    ///   - flow: The flow to follow.
    ///   - scope: The element whose subtree is shown (``NavigationState/subtree(at:)``), or
    ///     `nil` for the whole state; only the modals presented inside it are staged. While the
    ///     state has no such element, nothing is staged and what shows stays as it was.
    ///   - timing: How long transitions take and are waited for.
    ///   - scheduling: Time and turns; tasks and the continuous clock unless set.
    package init(
        flow: Flow<Route>, scope: ElementID? = nil, timing: StageTiming = StageTiming(), scheduling: Scheduling = .tasks
    ) {
        self.flow = flow
        self.scope = scope
        self.scheduling = scheduling
        let state = flow.untrackedState
        // A scope the state lacks shows nothing of its own (no modal to stage) until it appears.
        let initial = scope.map { state.subtree(at: $0) ?? state.truncatingChain(at: 0) } ?? state
        display = StagedDisplay(showing: initial.truncatingChain(at: 0), timing: timing)
        display.advance(toward: initial, animated: false, at: scheduling.now())
        // Not observation tracking: an initializer called from a view body must not make that
        // body depend on the whole state.
        observation = flow.observeChanges { [weak self] cause in self?.flowWillChange(cause) }
        commits = flow.observeCommits { [weak self] changes in self?.flowDidCommit(changes) }
        if display.state != nil { committed = nil }
        scheduleWakeUp()
    }

    /// What views show.
    package var shown: NavigationState<Route> { display.shown }

    /// The element `id` as shown. Reading it tracks that element only, or, when it does not
    /// show, the arrival of elements: a view animating away makes no observation point that
    /// would outlive it.
    package func node(_ id: ElementID) -> NavigationNode<Route>? {
        let nodes =
            shownNodes ?? Dictionary(display.shown.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        shownNodes = nodes
        guard let node = nodes[id] else {
            arrivals.access()
            return nil
        }
        if let observation = observations[id] {
            observation.access()
        } else {
            let observation = NodeObservation()
            observations[id] = observation
            observation.access()
        }
        return node
    }

    /// Reports what the user did, as `derive` finds it in the flow's state. What the platform
    /// already shows is acknowledged first, so no view asks it to undo it; a report the flow
    /// refuses is undone by showing the flow's state again (the state wins).
    ///
    /// - Parameters:
    ///   - leaving: Whether the action starts a modal's exit animation, which the next change
    ///     of modals waits for.
    ///   - derive: The user's action in the flow's state, or `nil` when there is none.
    package func report(
        leaving: Bool = false, _ derive: (NavigationState<Route>) throws(NavigationError) -> UserAction<Route>?
    ) {
        guard let action = (try? derive(flow.untrackedState)) ?? nil else { return }
        acknowledge(action, leaving: leaving)
        _ = try? flow.apply(action)
        if !checkScheduled { step() }
    }

    /// The user tapped button `index` of the alert whose content is `alert`, which the platform
    /// has closed already.
    package func tapAlertButton(_ index: Int, of alert: ElementID) {
        guard flow.alertDisplay(of: alert) != nil else { return }
        acknowledge(.dismissed(modal: alert), leaving: true)
        _ = try? flow.tapAlertButton(index, of: alert)
        if !checkScheduled { step() }
    }

    /// A presented modal appeared or a dismissed one finished leaving: once the report names
    /// the transition under way and its settle time passed, the next change shows, one
    /// main-actor turn later. Late reports, of earlier stages, are ignored.
    package func transitionEnded(_ report: StageTransition.Report) {
        guard display.report(report, at: scheduling.now()) else { return }
        scheduling.nextTurn { [weak self] in self?.step() }
    }

    /// The scene's phase changed.
    ///
    /// - Returns: Whether views should check what they show: the scene became active after
    ///   what shows changed while it was not (the platform may have dropped those updates).
    @discardableResult
    package func sceneBecame(active: Bool) -> Bool {
        isActive = active
        guard active, changedWhileInactive else { return false }
        changedWhileInactive = false
        return true
    }

    /// What the display moves toward: the flow's state, or the subtree shown (kept as shown
    /// once the flow no longer has it).
    private var target: NavigationState<Route> {
        let state = flow.untrackedState
        guard let scope else { return state }
        return state.subtree(at: scope) ?? display.shown
    }

    /// The flow committed a change: what shows will change by as much, when the display goes
    /// from the flow's state to the flow's state.
    private func flowDidCommit(_ changes: NavigationChanges<Route>?) {
        guard let changes else {
            committed = nil
            return
        }
        committed?.add(changes)
    }

    /// The flow is about to commit a change: plan it one turn later, so that the changes made
    /// together show together. Views keep showing the display meanwhile.
    private func flowWillChange(_ cause: FlowEvent<Route>.Cause) {
        if cause == .restore { nextAnimates = false }
        guard !checkScheduled else { return }
        checkScheduled = true
        scheduling.nextTurn { [weak self] in
            self?.checkScheduled = false
            self?.step()
        }
    }

    /// Shows the next stage toward the target, or the target itself when one update reaches
    /// it, unless the transition under way holds it back.
    private func step() {
        let old = display.shown
        if display.advance(toward: target, animated: nextAnimates, at: scheduling.now()) {
            nextAnimates = true
            didShow(from: old, animated: display.animates, committed: display.state == nil ? committed : nil)
        }
        scheduleWakeUp()
    }

    private func acknowledge(_ action: UserAction<Route>, leaving: Bool) {
        let old = display.shown
        display.acknowledge(action, leaving: leaving, at: scheduling.now())
        didShow(from: old, animated: true, committed: nil)
    }

    /// Tells the views of the elements that changed: those the flow's transactions worked out
    /// when they are known, else those that differ from what showed.
    private func didShow(from old: NavigationState<Route>, animated: Bool, committed known: CommittedChanges?) {
        committed = display.state == nil ? CommittedChanges() : nil
        guard display.shown != old else { return }
        if !isActive { changedWhileInactive = true }
        let changed: CommittedChanges
        if let known {
            changed = known
        } else {
            comparisons += 1
            var compared = CommittedChanges()
            compared.add(display.shown.changes(from: old))
            changed = compared
        }
        shownNodes = nil
        let told = changed.touched.compactMap { observations[$0] }
        let arrived = changed.arrived
        for id in changed.removed { observations[id] = nil }
        show(animated) { [arrivals] in
            for observation in told { observation.changed() }
            if arrived { arrivals.changed() }
        }
    }

    /// Steps again when the transition under way ends without a report.
    private func scheduleWakeUp() {
        scheduling.wake(display.wakeUp) { [weak self] in self?.step() }
    }
}

/// The elements changes touched (removed ones included), and whether any screen arrived.
private struct CommittedChanges {
    var touched: Set<ElementID> = []
    var removed: Set<ElementID> = []
    var arrived = false

    mutating func add<Route>(_ changes: NavigationChanges<Route>) {
        touched.formUnion(changes.touched)
        touched.formUnion(changes.removedIDs)
        removed.formUnion(changes.removedIDs)
        if !changes.added.isEmpty { arrived = true }
    }
}

/// The wake-up task of ``StagedDisplayDriver/Scheduling/tasks``.
@MainActor
private final class PendingTask {
    var task: Task<Void, Never>?
}
