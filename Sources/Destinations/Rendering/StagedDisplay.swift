/// What a SwiftUI renderer shows while the flow changes: the flow's state itself, or a state of
/// its own that moves toward the flow's one stage at a time.
///
/// SwiftUI applies a push, a pop, a tab switch or one modal transition in one update, but not
/// a dismissal and a presentation at once. A renderer keeps one `StagedDisplay` and:
///
/// 1. calls ``freeze()`` when the flow is about to commit a change, so that views keep showing
///    what they show until the change is planned;
/// 2. calls ``advance(toward:)`` with the flow's state once it is committed: the display either
///    goes live (``state`` is `nil`, views read the flow) or shows the first stage of
///    ``NavigationState/renderStages(from:)`` and waits for its transition;
/// 3. calls ``endTransition()`` when that transition ended (a sheet's dismissal, the presented
///    content's appearance, or a timeout), then ``advance(toward:)`` again;
/// 4. calls ``acknowledge(_:leaving:)`` with each report it makes, before applying it, so that
///    no view asks SwiftUI to undo what the user just did.
///
/// ```swift
/// display.freeze()                        // the flow's observation fired
/// display.advance(toward: flow.state)     // one main-actor turn later
/// if display.isTransitioning { /* wait for onDismiss / onAppear, or a timeout */ }
/// ```
public struct StagedDisplay<Route: NavigationRoute>: Sendable {
    /// The state views show instead of the flow's; `nil` when they read the flow live.
    public private(set) var state: NavigationState<Route>?
    /// What views were last told to show: ``state``, or the flow's state when live.
    public private(set) var shown: NavigationState<Route>
    /// Whether a modal transition is under way; ``advance(toward:)`` waits for
    /// ``endTransition()``.
    public private(set) var isTransitioning = false

    /// A display that shows `state`, live.
    public init(showing state: NavigationState<Route>) {
        shown = state
    }

    /// The flow is about to change: views keep showing what they show until the change is
    /// planned.
    public mutating func freeze() {
        if state == nil { state = shown }
    }

    /// Shows the next stage toward `target` (the flow's state), or `target` itself, live, when
    /// one update reaches it. While a transition is under way it changes nothing.
    ///
    /// - Returns: Whether what views show changed.
    @discardableResult
    public mutating func advance(toward target: NavigationState<Route>) -> Bool {
        guard !isTransitioning else { return false }
        let stages = target.renderStages(from: state ?? shown)
        guard stages.count > 1, let next = stages.first else {
            state = nil
            shown = target
            return true
        }
        state = next
        shown = next
        isTransitioning = true
        return true
    }

    /// The transition under way ended; the next ``advance(toward:)`` may show the next stage.
    public mutating func endTransition() {
        isTransitioning = false
    }

    /// The user already made `action` on screen: show its effect now
    /// (``NavigationState/acknowledging(_:)``), before the flow applies it.
    ///
    /// - Parameter leaving: Whether the action started a modal's exit animation (a sheet
    ///   swiped down, an alert's button), which the next stage waits for.
    public mutating func acknowledge(_ action: UserAction<Route>, leaving: Bool) {
        let acknowledged = (state ?? shown).acknowledging(action)
        state = acknowledged
        shown = acknowledged
        if leaving { isTransitioning = true }
    }
}
