/// The steps that take what a window shows from one state to another, in the order a renderer
/// must run them.
///
/// ``NavigationState/renderPlan(from:opaque:animated:)-(_,OpaqueSubtrees<Route>,_)`` makes one. Its order follows what
/// UIKit and SwiftUI accept:
///
/// 1. **Dismissals first, outermost only.** The first modal of the chain on screen that the new
///    state does not keep is dismissed, and with it everything presented above it.
/// 2. **Container changes, outer before inner**: the root, then each container's own change
///    (a stack's screens, a tab's element, a split view's columns) before the containers inside
///    it. In a tab bar, the tabs that do not show are set up before the selection changes and
///    the tab that showed is changed after it, so a revealed tab appears in its final shape.
/// 3. **Presentations, one level at a time**, outermost first.
///
/// A renderer runs the steps one at a time, each after the previous one's transition has
/// finished; `RenderScheduler` does that.
public struct RenderPlan: Hashable, Sendable, CustomStringConvertible {
    /// The steps, in order.
    public let steps: [RenderStep]

    /// Creates a plan from its steps.
    public init(_ steps: [RenderStep]) {
        self.steps = steps
    }

    /// Whether the window already shows the target.
    public var isEmpty: Bool { steps.isEmpty }

    /// The steps, one per line.
    public var description: String {
        steps.isEmpty ? "(nothing to do)" : steps.map { $0.description }.joined(separator: "\n")
    }
}

extension NavigationState {
    /// The steps that take what a window shows from `old` to this state.
    ///
    /// - Parameters:
    ///   - old: What the window shows now; `nil` when it shows nothing yet.
    ///   - opaque: Elements whose subtrees another renderer draws (a SwiftUI subtree hosted in
    ///     UIKit, say). The plan still places them in their containers, but makes no step inside
    ///     them: not for their containers, nor for the modals they or their descendants present.
    ///     Ids change when the root is replaced or a state restored; to keep marking a subtree
    ///     across that, pass an ``OpaqueSubtrees`` rule instead.
    ///   - animated: Whether the steps animate; pass `false` for a restored state, which should
    ///     appear at once.
    /// - Returns: Dismissals (outermost only), then restyles of kept sheets whose options changed,
    ///   then container changes (outer before inner), then presentations (one level at a time).
    ///   The plan is empty when the window already shows this state.
    ///
    /// Elements are matched by id, kind and route, as ``changes(from:)`` matches them. When an
    /// element keeps its id but changes kind, route, shape (a tab bar's tabs, a split view's
    /// column count) or parent — which only a restored or hand-built state can do — the plan
    /// dismisses every modal and rebuilds the root, so that no platform view is reused for
    /// another element.
    ///
    /// - Complexity: O(*n* + *m*) in the elements of both states.
    public func renderPlan(
        from old: NavigationState?,
        opaque: Set<ElementID> = [],
        animated: Bool = true
    ) -> RenderPlan {
        renderPlan(from: old, opaque: .ids(opaque), animated: animated)
    }

    /// The steps that take what a window shows from `old` to this state, leaving alone the
    /// subtrees that `opaque` marks in either state.
    ///
    /// The same plan as the form that takes a set of ids, with opaque subtrees chosen by a rule
    /// over the nodes (``OpaqueSubtrees``), which keeps marking them after their ids change (a
    /// replaced root, a restored state).
    ///
    /// - Complexity: O(*n* + *m*) in the elements of both states, times the cost of the rule.
    public func renderPlan(
        from old: NavigationState?,
        opaque: OpaqueSubtrees<Route>,
        animated: Bool = true
    ) -> RenderPlan {
        renderPlan(from: old, opaque: opaque, afterRootReplacement: opaque, animated: animated)
    }

    /// The plan, with `newOpaque` as the rule for this state's elements when the window is
    /// rebuilt: ids may then name other elements than `opaque`'s answers were given for.
    func renderPlan(
        from old: NavigationState?,
        opaque: OpaqueSubtrees<Route>,
        afterRootReplacement newOpaque: OpaqueSubtrees<Route>,
        animated: Bool
    ) -> RenderPlan {
        var steps: [RenderStep] = []
        func add(_ change: RenderStep.Change) { steps.append(RenderStep(change, animated: animated)) }
        guard let old, old.root.id == root.id, !reusesIDs(of: old, opaque: opaque) else {
            return rootReplacement(from: old, opaque: opaque, newOpaque: newOpaque, animated: animated)
        }
        let newChain = ownChain(opaque: opaque)
        // A window can show a modal off the focus path for a moment: a presentation that
        // finished after the user tapped another tab. Dismiss such modals first.
        var shownBefore = old
        for _ in 0..<64 {
            guard let stray = shownBefore.firstModalOffFocus(opaque: opaque) else { break }
            let dismissal = RenderStep(.dismiss(presenter: stray.presenter, modal: stray.modal), animated: animated)
            steps.append(dismissal)
            shownBefore = shownBefore.applying(dismissal, toward: self)
        }
        let oldChain = shownBefore.ownChain(opaque: opaque)
        // A modal kept with other options (a sheet at another detent) is changed in place.
        let kept = oldChain.keptCount(in: newChain)
        var shown = shownBefore
        if kept < oldChain.count {
            let dismissal = RenderStep(
                .dismiss(presenter: oldChain[kept].presenter, modal: oldChain[kept].modal), animated: animated)
            steps.append(dismissal)
            shown = shown.applying(dismissal, toward: self)
        }
        for index in 0..<kept where oldChain[index].style != newChain[index].style {
            let modal = newChain[index]
            let restyle = RenderStep(
                .restyle(presenter: modal.presenter, modal: modal.modal, style: modal.style), animated: animated)
            steps.append(restyle)
            shown = shown.applying(restyle, toward: self)
        }
        Self.planContainers(root, shown: shown.root, opaque: opaque, add: add)
        for modal in newChain[kept...] {
            add(.present(presenter: modal.presenter, modal: modal.modal, style: modal.style))
        }
        return RenderPlan(steps)
    }

    /// The modals on screen that this renderer draws: ``presentedChain`` up to the first modal
    /// presented from inside an opaque subtree.
    ///
    /// - Complexity: O(*d*) in the nesting depth of the focus path.
    func ownChain(opaque: OpaqueSubtrees<Route>) -> [PresentedModal] {
        var chain: [PresentedModal] = []
        var node = root
        while !opaque.contains(node) {
            if let modal = node.modal {
                chain.append(PresentedModal(presenter: node.id, modal: modal.node.id, style: modal.style))
                node = modal.node
            } else if let (_, child) = node.focusedChild {
                node = child
            } else {
                break
            }
        }
        return chain
    }

    /// The outermost modal drawn by this renderer that is not on the focus path, if any.
    func firstModalOffFocus(opaque: OpaqueSubtrees<Route>) -> PresentedModal? {
        var onScreen: Set<ElementID> = []
        for modal in presentedChain { onScreen.insert(modal.modal) }
        var found: PresentedModal?
        var pending: [NavigationNode<Route>] = [root]
        while found == nil, let node = pending.popLast() {
            if opaque.contains(node) { continue }
            if let modal = node.modal {
                if !onScreen.contains(modal.node.id) {
                    found = PresentedModal(presenter: node.id, modal: modal.node.id, style: modal.style)
                    break
                }
                pending.append(modal.node)
            }
            pending.append(contentsOf: node.children)
        }
        return found
    }

    /// The plan that rebuilds the window: the outermost modal `old` shows dismissed (with
    /// `opaque` as the old state's rule), the root set, then this state's own modals presented
    /// (with `newOpaque`).
    func rootReplacement(
        from old: NavigationState?,
        opaque: OpaqueSubtrees<Route>,
        newOpaque: OpaqueSubtrees<Route>,
        animated: Bool
    ) -> RenderPlan {
        var steps: [RenderStep] = []
        func add(_ change: RenderStep.Change) { steps.append(RenderStep(change, animated: animated)) }
        if let outermost = old?.ownChain(opaque: opaque).first {
            add(.dismiss(presenter: outermost.presenter, modal: outermost.modal))
        }
        add(.setRoot(root.id))
        for modal in ownChain(opaque: newOpaque) {
            add(.present(presenter: modal.presenter, modal: modal.modal, style: modal.style))
        }
        return RenderPlan(steps)
    }

    /// What makes an element the same element for a renderer.
    private struct RenderIdentity: Hashable {
        let parent: ElementID?
        let kind: NodeKind
        let route: Route?
        let hasContentColumn: Bool?
        let opaque: Bool

        init(_ node: NavigationNode<Route>, parent: ElementID?, opaque: OpaqueSubtrees<Route>) {
            self.parent = parent
            kind = node.kind
            route = node.route
            hasContentColumn = node.split?.hasContentColumn
            self.opaque = opaque.contains(node)
        }
    }

    /// Whether an id of `old` names another element here: another kind, route, shape or parent,
    /// or an element that became opaque or stopped being so.
    private func reusesIDs(of old: NavigationState, opaque: OpaqueSubtrees<Route>) -> Bool {
        var identities: [ElementID: RenderIdentity] = [:]
        Self.visitWithParents(old.root) { node, parent in
            identities[node.id] = RenderIdentity(node, parent: parent, opaque: opaque)
        }
        var reused = false
        Self.visitWithParents(root) { node, parent in
            if let before = identities[node.id], before != RenderIdentity(node, parent: parent, opaque: opaque) {
                reused = true
            }
        }
        return reused
    }

    private static func visitWithParents(
        _ root: NavigationNode<Route>,
        _ body: (NavigationNode<Route>, ElementID?) -> Void
    ) {
        var pending: [(NavigationNode<Route>, ElementID?)] = [(root, nil)]
        while let (node, parent) = pending.popLast() {
            body(node, parent)
            for child in node.children { pending.append((child, node.id)) }
            if let modal = node.modal { pending.append((modal.node, node.id)) }
        }
    }

    /// The container steps inside `new`, which the window shows as `shown` (the same element).
    private static func planContainers(
        _ new: NavigationNode<Route>,
        shown: NavigationNode<Route>,
        opaque: OpaqueSubtrees<Route>,
        add: (RenderStep.Change) -> Void
    ) {
        guard !opaque.contains(new) else { return }
        switch (new.content, shown.content) {
        case (.stack(let stack), .stack(let before)):
            if !stack.hasSameElements(as: before) { add(.setStack(new.id, elements: stack.elements.map { $0.id })) }
            var presenters: [ElementID: NavigationNode<Route>] = [:]
            for element in before.elementsFromTop where element.modal != nil { presenters[element.id] = element }
            guard !presenters.isEmpty else { break }
            for element in stack.elementsFromTop where element.modal != nil {
                if let before = presenters[element.id] {
                    planContainers(element, shown: before, opaque: opaque, add: add)
                }
            }
        case (.tabs(let tabs), .tabs(let before)):
            if tabs.ids != before.ids || tabs.hidden != before.hidden || tabs.actions != before.actions {
                add(.setTabs(new.id, tabs: tabs.ids))
            }
            let showing = tabs.ids.firstIndex(of: before.selection)
            func planTab(_ index: Int) {
                let tab = tabs.tabs[index]
                guard let old = before.tabs.first(where: { $0.id == tab.id })?.node else { return }
                if tab.node.id != old.id {
                    add(.setTab(tab.id, index: index, tabs: new.id, node: tab.node.id))
                } else {
                    planContainers(tab.node, shown: old, opaque: opaque, add: add)
                }
            }
            for index in tabs.tabs.indices where index != showing { planTab(index) }
            if tabs.selection != before.selection {
                add(.selectTab(tabs.selection, index: tabs.selectedIndex, tabs: new.id))
            }
            if let showing { planTab(showing) }
        case (.split(let split), .split(let before)):
            for column in split.columns where split[column]?.id != before[column]?.id {
                add(.setColumn(column, split: new.id, node: split[column]?.id))
            }
            for column in split.columns {
                if let node = split[column], let old = before[column], node.id == old.id {
                    planContainers(node, shown: old, opaque: opaque, add: add)
                }
            }
        default:
            break
        }
        if let modal = new.modal, let before = shown.modal, modal.node.id == before.node.id {
            planContainers(modal.node, shown: before.node, opaque: opaque, add: add)
        }
    }
}

extension NavigationState {
    /// What a window shows after it runs `step` on this state, building new elements from
    /// `target` (the state the step's plan leads to) without their modals.
    ///
    /// A renderer that keeps track of what it shows — `RenderScheduler` does — applies each
    /// finished step with it. A step that names elements this state or `target` lacks changes
    /// what it can and ignores the rest.
    ///
    /// - Complexity: O(*d*) for modal steps; O(*n*) in the elements a container step builds.
    public func applying(_ step: RenderStep, toward target: NavigationState) -> NavigationState {
        var result = self
        switch step.change {
        case .setRoot(let id):
            guard let node = target.root.id == id ? target.root : target.node(id) else { return self }
            result.root = node.withoutModals
        case .dismiss(let presenter, let modal):
            result.modifyNode(presenter) { node in
                if node.modal?.node.id == modal { node.presented = nil }
            }
        case .setStack(let id, let elements):
            var built: [ElementID: NavigationNode<Route>] = [:]
            if let stack = target.node(id)?.stack {
                for element in stack.elementsFromTop { built[element.id] = element }
            }
            result.modifyNode(id) { node in
                guard case .stack(let stack) = node.content else { return }
                var shown: [ElementID: NavigationNode<Route>] = [:]
                for element in stack.elementsFromTop { shown[element.id] = element }
                let nodes = elements.compactMap { id -> NavigationNode<Route>? in
                    if let kept = shown[id], built[id] == nil || built[id]?.route == kept.route { return kept }
                    return built[id]?.withoutModals
                }
                if !nodes.isEmpty { node.content = .stack(Stack(nodes)) }
            }
        case .setTab(let tab, let index, let tabs, let id):
            guard let built = target.node(id)?.withoutModals else { return self }
            result.modifyNode(tabs) { node in
                guard case .tabs(var bar) = node.content, bar.tabs.indices.contains(index), bar.tabs[index].id == tab
                else { return }
                bar._tabs[index].node = built
                node.content = .tabs(bar)
            }
        case .setTabs(let bar, let ids):
            guard let wanted = target.node(bar)?.tabs else { return self }
            result.modifyNode(bar) { node in
                guard case .tabs(let shown) = node.content else { return }
                var changed = wanted
                changed._tabs = ids.compactMap { id in
                    guard var tab = wanted.tabs.first(where: { $0.id == id }) else { return nil }
                    if let kept = shown.tabs.first(where: { $0.id == id && $0.node.id == tab.node.id }) {
                        tab.node = kept.node
                    } else {
                        tab.node = tab.node.withoutModals
                    }
                    return tab
                }
                // The selection is a step of its own, unless the tab it names is gone.
                if changed.ids.contains(shown.selection), !changed.hidden.contains(shown.selection) {
                    changed._selection = shown.selection
                }
                guard !changed._tabs.isEmpty else { return }
                node.content = .tabs(changed)
            }
        case .selectTab(let tab, _, let tabs):
            result.modifyNode(tabs) { node in
                guard case .tabs(var bar) = node.content, bar.ids.contains(tab) else { return }
                bar._selection = tab
                node.content = .tabs(bar)
            }
        case .setColumn(let column, let split, let id):
            let built = id.flatMap { target.node($0)?.withoutModals }
            if id != nil, built == nil { return self }
            result.modifyNode(split) { node in
                guard case .split(var columns) = node.content, columns.columns.contains(column) else { return }
                if column == .sidebar, built == nil { return }
                columns.set(column, to: built)
                node.content = .split(columns)
            }
        case .present(let presenter, let modal, let style):
            guard let content = target.node(modal)?.withoutModals else { return self }
            result.modifyNode(presenter) { node in
                node.modal = Modal(style: style, node: content)
            }
        case .restyle(let presenter, let modal, let style):
            result.modifyNode(presenter) { node in
                guard var shown = node.modal, shown.node.id == modal, shown.style.name == style.name else { return }
                shown.style = style
                node.modal = shown
            }
        }
        return result
    }

    /// The state without the modals of its chain from `count` on: what shows once the modal at
    /// position `count` of ``presentedChain`` (and everything above it) is dismissed.
    ///
    /// - Complexity: O(*d*) in the nesting depth of the focus path.
    public func truncatingChain(at count: Int) -> NavigationState {
        let chain = presentedChain
        guard count < chain.count else { return self }
        var result = self
        result.modifyNode(chain[max(count, 0)].presenter) { node in node.presented = nil }
        return result
    }

    /// Changes the node with `id` in place; does nothing when there is none.
    mutating func modifyNode(_ id: ElementID, _ body: (inout NavigationNode<Route>) -> Void) {
        guard let path = root.path(to: id) else { return }
        root.modify(at: path[...]) { (node: inout NavigationNode<Route>) in body(&node) }
    }
}

extension NavigationNode {
    /// The node and everything its containers hold, without any modal: what a renderer builds
    /// for a new element, before presenting its modals step by step.
    var withoutModals: NavigationNode {
        var node = self
        node.presented = nil
        switch content {
        case .screen:
            break
        case .stack(let stack):
            if stack.top.node.modal != nil || stack.top.presenterBelow != nil {
                node.content = .stack(Stack(stack.elements.map { $0.withoutModals }))
            }
        case .tabs(let tabs):
            node.content = .tabs(tabs.mapNodes { $0.withoutModals })
        case .split(let split):
            node.content = .split(
                Split(
                    sidebar: split.sidebar.withoutModals,
                    content: split.content?.withoutModals,
                    detail: split.detail?.withoutModals,
                    hasContentColumn: split.hasContentColumn,
                    primary: split.primary,
                    isCollapsed: split.isCollapsed
                ))
        }
        return node
    }
}
