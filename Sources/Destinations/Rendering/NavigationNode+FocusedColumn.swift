extension NavigationNode {
    /// The column of this split view that holds the focus — the one a collapsed split view
    /// shows (UIKit's `topColumnForCollapsingToProposedTopColumn`, SwiftUI's
    /// `preferredCompactColumn`); `nil` when the element is not a split view.
    ///
    /// It is the last filled column, unless an earlier column presents a modal along the focus,
    /// which then keeps the focus.
    ///
    /// - Complexity: O(*d*) in the nesting depth below the split view.
    public var focusedColumn: SplitColumn? {
        guard case .split = content, let (step, _) = focusedChild, case .column(let column) = step else { return nil }
        return column
    }
}
