/// What a SwiftUI renderer shows while the flow changes: the flow's state itself, or a state of
/// its own that moves toward the flow's one stage at a time.
///
/// SwiftUI applies a push, a pop, a tab switch or one modal transition in one update, but not
/// a dismissal and a presentation at once, and UIKit drops a presentation made while another
/// one is still under way. A renderer keeps one `StagedDisplay` and:
///
/// 1. calls ``freeze()`` when the flow is about to commit a change, so that views keep showing
///    what they show until the change is planned (a renderer whose views read only ``shown``
///    needs no freeze);
/// 2. calls ``advance(toward:animated:at:)`` with the flow's state once it is committed: the
///    display either goes live (``state`` is `nil`, ``shown`` is the flow's state) or shows the
///    first stage of ``NavigationState/renderStages(from:)``. When what it shows presents or
///    dismisses a modal, or is a stage with more to come, a ``transition`` starts and later
///    changes wait for it;
/// 3. reports each transition's end as the platform tells it (``report(_:at:)``: the presented
///    content's `onAppear`, a sheet's `onDismiss`) and calls ``advance(toward:animated:at:)``
///    again then, and at ``wakeUp``: a transition ends once it was reported and its settle time
///    passed, after ``StageTiming/unreportedSettle`` when it reports no end (alerts, confirmation
///    dialogs, containers), or at the ``StageTiming/timeout``;
/// 4. calls ``acknowledge(_:leaving:at:)`` with each report of the user's it makes, before
///    applying it, so that no view asks SwiftUI to undo what the user just did.
///
/// Time is passed in, never read, so tests drive it without sleeping.
///
/// ```swift
/// display.advance(toward: flow.state, animated: cause != .restore, at: .now)
/// if let wakeUp = display.wakeUp { /* call advance again at wakeUp */ }
/// ```
package struct StagedDisplay<Route: NavigationRoute>: Sendable {
    /// The state views show instead of the flow's; `nil` when they read the flow live.
    package private(set) var state: NavigationState<Route>?
    /// What views were last told to show: ``state``, or the flow's state when live.
    package private(set) var shown: NavigationState<Route>
    /// The transition under way, if any; ``advance(toward:animated:at:)`` waits for its end.
    package private(set) var transition: StageTransition?
    /// Whether the last change of ``shown`` by ``advance(toward:animated:at:)`` should animate.
    /// A change asked for without animation (a restore) stays unanimated through all its
    /// stages, even when a newer target arrives meanwhile.
    package private(set) var animates = true
    /// How long transitions take and are waited for.
    package let timing: StageTiming
    /// Whether the stages under way were asked for without animation.
    private var stagingUnanimated = false

    /// A display that shows `state`, live.
    ///
    /// - Parameters:
    ///   - state: What shows first.
    ///   - timing: How long transitions take and are waited for.
    package init(showing state: NavigationState<Route>, timing: StageTiming = StageTiming()) {
        shown = state
        self.timing = timing
    }

    /// Whether a transition is under way, as of the last call; ``advance(toward:animated:at:)``
    /// ends it once its time has come.
    package var isTransitioning: Bool { transition != nil }

    /// When the transition under way ends without any further report: the renderer calls
    /// ``advance(toward:animated:at:)`` then. `nil` without a transition.
    package var wakeUp: ContinuousClock.Instant? { transition.map { $0.end(timing) } }

    /// The flow is about to change: views keep showing what they show until the change is
    /// planned.
    package mutating func freeze() {
        if state == nil { state = shown }
    }

    /// Shows the next stage toward `target` (the flow's state), or `target` itself, live, when
    /// one update reaches it. While a transition is under way at `now` it changes nothing.
    ///
    /// - Parameters:
    ///   - target: The state to reach, usually the flow's.
    ///   - animated: Whether the change may animate; `false` for a restored state.
    ///   - now: The current time.
    /// - Returns: Whether what views show changed (or went live).
    @discardableResult
    package mutating func advance(
        toward target: NavigationState<Route>,
        animated: Bool = true,
        at now: ContinuousClock.Instant
    ) -> Bool {
        let animated = animated && !stagingUnanimated
        if let transition, now < transition.end(timing) {
            // Changes that present and dismiss nothing (a push, a tab) need not wait.
            let shownChain = shown.presentedChain
            let targetChain = target.presentedChain
            guard target.root.id == shown.root.id, targetChain.count == shownChain.count,
                shownChain.keptCount(in: targetChain) == shownChain.count, target != shown
            else { return false }
            if case .containers = transition.kind { self.transition = nil }
            animates = animated
            state = nil
            shown = target
            stagingUnanimated = false
            return true
        }
        transition = nil
        let previous = shown
        let stages = target.renderStages(from: state ?? shown)
        animates = animated
        guard stages.count > 1, let next = stages.first else {
            let changed = state != nil || shown != target
            state = nil
            shown = target
            stagingUnanimated = false
            transition = StageTransition(from: previous, to: target, isLast: true, at: now)
            return changed
        }
        state = next
        shown = next
        stagingUnanimated = !animated
        transition = StageTransition(from: previous, to: next, isLast: false, at: now)
        return true
    }

    /// Ends the transition under way now, whatever it waits for; the next
    /// ``advance(toward:animated:at:)`` may show the next stage.
    package mutating func endTransition() {
        transition = nil
    }

    /// The platform reported a transition's end. It counts only when it names the transition
    /// under way: a late report, of a stage shown before, is ignored.
    ///
    /// - Returns: Whether the report ended, or will end once its settle time passed, the
    ///   transition under way.
    @discardableResult
    package mutating func report(_ report: StageTransition.Report, at now: ContinuousClock.Instant) -> Bool {
        guard var current = transition, current.expects == report, current.reportedAt == nil else { return false }
        current.reportedAt = now
        transition = current
        return true
    }

    /// The user already made `action` on screen: show its effect now
    /// (``NavigationState/acknowledging(_:)``), before the flow applies it.
    ///
    /// - Parameters:
    ///   - action: What the user did.
    ///   - leaving: Whether the action started a modal's exit animation (a sheet swiped down,
    ///     an alert's button), which the next stage waits for.
    ///   - now: The current time.
    package mutating func acknowledge(_ action: UserAction<Route>, leaving: Bool, at now: ContinuousClock.Instant) {
        let before = state ?? shown
        let acknowledged = before.acknowledging(action)
        state = acknowledged
        shown = acknowledged
        if leaving, case .dismissed(let modal) = action,
            let left = before.presentedChain.first(where: { $0.modal == modal })
        {
            transition = StageTransition(.dismissal(left), at: now)
        }
    }
}

/// How long the stages of a SwiftUI renderer wait for their transitions.
public struct StageTiming: Hashable, Sendable {
    /// The least time between showing a sheet or a cover and the next change that presents or
    /// dismisses: SwiftUI calls the content's `onAppear` as the transition starts, and UIKit
    /// drops a presentation (an alert) made before the previous one finished. 0.5 s unless set.
    public var presentationSettle: Duration
    /// How long a transition that reports no end takes: an alert or a confirmation dialog
    /// appearing or leaving, a modal taken away with a replaced root, or the containers
    /// changing between two stages. 0.4 s unless set. No transition ends at the instant it
    /// started, even when a duration is zero: a stage always waits at least 1 ms.
    public var unreportedSettle: Duration
    /// The longest a stage waits for a transition that reports its end (the presented
    /// content's appearance, a sheet's dismissal) when the report does not come. 0.65 s
    /// unless set; never less than ``presentationSettle``.
    public var timeout: Duration

    /// Creates stage timing.
    public init(
        presentationSettle: Duration = .milliseconds(500),
        unreportedSettle: Duration = .milliseconds(400),
        timeout: Duration = .milliseconds(650)
    ) {
        self.presentationSettle = presentationSettle
        self.unreportedSettle = unreportedSettle
        self.timeout = timeout
    }
}

/// A transition a ``StagedDisplay`` waits for: a modal presented or dismissed, or containers
/// changed with more stages to come.
package struct StageTransition: Hashable, Sendable {
    /// What changed on screen.
    package enum Kind: Hashable, Sendable {
        /// A modal was presented.
        case presentation(PresentedModal)
        /// A modal was dismissed.
        case dismissal(PresentedModal)
        /// A modal left with the element that presented it (a replaced root took it away, or
        /// its presenter was popped in the same update): its presenter's view is gone, so
        /// nothing reports its end.
        case removal(PresentedModal)
        /// Containers changed (a tab, a stack, a column), with more stages to come.
        case containers
    }

    /// How a platform says that a transition ended.
    package enum Report: Hashable, Sendable {
        /// A modal's content appeared (its `onAppear`).
        case appeared(modal: ElementID)
        /// The sheet or cover `modal` that `presenter` presented finished leaving (its
        /// `onDismiss`). Naming the modal keeps a late report of an earlier sheet of the same
        /// presenter from ending a later one's dismissal.
        case dismissed(presenter: ElementID, modal: ElementID)
    }

    /// What changed on screen.
    package let kind: Kind
    /// When it was shown.
    package let started: ContinuousClock.Instant
    /// When the platform reported its end; `nil` until then.
    package internal(set) var reportedAt: ContinuousClock.Instant?

    /// A transition of `kind`, shown at `started`.
    package init(_ kind: Kind, at started: ContinuousClock.Instant) {
        self.kind = kind
        self.started = started
    }

    /// The transition from `old` to `new`: the modal presented or dismissed (or removed with a
    /// replaced root), or containers when more stages follow; `nil` when a last stage presents
    /// and dismisses nothing. A sheet whose options changed is neither.
    init?<Route>(
        from old: NavigationState<Route>, to new: NavigationState<Route>, isLast: Bool, at now: ContinuousClock.Instant
    ) {
        let oldChain = old.presentedChain
        let newChain = new.presentedChain
        guard old.root.id == new.root.id else {
            // The old root's modals leave with it (one, since one update takes them away).
            if let removed = oldChain.first {
                self.init(.removal(removed), at: now)
            } else if let presented = newChain.first {
                self.init(.presentation(presented), at: now)
            } else if !isLast {
                self.init(.containers, at: now)
            } else {
                return nil
            }
            return
        }
        let kept = oldChain.keptCount(in: newChain)
        if kept < oldChain.count {
            // A presenter removed in the same update (popped with its sheet) may never report
            // its sheet's dismissal: its view is gone.
            let leaving = oldChain[kept]
            self.init(new.contains(leaving.presenter) ? .dismissal(leaving) : .removal(leaving), at: now)
        } else if kept < newChain.count {
            self.init(.presentation(newChain[kept]), at: now)
        } else if !isLast {
            self.init(.containers, at: now)
        } else {
            return nil
        }
    }

    /// The report that ends it, or `nil` when the platform reports none (alerts, confirmation
    /// dialogs, containers, a modal removed with its presenter).
    package var expects: Report? {
        switch kind {
        case .presentation(let modal): modal.style.isOverlay ? nil : .appeared(modal: modal.modal)
        case .dismissal(let modal):
            modal.style.isOverlay ? nil : .dismissed(presenter: modal.presenter, modal: modal.modal)
        case .removal, .containers: nil
        }
    }

    /// When it ends: after its settle time once reported, or after
    /// ``StageTiming/unreportedSettle`` when it reports nothing, or at the timeout; never at
    /// the instant it started, so that two stages never show in the same update.
    package func end(_ timing: StageTiming) -> ContinuousClock.Instant {
        let earliest = started + .milliseconds(1)
        guard expects != nil else { return max(started + timing.unreportedSettle, earliest) }
        let settle: Duration = if case .presentation = kind { timing.presentationSettle } else { .zero }
        guard let reportedAt else { return max(started + max(timing.timeout, settle), earliest) }
        return max(reportedAt, started + settle, earliest)
    }
}
