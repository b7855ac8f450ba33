extension UserAction {
    /// The report for a stack whose container now shows `showing` (root first), after a swipe
    /// back, the back button or its long-press menu; `nil` when `state` already shows that.
    ///
    /// Call it from every callback a stack container gives (`navigationController(_:didShow:)`, a
    /// `NavigationStack` path setter): after a programmatic change the container shows what the
    /// state says and the answer is `nil`. Pass the state the container was last told to show —
    /// `RenderScheduler.rendered` for a UIKit renderer — so that a step still under way is not
    /// mistaken for the user's change.
    ///
    /// - Returns: ``popped(stack:to:)`` naming the new top, or `nil` when nothing changed or
    ///   the stack is gone (a late report).
    /// - Throws: ``NavigationError/staleUserAction(_:)`` when what shows is not the bottom of the
    ///   stack: a screen the stack does not hold (``UserActionProblem/notInStack(_:stack:)``),
    ///   or an element that is not a stack.
    public static func stack(
        _ stack: ElementID,
        showing: [ElementID],
        in state: NavigationState<Route>
    ) throws(NavigationError) -> UserAction? {
        guard let node = state.node(stack) else { return nil }
        guard case .stack(let elements) = node.content else { throw .staleUserAction(.notAStack(stack)) }
        guard let top = showing.last else { return nil }
        let ids = elements.elements.map { $0.id }
        for (index, id) in showing.enumerated() where index >= ids.count || ids[index] != id {
            throw .staleUserAction(.notInStack(id, stack: stack))
        }
        return showing.count == ids.count ? nil : .popped(stack: stack, to: top)
    }

    /// The report for the modal whose content is `modal`, after the user dismissed it (swiped a
    /// sheet down, the platform closed an alert); `nil` when `state` no longer presents it — a
    /// dismissal the state made itself, or a duplicate.
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` with
    ///   ``UserActionProblem/notAModal(_:)`` when the element is in the state but is not what a
    ///   modal shows.
    public static func dismissal(of modal: ElementID, in state: NavigationState<Route>) throws(NavigationError)
        -> UserAction?
    {
        guard let presenter = state.parent(of: modal) else {
            if state.root.id == modal { throw .staleUserAction(.notAModal(modal)) }
            return nil
        }
        guard presenter.modal?.node.id == modal else { throw .staleUserAction(.notAModal(modal)) }
        return .dismissed(modal: modal)
    }

    /// The report for a tab bar on which the user selected `tab`; `nil` when it is already the
    /// selected tab in `state`, or the tab bar is gone.
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` with ``UserActionProblem/notTabs(_:)``
    ///   for an element that is not a tab bar, ``NavigationError/unknownTab(_:tabs:)`` for a tab
    ///   the bar does not have.
    public static func tab(_ tab: TabID, of tabs: ElementID, in state: NavigationState<Route>) throws(NavigationError)
        -> UserAction?
    {
        guard let node = state.node(tabs) else { return nil }
        guard case .tabs(let bar) = node.content else { throw .staleUserAction(.notTabs(tabs)) }
        guard bar.ids.contains(tab) else { throw .unknownTab(tab, tabs: tabs) }
        return bar.selection == tab ? nil : .selectedTab(tab, tabs: tabs)
    }

    /// The report for a split view column the user closed (the back button of a collapsed split
    /// view), named by the element it showed; `nil` when `state` no longer shows that element.
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` with ``UserActionProblem/notAColumn(_:)``
    ///   when the element is not what a column shows, or
    ///   ``UserActionProblem/sidebarCannotClose(split:)`` for the sidebar.
    public static func column(showing node: ElementID, in state: NavigationState<Route>) throws(NavigationError)
        -> UserAction?
    {
        guard state.contains(node) else { return nil }
        guard let parent = state.parent(of: node), case .split(let split) = parent.content,
            let column = split.filledColumns.first(where: { $0.node.id == node })?.column
        else { throw .staleUserAction(.notAColumn(node)) }
        guard column != .sidebar else { throw .staleUserAction(.sidebarCannotClose(split: parent.id)) }
        return .closedColumn(showing: node)
    }

    /// The report for a sheet the user dragged to `detent`; `nil` when the sheet already rests
    /// there in `state`, or is gone.
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` when the element is not a sheet's
    ///   content (``UserActionProblem/notAModal(_:)``, ``UserActionProblem/notASheet(_:)``) or
    ///   the sheet does not offer the detent (``UserActionProblem/detentNotOffered(_:modal:)``).
    public static func sheet(_ modal: ElementID, movedTo detent: SheetDetent, in state: NavigationState<Route>)
        throws(NavigationError) -> UserAction?
    {
        guard state.contains(modal) else { return nil }
        guard let presenter = state.parent(of: modal), let current = presenter.modal, current.node.id == modal else {
            throw .staleUserAction(.notAModal(modal))
        }
        guard case .sheet(let options) = current.style else { throw .staleUserAction(.notASheet(modal)) }
        let offered = options.detents.isEmpty ? [SheetDetent.large] : options.detents
        guard offered.contains(detent) else { throw .staleUserAction(.detentNotOffered(detent, modal: modal)) }
        return (options.selectedDetent ?? offered.first) == detent ? nil : .movedSheet(to: detent, modal: modal)
    }
}
