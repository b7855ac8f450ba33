// Performance: the state URL figure (Benchmarks/README.md, "Figures").
/// A rule of the navigation model that a state breaks.
///
/// States built by transactions never break them. A state decoded from data or assembled from
/// nodes by hand can, and ``NavigationState/validate()`` says how.
public enum StateProblem: Hashable, Sendable {
    /// Two elements share an id.
    case duplicateID(ElementID)
    /// Two tabs of a tab bar share a name.
    case duplicateTab(TabID, tabs: ElementID)
    /// A tab bar's selected tab is hidden.
    case hiddenSelection(TabID, tabs: ElementID)
    /// A tab and an action item of a tab bar share a name.
    case duplicateTabAction(TabID, tabs: ElementID)
    /// An id is above ``ElementID/maximum``.
    case idAboveMaximum(ElementID)
    /// A stack holds a container; stacks hold screens.
    case stackHoldsContainer(stack: ElementID, element: ElementID)
    /// A two-column split view shows something in its content column.
    case contentInTwoColumnSplit(ElementID)
    /// An alert or a confirmation dialog (its content is given) shows something other than one
    /// screen that presents nothing.
    case overlayNotAScreen(ElementID)
    /// A modal (its content is given) is not on the focus path: it would not show, since a
    /// window shows one chain of presentations.
    case modalOffFocus(ElementID)
}

extension NavigationState {
    /// Checks the rules of the model: unique ids at most ``ElementID/maximum``, stacks of
    /// screens, a two-column split without a content column, alerts and dialogs that show one
    /// screen, and one presentation chain (every modal on the focus path).
    ///
    /// ``Flow/restore(_:)`` and decoding run it, so a state that breaks a rule never reaches a
    /// flow.
    ///
    /// - Throws: ``NavigationError/corruptState(_:)`` with the first problem found.
    /// - Complexity: O(*n*) in the number of elements.
    public func validate() throws(NavigationError) {
        if let problem = firstProblem { throw .corruptState(problem) }
    }

    /// The first rule the state breaks, in pre-order.
    @inlinable
    var firstProblem: StateProblem? {
        // The commonest state, a root stack of a few screens that present nothing, breaks a rule
        // only by its ids: compared pairwise in place, with no buffer. Any doubt takes the full walk.
        if case .stack(let stack) = root.content, root.presented == nil, root.id.isValid, stack.count <= 16,
            stack.top.node.presented == nil, stack.top.presenterBelow == nil
        {
            var link: Stack<Route>.Link? = stack.top
            var clean = true
            while clean, let current = link {
                let id = current.node.id
                clean = current.node.isScreen && id.isValid && id != root.id
                // Each link's `below` is read once per pass: every read is an exclusivity check.
                let next = current.below
                var lower = next
                while clean, let below = lower {
                    clean = below.node.id != id
                    lower = below.below
                }
                link = next
            }
            if clean { return nil }
        }
        // First as if the state kept every rule, as most do: a stack whose screens present
        // nothing has its screens checked in place, top first, instead of each going on the
        // list of elements to visit. Only a state with a problem is walked again, in pre-order,
        // for its first one.
        func walk(inPlace: Bool) -> StateProblem? {
            // Most states are small: their ids are compared in a short array, and only a state
            // of more than 16 elements pays for a hashed set.
            var few: [ElementID] = []
            few.reserveCapacity(16)
            var seen: Set<ElementID> = []
            func isNew(_ id: ElementID) -> Bool {
                if seen.isEmpty && few.count < 16 {
                    guard !few.contains(id) else { return false }
                    few.append(id)
                    return true
                }
                if seen.isEmpty { seen = Set(few) }
                return seen.insert(id).inserted
            }
            var modals: [ElementID] = []
            var pending: [NavigationNode<Route>] = []
            pending.reserveCapacity(16)
            pending.append(root)
            while let node = pending.popLast() {
                guard node.id.isValid else { return .idAboveMaximum(node.id) }
                guard isNew(node.id) else { return .duplicateID(node.id) }
                if let modal = node.modal {
                    modals.append(modal.node.id)
                    if modal.style.isOverlay, !modal.node.isScreen || modal.node.modal != nil {
                        return .overlayNotAScreen(modal.node.id)
                    }
                    pending.append(modal.node)
                }
                switch node.content {
                case .screen:
                    break
                case .stack(let stack)
                where inPlace && stack.top.node.presented == nil && stack.top.presenterBelow == nil:
                    if !seen.isEmpty || few.count + stack.count > 16 {
                        // Room for the whole stack made once, not by doubling.
                        if seen.isEmpty { seen = Set(few) }
                        seen.reserveCapacity(seen.count + stack.count)
                    }
                    for element in stack.elementsFromTop {
                        guard element.isScreen else { return .stackHoldsContainer(stack: node.id, element: element.id) }
                        guard element.id.isValid else { return .idAboveMaximum(element.id) }
                        guard isNew(element.id) else { return .duplicateID(element.id) }
                    }
                case .stack(let stack):
                    for element in stack.elementsFromTop {
                        guard element.isScreen else { return .stackHoldsContainer(stack: node.id, element: element.id) }
                        pending.append(element)
                    }
                case .tabs(let tabs):
                    var names: Set<TabID> = []
                    for tab in tabs.tabs where !names.insert(tab.id).inserted {
                        return .duplicateTab(tab.id, tabs: node.id)
                    }
                    if let action = tabs.actions.first(where: { !names.insert($0.id).inserted }) {
                        return .duplicateTabAction(action.id, tabs: node.id)
                    }
                    if tabs.hidden.contains(tabs.selection) { return .hiddenSelection(tabs.selection, tabs: node.id) }
                    pending.append(contentsOf: tabs.tabs.reversed().map { $0.node })
                case .split(let split):
                    if !split.hasContentColumn, let content = split.content {
                        return .contentInTwoColumnSplit(content.id)
                    }
                    pending.append(contentsOf: split.filledColumns.reversed().map { $0.node })
                }
            }
            return modalOffFocus(among: modals)
        }
        guard walk(inPlace: true) != nil else { return nil }
        return walk(inPlace: false)
    }

    /// The first of `modals` (the contents of the state's modals, in pre-order) that is not on
    /// the presentation chain.
    @inlinable
    func modalOffFocus(among modals: [ElementID]) -> StateProblem? {
        // Most states present nothing: then there is no chain to walk.
        guard !modals.isEmpty else { return nil }
        let chain = Set(presentedChain.map { $0.modal })
        if let offFocus = modals.first(where: { !chain.contains($0) }) { return .modalOffFocus(offFocus) }
        return nil
    }
}
