#if canImport(SwiftUI) && !os(watchOS)
import Destinations
import Observation
import SwiftUI

/// Holds what every view of one ``FlowView`` shares: the flow, the screen builder, the options,
/// and the display state of a change shown stage by stage. A reference, so that SwiftUI
/// compares the views that hold it by identity and skips the subtrees that did not change.
@MainActor
@Observable
final class FlowRenderer<Route: NavigationRoute> {
    /// What a stage waits for before the next one shows.
    enum Expectation: Equatable {
        /// The presented content with this id appears.
        case appearance(ElementID)
        /// A sheet or cover finishes its dismissal.
        case dismissal
        /// Containers change; no modal moves.
        case containers
        /// An alert or dialog comes or goes; only the timeout tells.
        case overlay
    }

    @ObservationIgnored let flow: Flow<Route>
    @ObservationIgnored var screen: @MainActor (ScreenContext<Route>) -> AnyView
    @ObservationIgnored var options: FlowViewOptions<Route>

    /// The intermediate state shown while a change is staged; `nil` when views read the flow.
    private(set) var display: NavigationState<Route>?
    /// Counts the stages shown; the timeout of a stage names its number.
    private(set) var stage = 0
    /// Bumped to make every node view read its bindings again (re-sync).
    private(set) var generation = 0

    /// The stages still to show, the one on screen first.
    @ObservationIgnored private var stages: [NavigationState<Route>] = []
    /// What the stage on screen waits for.
    @ObservationIgnored private(set) var expected: Expectation = .containers
    /// The newest state of the flow this renderer has seen.
    @ObservationIgnored private var lastLive: NavigationState<Route>?
    /// The state the views showed when they last followed the flow live.
    @ObservationIgnored private var shownLive: NavigationState<Route>?
    @ObservationIgnored private var following = false

    init(
        flow: Flow<Route>,
        options: FlowViewOptions<Route>,
        screen: @escaping @MainActor (ScreenContext<Route>) -> AnyView
    ) {
        self.flow = flow
        self.options = options
        self.screen = screen
    }

    /// The element `id` as the views show it: from the display state while a change is staged,
    /// from the flow otherwise (which tracks that element only).
    func node(_ id: ElementID) -> NavigationNode<Route>? {
        _ = generation
        if let display { return display.node(id) }
        return flow.node(id)
    }

    /// Follows the flow's changes, staging those SwiftUI cannot show in one update.
    func follow() async {
        guard !following else { return }
        following = true
        defer { following = false }
        lastLive = flow.state
        shownLive = lastLive
        for await _ in flow.events() {
            update(to: flow.state)
        }
    }

    /// Shows `target`: at once when one update reaches it from what shows, stage by stage
    /// otherwise.
    private func update(to target: NavigationState<Route>) {
        guard target != lastLive else { return }
        lastLive = target
        if display != nil, let onScreen = stages.first {
            // The stage on screen keeps waiting for its transition; what follows it is planned
            // anew toward the newest state.
            stages = [onScreen] + target.renderStages(from: onScreen)
            return
        }
        let previous = shownLive
        let staged = target.renderStages(from: previous)
        shownLive = target
        guard staged.count > 1 else { return }
        stages = staged
        show(staged[0], after: previous)
    }

    /// Puts stage `next` on screen and says what it waits for.
    private func show(_ next: NavigationState<Route>, after previous: NavigationState<Route>?) {
        let before = previous?.presentedChain ?? []
        let after = next.presentedChain
        if after.count > before.count, let added = after.last {
            expected = added.style.isOverlay ? .overlay : .appearance(added.modal)
        } else if after.count < before.count, let removed = before.last {
            expected = removed.style.isOverlay ? .overlay : .dismissal
        } else {
            expected = .containers
        }
        if stages.count <= 1 {
            finish()
        } else {
            display = next
            stage += 1
            options.onStage?(next)
        }
    }

    /// Shows the next stage, if stage `number` is still on screen.
    func advance(from number: Int) {
        guard number == stage, display != nil, !stages.isEmpty else { return }
        let previous = stages.removeFirst()
        guard let next = stages.first else { return finish() }
        show(next, after: previous)
    }

    /// Returns the views to the flow's live state.
    private func finish() {
        stages = []
        shownLive = lastLive
        guard display != nil else { return }
        display = nil
        stage += 1
        options.onStage?(nil)
    }

    /// The content of a modal appeared: a stage that presented it moves on, one turn later.
    func modalAppeared(_ id: ElementID) {
        guard display != nil, expected == .appearance(id) else { return }
        let number = stage
        Task { @MainActor [weak self] in
            await Task.yield()
            self?.advance(from: number)
        }
    }

    /// A sheet or cover finished its dismissal: a stage that dismissed it moves on.
    func modalDismissed() {
        guard display != nil, expected == .dismissal else { return }
        advance(from: stage)
    }

    /// How long stage `number` may wait for its transition.
    var stageDeadline: Duration {
        expected == .containers ? options.containerStageDelay : options.stageTimeout
    }

    /// Makes every node view read its bindings again: after the scene becomes active, writes
    /// SwiftUI made while it was inactive may have been refused.
    func resync() {
        if display != nil, stages.count <= 1 { finish() }
        generation += 1
    }

    /// Applies what the user did, when the report helper found a change (`action` non-nil).
    /// A refused report changes nothing: the getters keep returning the state's value.
    func report(_ action: UserAction<Route>?) {
        guard let action else { return }
        try? flow.apply(action)
    }
}
#endif
