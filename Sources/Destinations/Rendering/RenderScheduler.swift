/// A platform renderer, as ``RenderScheduler`` drives it: something that carries out one
/// ``RenderStep`` and says when its transition has finished.
///
/// A UIKit renderer maps each step to a call — `dismiss(animated:completion:)`,
/// `setViewControllers(_:animated:)`, `selectedIndex`, `present(_:animated:completion:)` — and
/// calls `done` from that call's completion (or the transition coordinator's). A step whose
/// effect already holds must call `done` at once. `done` may be called synchronously, from inside
/// `perform`.
@MainActor
package protocol RenderHost: AnyObject {
    /// The routes of the flow the host renders.
    associatedtype Route: NavigationRoute

    /// Carries out `step`, then calls `done` once its transition has finished.
    ///
    /// - Parameters:
    ///   - step: The change to make. Build the elements it names and the window does not show
    ///     yet from `target`, without their modals.
    ///   - shown: What the window shows before the step, as the scheduler knows it.
    ///   - target: The state the step's plan leads to.
    ///   - done: Call it exactly once, when the transition has finished. Later calls are
    ///     ignored.
    func perform(
        _ step: RenderStep,
        shown: NavigationState<Route>?,
        target: NavigationState<Route>,
        done: @escaping @MainActor () -> Void
    )
}

/// Runs render plans on a ``RenderHost`` one transition at a time.
///
/// Give it every new state with ``show(_:animated:)``. It plans the steps from what the window
/// shows to that state (``NavigationState/renderPlan(from:opaque:animated:)``) and starts the
/// first; each next step starts in the previous one's completion, so a presentation never
/// overlaps a dismissal. A state that arrives while a step runs is not planned at once: when the
/// step finishes, the rest of the old plan is dropped and a new plan goes from what is actually
/// shown to the newest state.
///
/// When the user changes something on screen (swipes back, swipes a sheet down, taps a tab),
/// derive the report with the `UserAction` helpers (``UserAction/stack(_:showing:in:)`` and the
/// others), apply it to the flow, then call ``acknowledge(_:)`` whether the flow accepted it or
/// not, and ``show(_:animated:)`` with the flow's state. Acknowledging records the change in
/// ``rendered``, so no step redoes it; when the flow refused the report, the next plan puts the
/// container back, because the state wins.
@MainActor
package final class RenderScheduler<Host: RenderHost> {
    /// The routes of the flow the host renders.
    package typealias Route = Host.Route

    /// The renderer that carries out the steps. The scheduler does not keep it alive.
    package private(set) weak var host: Host?
    /// The subtrees another renderer draws, as the rule was given; no step goes inside them.
    /// An element keeps the answer it had when it was first planned (``isOpaque(_:)``).
    package let opaque: OpaqueSubtrees<Route>
    /// Each element's answer to ``opaque``, from the plan that first showed it, for the
    /// elements of ``rendered`` and ``target``.
    private var opaqueAnswers: [ElementID: Bool] = [:]
    /// What the window shows, as far as finished steps and acknowledged user changes tell:
    /// `nil` before the first step.
    package private(set) var rendered: NavigationState<Route>?
    /// The newest state asked for.
    package private(set) var target: NavigationState<Route>?
    /// The step whose transition is under way, if any.
    package private(set) var current: RenderStep?

    private var animates = true
    private var plan: [RenderStep] = []
    private var planAnimates = true
    private var needsPlan = false
    private var running = false
    private var stepNumber = 0
    /// The alerts whose closing was last reported, newest last: a platform may tell a closing
    /// twice (UIKit runs an iPad popover's cancel handler and tells its delegate), and an alert
    /// leaves the list once it is presented again.
    private var closedAlerts: [ElementID] = []

    /// Creates a scheduler that drives `host`.
    ///
    /// - Parameters:
    ///   - host: The platform renderer.
    ///   - opaque: Elements whose subtrees another renderer draws, by id. Ids change when the
    ///     root is replaced or a state restored; the initializer that takes an
    ///     ``OpaqueSubtrees`` rule keeps marking the subtrees across that.
    package convenience init(host: Host, opaque: Set<ElementID> = []) {
        self.init(host: host, opaque: .ids(opaque))
    }

    /// Creates a scheduler that drives `host`, leaving to another renderer the subtrees that
    /// `opaque` marks in each state it shows.
    ///
    /// - Parameters:
    ///   - host: The platform renderer.
    ///   - opaque: Which subtrees another renderer draws, asked of each element when it is first
    ///     planned, so that the marking survives a replaced root or a restored state. An element
    ///     the window shows keeps its answer while it stays, also through a restore that keeps
    ///     it (same id, kind, route and parent); see ``isOpaque(_:)``.
    package init(host: Host, opaque: OpaqueSubtrees<Route>) {
        self.host = host
        self.opaque = opaque
    }

    /// Whether another renderer draws `node` and its subtree: the answer ``opaque`` gave when
    /// the element was first planned, kept while the element stays. A rule over what a node
    /// holds (``OpaqueSubtrees/routes(_:)`` looks at a stack's first screen) would otherwise
    /// move a live element from one renderer to the other, rebuilding the whole window, when
    /// its content changes. Elements not planned yet get the rule's answer.
    package func isOpaque(_ node: NavigationNode<Route>) -> Bool {
        opaqueAnswers[node.id] ?? opaque.contains(node)
    }

    /// ``opaque`` with each planned element's kept answer (``isOpaque(_:)``): what the plans
    /// leave to another renderer.
    package var settledOpaque: OpaqueSubtrees<Route> {
        guard !opaque.isEmpty else { return .none }
        let answers = opaqueAnswers
        let rule = opaque
        return OpaqueSubtrees { answers[$0.id] ?? rule.contains($0) }
    }

    /// Keeps the answers of the elements the window shows and asks the rule about every other
    /// element of `target` — also one a superseded plan answered, whose id a restored state may
    /// give to another element. When the root is replaced, every element is asked again.
    private func settleOpaqueAnswers(for target: NavigationState<Route>, replacingRoot: Bool) {
        guard !opaque.isEmpty else { return }
        var answers: [ElementID: Bool] = [:]
        func visit(_ root: NavigationNode<Route>, keeping: Bool) {
            var pending = [root]
            while let node = pending.popLast() {
                if answers[node.id] == nil {
                    answers[node.id] = (keeping ? opaqueAnswers[node.id] : nil) ?? opaque.contains(node)
                }
                pending.append(contentsOf: node.children)
                if let modal = node.modal { pending.append(modal.node) }
            }
        }
        if !replacingRoot, let rendered { visit(rendered.root, keeping: true) }
        visit(target.root, keeping: false)
        opaqueAnswers = answers
    }

    /// Whether no step is under way and the window shows the newest state.
    package var isIdle: Bool { current == nil && plan.isEmpty && !needsPlan }

    /// Whether the step under way changes the container `id` itself — a stack's screens, a split
    /// view's columns — or replaces the root. What the platform reports about `id` meanwhile
    /// (a navigation controller's `didShow`, a split view's `willHide` while a column step shows
    /// another column) is the step's doing, not the user's.
    package func isChanging(_ id: ElementID) -> Bool {
        switch current?.change {
        case .setStack(let stack, _)?: stack == id
        case .setColumn(_, let split, _)?: split == id
        case .setRoot?: true
        default: false
        }
    }

    /// Makes the window show `state`, after the step under way, if any.
    ///
    /// - Parameters:
    ///   - state: The state to show, usually ``Flow/state``.
    ///   - animated: Whether to animate; pass `false` for a restored state. When several states
    ///     arrive before a plan is made, the plan animates only if all of them asked for it.
    package func show(_ state: NavigationState<Route>, animated: Bool = true) {
        if needsPlan || current != nil {
            animates = animates && animated
        } else {
            animates = animated
        }
        target = state
        needsPlan = true
        advance()
    }

    /// Records a change the user already made on screen, so that no step redoes it.
    ///
    /// Call it after applying `action` to the flow, whether the flow accepted it or not, then
    /// call ``show(_:animated:)`` with the flow's state (``report(_:to:)`` does all three). It
    /// starts nothing itself. The action is applied to ``rendered`` —
    /// what the window shows — not to the flow's state: a tap on a tab can reveal a modal the
    /// window has not presented yet, and the next plan still presents it. An action that names
    /// elements the window does not show changes nothing.
    package func acknowledge(_ action: UserAction<Route>) {
        guard let rendered else { return }
        self.rendered = rendered.acknowledging(action)
        // Until the flow's state arrives, aim at what the user made: re-planning toward the old
        // target would undo the user's change only to redo it.
        target = target?.acknowledging(action)
        needsPlan = target != nil
    }

    /// The user tapped button `index` of the alert (or confirmation dialog) whose content is
    /// `alert`, which the platform has already closed, as UIKit does before a button's handler
    /// runs: the button's event goes to the flow (``Flow/tapAlertButton(_:of:)``), the window's
    /// dismissal is acknowledged, and the flow's state is shown. A late tap, on an alert the
    /// state no longer holds, changes nothing in the flow.
    ///
    /// Each presentation of an alert closes once: a second report of its closing — a tap after
    /// ``alertClosed(_:in:)``, or the other way round — changes nothing, so a button's event is
    /// never sent twice.
    package func alertButtonTapped(_ index: Int, of alert: ElementID, in flow: Flow<Route>) {
        guard markClosed(alert) else { return }
        _ = try? flow.tapAlertButton(index, of: alert)
        acknowledge(.dismissed(modal: alert))
        show(flow.state)
    }

    /// The platform closed the alert (or confirmation dialog) whose content is `alert` without
    /// a button tap: a tap outside an iPad action sheet, which is a popover that hides its
    /// cancel button and treats a tap outside as that button.
    ///
    /// When the alert has a button with the cancel role (``AlertDisplay/cancelButton``), this is
    /// that button's tap, through ``alertButtonTapped(_:of:in:)``: its event is sent, once, even
    /// when the platform also runs the button's handler. Without one it is the alert's plain
    /// dismissal, reported to the flow. A late call, for an alert the flow no longer holds,
    /// changes nothing in the flow.
    package func alertClosed(_ alert: ElementID, in flow: Flow<Route>) {
        guard !closedAlerts.contains(alert) else { return }
        if let cancel = flow.alertDisplay(of: alert)?.cancelButton {
            return alertButtonTapped(cancel, of: alert, in: flow)
        }
        markClosed(alert)
        if let action = try? UserAction.dismissal(of: alert, in: flow.state) {
            report(action, to: flow)
        } else {
            acknowledge(.dismissed(modal: alert))
            show(flow.state)
        }
    }

    /// Records that `alert` closed; `false` when its closing was already reported.
    @discardableResult
    private func markClosed(_ alert: ElementID) -> Bool {
        guard !closedAlerts.contains(alert) else { return false }
        closedAlerts.append(alert)
        if closedAlerts.count > 16 { closedAlerts.removeFirst() }
        return true
    }

    /// Reports a change the user made on screen: applies `action` to `flow`, acknowledges it,
    /// then shows the flow's state — which puts the container back when the flow refused the
    /// report.
    ///
    /// - Returns: Why the flow refused the report, or `nil` when it accepted it.
    @discardableResult
    package func report(_ action: UserAction<Route>, to flow: Flow<Route>) -> NavigationError? {
        var refusal: NavigationError?
        do {
            try flow.apply(action)
        } catch {
            refusal = error
        }
        acknowledge(action)
        show(flow.state)
        return refusal
    }

    /// Starts steps until one is under way or nothing is left to do. Steps that complete
    /// synchronously continue the loop here instead of recursing.
    private func advance() {
        guard !running else { return }
        running = true
        defer { running = false }
        while current == nil, let host, let target {
            if needsPlan {
                // A plan that replaces an unanimated one still under way (a restoration) stays
                // unanimated.
                let animated = animates && (plan.isEmpty || planAnimates)
                settleOpaqueAnswers(for: target, replacingRoot: false)
                // When the window is rebuilt, ids may name other elements now: the new state's
                // elements are asked afresh, the old state's keep their answers.
                plan =
                    target.renderPlan(
                        from: rendered, opaque: settledOpaque, afterRootReplacement: opaque, animated: animated
                    ).steps
                planAnimates = animated
                needsPlan = false
                animates = true
            }
            guard !plan.isEmpty else { return }
            let step = plan.removeFirst()
            // Until the root is replaced, the window's elements keep their answers (a
            // dismissal before it concerns them); from then on, the new state's.
            if case .setRoot = step.change { settleOpaqueAnswers(for: target, replacingRoot: true) }
            current = step
            stepNumber += 1
            let number = stepNumber
            let shown = rendered
            host.perform(step, shown: shown, target: target) { [weak self] in
                self?.finish(number, step: step, target: target)
            }
        }
    }

    private func finish(_ number: Int, step: RenderStep, target: NavigationState<Route>) {
        guard number == stepNumber, current != nil else { return }
        rendered = (rendered ?? target).applying(step, toward: target)
        current = nil
        // A modal presented again is a new presentation, which closes in its own right. Not
        // before it is on screen: the platform's second report of the old one's closing may
        // come while the new one is being presented.
        if case .present(_, let modal, _) = step.change { closedAlerts.removeAll { $0 == modal } }
        advance()
    }
}

extension NavigationState {
    /// What a window shows after the user made `action` on it: the action's effect on this
    /// state, without the flow's checks. Names this state lacks change nothing.
    public func acknowledging(_ action: UserAction<Route>) -> NavigationState {
        var result = self
        switch action {
        case .popped(let stackID, let top):
            result.modifyNode(stackID) { node in
                guard case .stack(let stack) = node.content else { return }
                var elements = stack.elements
                guard let index = elements.firstIndex(where: { $0.id == top }) else { return }
                elements.removeSubrange((index + 1)...)
                node.content = .stack(Stack(elements))
            }
        case .dismissed(let modal):
            guard let presenter = parent(of: modal), presenter.modal?.node.id == modal else { return self }
            result.modifyNode(presenter.id) { node in node.presented = nil }
        case .selectedTab(let tab, let tabsID):
            result.modifyNode(tabsID) { node in
                guard case .tabs(var tabs) = node.content, tabs.ids.contains(tab), tabs.selection != tab else { return }
                // Leaving a tab dismisses the modals inside it, as the flow does.
                let left = tabs.selectedIndex
                tabs._tabs[left].node = tabs._tabs[left].node.withoutModals
                tabs._selection = tab
                node.content = .tabs(tabs)
            }
        case .arrangedTabs(let arrangement, let tabsID):
            result.modifyNode(tabsID) { node in
                guard case .tabs(let tabs) = node.content, let arranged = tabs.arranged(arrangement) else { return }
                node.content = .tabs(arranged)
            }
        case .tappedTabAction:
            // The platform shows nothing until the flow presents what the item declares.
            break
        case .closedColumn(let shown):
            guard let splitNode = parent(of: shown), case .split(var split) = splitNode.content,
                let column = split.filledColumns.first(where: { $0.node.id == shown })?.column, column != .sidebar
            else { return self }
            for closed in split.columns.drop(while: { $0 != column }) { split.set(closed, to: nil) }
            result.modifyNode(splitNode.id) { node in node.content = .split(split) }
        case .movedSheet(let detent, let modal):
            guard let presenter = parent(of: modal), let current = presenter.modal, current.node.id == modal,
                case .sheet(var options) = current.style
            else { return self }
            let offered = options.detents.isEmpty ? [SheetDetent.large] : options.detents
            guard (options.selectedDetent ?? offered.first) != detent else { return self }
            options.selectedDetent = detent
            result.modifyNode(presenter.id) { node in node.modal = Modal(style: .sheet(options), node: current.node) }
        case .changedWidth(let compact, let splitID):
            result.modifyNode(splitID) { node in
                guard case .split(var split) = node.content, split.isCollapsed != compact else { return }
                split.isCollapsed = compact
                node.content = .split(split)
            }
        }
        return result
    }
}
