#if canImport(SwiftUI)
import Observation
import SwiftUI

/// What every view of a ``FlowView`` shares: the flow, the screen builder, the options, and the
/// display state of a change shown in stages.
///
/// Views read elements through ``node(_:)``: the flow's element, live, unless a change is being
/// staged, in which case the stage's element. Only views that read during a stage track
/// ``stageVersion``, so a change that needs no stages re-renders only the elements it touched.
@MainActor @Observable
final class FlowRenderer<Route: NavigationRoute, Screen: View> {
    @ObservationIgnored let flow: Flow<Route>
    /// The options and the screen builder of the latest `FlowView` value.
    @ObservationIgnored var options: FlowViewOptions
    @ObservationIgnored var screen: @MainActor (ScreenContext<Route>) -> Screen
    /// What the views show: the flow's state, live, or a frozen or staged state of its own
    /// (the core's stager); `nil` until the renderer observes the flow.
    @ObservationIgnored private var staged: StagedDisplay<Route>?
    @ObservationIgnored private var fallback: Task<Void, Never>?
    @ObservationIgnored private var checkScheduled = false
    @ObservationIgnored private var isObserving = false
    @ObservationIgnored private var isActive = true
    @ObservationIgnored private var changedWhileInactive = false
    /// Alert content seen last, so that an alert on its way out keeps its buttons.
    @ObservationIgnored private var lastAlert: (id: ElementID, display: AlertDisplay)?
    /// Bumped whenever the display state changes; read only while there is one.
    private(set) var stageVersion = 0
    /// Bumped when the scene becomes active after the state changed meanwhile: stacks rebuild
    /// from the state, since SwiftUI may have dropped path writes while inactive.
    private(set) var syncGeneration = 0

    private var display: NavigationState<Route>? { staged?.state }
    private var transitioning: Bool { staged?.isTransitioning ?? false }

    init(flow: Flow<Route>, options: FlowViewOptions, screen: @escaping @MainActor (ScreenContext<Route>) -> Screen) {
        self.flow = flow
        self.options = options
        self.screen = screen
    }

    /// The root element's id, as shown.
    var rootID: ElementID {
        let live = flow.rootID
        guard let display else { return live }
        _ = stageVersion
        return display.root.id
    }

    /// The element `id` as shown: the flow's, or the display state's during a stage. Reading it
    /// tracks that element only (and the stage while there is one).
    func node(_ id: ElementID) -> NavigationNode<Route>? {
        let live = flow.node(id)
        guard let display else { return live }
        _ = stageVersion
        return display.node(id)
    }

    /// The state as shown, for checks made outside view bodies.
    var shownState: NavigationState<Route> { display ?? flow.state }

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
    ///   stage waits for.
    func report(leaving: Bool = false, _ derive: (NavigationState<Route>) throws(NavigationError) -> UserAction<Route>?) {
        guard let action = (try? derive(flow.state)) ?? nil else { return }
        acknowledge(action, leaving: leaving)
        try? flow.apply(action)
        if !checkScheduled, !transitioning { step() }
    }

    /// Taps button `index` of the alert whose content is `alert`: SwiftUI has closed it already.
    func tapAlertButton(_ index: Int, of alert: ElementID) {
        guard flow.alertDisplay(of: alert) != nil else { return }
        acknowledge(.dismissed(modal: alert), leaving: true)
        try? flow.tapAlertButton(index, of: alert)
        if !checkScheduled, !transitioning { step() }
    }

    private func acknowledge(_ action: UserAction<Route>, leaving: Bool) {
        staged?.acknowledge(action, leaving: leaving)
        stageVersion += 1
        if leaving { armFallback() }
    }

    /// Called when the scene's phase changes: starts observing the flow, and re-syncs stacks
    /// when the state changed while the scene was inactive.
    func sceneBecame(active: Bool) {
        startObserving()
        isActive = active
        if active, changedWhileInactive {
            changedWhileInactive = false
            syncGeneration += 1
        }
    }

    /// Called when a presented modal appeared or a dismissed one finished leaving: the next
    /// stage may show, one main-actor turn later.
    func transitionEnded() {
        guard transitioning else { return }
        Task { [weak self] in
            await Task.yield()
            self?.advance()
        }
    }

    /// Starts observing the flow, once. A first state with nested modals (a restored one) is
    /// shown in stages too: its containers first, then one modal at a time.
    func startObserving() {
        guard !isObserving else { return }
        isObserving = true
        let initial = flow.state
        if initial.presentedChain.count > 1 {
            var display = StagedDisplay(showing: initial.truncatingChain(at: 0))
            display.freeze()
            display.advance(toward: initial)
            staged = display
            armFallback()
        } else {
            staged = StagedDisplay(showing: initial)
        }
        observe()
    }

    private func observe() {
        withObservationTracking {
            _ = flow.state
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.flowWillChange() }
        }
    }

    /// The flow is about to commit a change: freeze what shows until the change is planned, so
    /// that SwiftUI never sees a jump it cannot animate.
    private func flowWillChange() {
        staged?.freeze()
        if !isActive { changedWhileInactive = true }
        guard !checkScheduled else { return }
        checkScheduled = true
        Task { [weak self] in self?.flowDidChange() }
    }

    private func flowDidChange() {
        checkScheduled = false
        observe()
        guard !transitioning else { return }
        step()
    }

    /// Shows the next stage toward the flow's state, or the state itself when one update
    /// reaches it.
    private func step() {
        guard !transitioning, staged?.advance(toward: flow.state) == true else { return }
        stageVersion += 1
        if transitioning { armFallback() }
    }

    /// Ends the transition under way when it does not report its end in time.
    private func armFallback() {
        fallback?.cancel()
        let timeout = options.stageTimeout
        fallback = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.advance()
        }
    }

    private func advance() {
        guard transitioning else { return }
        staged?.endTransition()
        fallback?.cancel()
        fallback = nil
        guard !checkScheduled else { return }
        step()
    }
}
#endif
