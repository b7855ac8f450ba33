extension NavigationNode {
    /// The column of this split view that holds the focus — the one a collapsed split view
    /// shows (UIKit's `topColumnForCollapsingToProposedTopColumn`, SwiftUI's
    /// `preferredCompactColumn`); `nil` when the element is not a split view.
    ///
    /// It is the column the split declares primary (``Split/primary``) when that column is
    /// filled, or else the last filled column, unless another column presents a modal along
    /// the focus, which then keeps the focus.
    ///
    /// - Complexity: O(*d*) in the nesting depth below the split view.
    public var focusedColumn: SplitColumn? {
        guard case .split = content, let (step, _) = focusedChild, case .column(let column) = step else { return nil }
        return column
    }
}
