#if canImport(SwiftUI)
import Observation
import SwiftUI

/// What every view of a ``FlowView`` shares: the flow, the screen builder, the options, and the
/// display state, which moves toward the flow's state one stage at a time (``StagedDisplay``).
///
/// Views read elements through ``node(_:)``: the display state's element, never the flow's. So
/// what shows changes only when the renderer moves the display, element by element (a change
/// in one tab re-renders nothing in another), inside a transaction of its choosing: a restore
/// shows without animation.
@MainActor @Observable
final class FlowRenderer<Route: NavigationRoute, Screen: View> {
    @ObservationIgnored let flow: Flow<Route>
    /// The root of the subtree drawn, when not the whole state: only its modals are staged.
    @ObservationIgnored private let scope: ElementID?
    /// The options and the screen builder of the latest `FlowView` value.
    @ObservationIgnored var options: FlowViewOptions
    @ObservationIgnored var screen: @MainActor (ScreenContext<Route>) -> Screen
    /// What the views show, and the transition it waits for.
    @ObservationIgnored private var display: StagedDisplay<Route>
    /// One observation point per element read, so that a change re-renders its elements only.
    @ObservationIgnored private var versions: [ElementID: ElementVersion] = [:]
    /// Read for an element that does not show (one animating away); bumped when elements are
    /// added, so that a view waiting for one hears of it.
    @ObservationIgnored private let absent = ElementVersion()
    /// The shown elements by id; made on the first read after what shows changed.
    @ObservationIgnored private var shownNodes: [ElementID: NavigationNode<Route>]?
    @ObservationIgnored private var observation: FlowChangeObservation?
    @ObservationIgnored private var wake: Task<Void, Never>?
    @ObservationIgnored private var checkScheduled = false
    /// Cleared by a restore until the display has moved toward it.
    @ObservationIgnored private var nextAnimates = true
    @ObservationIgnored private var isActive = true
    @ObservationIgnored private var changedWhileInactive = false
    /// Alert content seen last, so that an alert on its way out keeps its buttons.
    @ObservationIgnored private var lastAlert: (id: ElementID, display: AlertDisplay)?
    /// The root element's id, as shown.
    private(set) var rootID: ElementID
    /// Bumped when the scene becomes active after the state changed meanwhile: each stack view
    /// checks whether it still shows the state, since SwiftUI may have dropped path writes.
    private(set) var resyncRequest = 0

    /// Starts following `flow` at once, so that no change made before the first render is
    /// missed. A first state with nested modals (a restored one) is shown in stages, without
    /// animation: its containers and first modal, then one modal at a time.
    init(flow: Flow<Route>, scope: ElementID?, options: FlowViewOptions, screen: @escaping @MainActor (ScreenContext<Route>) -> Screen) {
        self.flow = flow
        self.scope = scope
        self.options = options
        self.screen = screen
        let state = flow.untrackedState
        let initial = scope.flatMap { state.subtree(at: $0) } ?? state
        var display = StagedDisplay(showing: initial.truncatingChain(at: 0), timing: options.staging)
        display.advance(toward: initial, animated: false, at: .now)
        self.display = display
        rootID = initial.root.id
        // Not observation tracking: an initializer called from a view body must not make that
        // body depend on the whole state.
        observation = flow.observeChanges { [weak self] cause in self?.flowWillChange(cause) }
        scheduleWakeUp()
    }

    /// The element `id` as shown. Reading it tracks that element only, or, when it does not
    /// show, the arrival of elements: a view animating away makes no observation point that
    /// would outlive it.
    func node(_ id: ElementID) -> NavigationNode<Route>? {
        let nodes = shownNodes ?? Dictionary(uniqueKeysWithValues: display.shown.nodes.map { ($0.id, $0) })
        shownNodes = nodes
        guard let node = nodes[id] else {
            absent.access()
            return nil
        }
        version(of: id).access()
        return node
    }

    /// The state as shown, for checks made outside view bodies.
    var shownState: NavigationState<Route> { display.shown }
    /// How long stages wait, as read when the view was first created.
    var timing: StageTiming { display.timing }
    /// Bumped each time what views show changes.
    @ObservationIgnored private(set) var shownChanges = 0

    /// What the alert whose content is `alert` shows, or what it showed last.
    func alertDisplay(of alert: ElementID) -> AlertDisplay? {
        if let live = flow.alertDisplay(of: alert) { lastAlert = (alert, live) }
        return lastAlert?.id == alert ? lastAlert?.display : nil
    }

    /// Reports what the user did, as the core derives it from the flow's live state. What
    /// SwiftUI already shows is acknowledged first, so no view asks SwiftUI to undo it; a
    /// report the flow refuses is undone by showing the state again (the state wins).
    ///
    /// - Parameter leaving: Whether the action starts a modal's exit animation, which the next
    ///   change of modals waits for.
    func report(leaving: Bool = false, _ derive: (NavigationState<Route>) throws(NavigationError) -> UserAction<Route>?) {
        guard let action = (try? derive(flow.untrackedState)) ?? nil else { return }
        acknowledge(action, leaving: leaving)
        try? flow.apply(action)
        if !checkScheduled { step() }
    }

    /// Taps button `index` of the alert whose content is `alert`: SwiftUI has closed it already.
    func tapAlertButton(_ index: Int, of alert: ElementID) {
        guard flow.alertDisplay(of: alert) != nil else { return }
        acknowledge(.dismissed(modal: alert), leaving: true)
        try? flow.tapAlertButton(index, of: alert)
        if !checkScheduled { step() }
    }

    private func acknowledge(_ action: UserAction<Route>, leaving: Bool) {
        let old = display.shown
        display.acknowledge(action, leaving: leaving, at: .now)
        render(from: old, animated: true)
    }

    /// Called when the scene's phase changes: when the scene becomes active after what shows
    /// changed meanwhile (by the flow or by a stage the clock advanced), stack views check what
    /// they show.
    func sceneBecame(active: Bool) {
        isActive = active
        if active, changedWhileInactive {
            changedWhileInactive = false
            resyncRequest += 1
        }
    }

    /// What the views move toward: the flow's state, or the subtree this renderer draws (kept
    /// as shown once the flow no longer has it).
    private var target: NavigationState<Route> {
        let state = flow.untrackedState
        guard let scope else { return state }
        return state.subtree(at: scope) ?? display.shown
    }

    /// Called when a presented modal appeared or a dismissed one finished leaving: once the
    /// report names the transition under way and its settle time passed, the next change
    /// shows, one main-actor turn later. Late reports, of earlier stages, are ignored.
    func transitionEnded(_ report: StageTransition.Report) {
        guard display.report(report, at: .now) else { return }
        Task { [weak self] in
            await Task.yield()
            self?.step()
        }
    }

    /// The flow is about to commit a change: plan it one main-actor turn later, so that the
    /// changes made together are shown together. Views keep showing the display meanwhile.
    private func flowWillChange(_ cause: FlowEvent<Route>.Cause) {
        if cause == .restore { nextAnimates = false }
        guard !checkScheduled else { return }
        checkScheduled = true
        Task { [weak self] in
            self?.checkScheduled = false
            self?.step()
        }
    }

    /// Shows the next stage toward the flow's state, or the state itself when one update
    /// reaches it, unless the transition under way holds it back.
    private func step() {
        let old = display.shown
        if display.advance(toward: target, animated: nextAnimates, at: .now) {
            nextAnimates = true
            render(from: old, animated: display.animates)
        }
        scheduleWakeUp()
    }

    /// Re-renders the elements that differ between `old` and what the display shows.
    private func render(from old: NavigationState<Route>, animated: Bool) {
        let new = display.shown
        shownNodes = nil
        guard new != old else { return }
        shownChanges += 1
        // SwiftUI may drop what it is told while the scene is inactive: stacks check it later.
        if !isActive { changedWhileInactive = true }
        let changes = new.changes(from: old)
        let update = {
            if self.rootID != new.root.id { self.rootID = new.root.id }
            for id in changes.touched.union(changes.removedIDs) { self.versions[id]?.bump() }
            if !changes.added.isEmpty { self.absent.bump() }
        }
        if animated {
            update()
        } else {
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction, update)
        }
        for id in changes.removedIDs { versions[id] = nil }
    }

    /// Steps again when the transition under way ends without a report.
    private func scheduleWakeUp() {
        wake?.cancel()
        wake = nil
        guard let wakeUp = display.wakeUp else { return }
        wake = Task { [weak self] in
            try? await Task.sleep(until: wakeUp, clock: .continuous)
            guard !Task.isCancelled else { return }
            self?.step()
        }
    }

    private func version(of id: ElementID) -> ElementVersion {
        if let version = versions[id] { return version }
        let version = ElementVersion()
        versions[id] = version
        return version
    }
}

/// The observation point of one shown element.
@MainActor
private final class ElementVersion: Observable {
    private let registrar = ObservationRegistrar()
    private var version = 0

    func access() {
        registrar.access(self, keyPath: \.version)
    }

    func bump() {
        registrar.withMutation(of: self, keyPath: \.version) { version += 1 }
    }
}
#endif
