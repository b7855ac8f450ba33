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
        guard let target = order.firstIndex(of: column), let current = order.firstIndex(of: focused), target < current else {
            return nil
        }
        guard let closing = columns.filledColumns.first(where: { (order.firstIndex(of: $0.column) ?? 0) > target }) else {
            return nil
        }
        return .closedColumn(showing: closing.node.id)
    }
}
