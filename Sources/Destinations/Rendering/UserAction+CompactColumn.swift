extension UserAction {
    /// The report for a collapsed split view that now shows `column` alone, after the user went
    /// back (the back button of a compact split view); `nil` when `column` is the focused column
    /// or one after it, or the split is gone.
    ///
    /// Going back to an earlier column closes the first filled column after it, and with it the
    /// columns after that (``closedColumn(showing:)``, named by what the column shows).
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` with ``UserActionProblem/notAColumn(_:)``
    ///   when `split` is not a split view.
    public static func compactColumn(
        _ column: SplitColumn,
        of split: ElementID,
        in state: NavigationState<Route>
    ) throws(NavigationError) -> UserAction? {
        guard let node = state.node(split) else { return nil }
        guard case .split(let columns) = node.content, let focused = node.focusedColumn else {
            throw .staleUserAction(.notAColumn(split))
        }
        let order = columns.columns
        guard let target = order.firstIndex(of: column), let current = order.firstIndex(of: focused), target < current
        else {
            return nil
        }
        guard let closing = columns.filledColumns.first(where: { (order.firstIndex(of: $0.column) ?? 0) > target })
        else {
            return nil
        }
        return .closedColumn(showing: closing.node.id)
    }

    /// The report for a collapsed split view whose `column` the platform hides — UIKit's
    /// `splitViewController(_:willHide:)` after the user's back — or `nil` when `column` is not
    /// the focused column of `split` in `state`.
    ///
    /// A collapsed split view shows the focused column alone, so only hiding that column can be
    /// the user's back. A column step that shows another column (a programmatic `show`, after
    /// the step made that column the focused one) hides the one before it, which is not the
    /// user's. Ask with the state the window showed when the hiding began, and again with the
    /// state it shows when the transition has finished: when a step changed the focus
    /// meanwhile, the second answer is `nil`.
    public static func hiddenColumn(_ column: SplitColumn, of split: ElementID, in state: NavigationState<Route>)
        -> UserAction?
    {
        guard let node = state.node(split), node.focusedColumn == column, let shown = node.split?[column] else {
            return nil
        }
        return try? self.column(showing: shown.id, in: state)
    }
}
