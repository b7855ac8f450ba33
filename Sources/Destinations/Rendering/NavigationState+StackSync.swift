extension NavigationState {
    /// Whether the stack view of `stack` must be rebuilt from this state, given the screens of
    /// it whose views have appeared and not disappeared since (`appeared`).
    ///
    /// SwiftUI can drop a path write (one made while a push animates, or while the scene is
    /// inactive), and then shows another path than the state's. The view is in step when the
    /// state's top screen appeared and nothing it shows has left the stack. A stack none of
    /// whose screens shows (in a tab not selected, under a full-screen cover) is not rebuilt:
    /// it is checked again when a screen of it appears.
    ///
    /// - Parameters:
    ///   - stack: The stack element's id.
    ///   - appeared: The screens whose views appeared and did not disappear since.
    /// - Returns: `false` as well when `stack` is not a stack of this state.
    package func stackNeedsRebuild(_ stack: ElementID, appeared: Set<ElementID>) -> Bool {
        guard !appeared.isEmpty, case .stack(let screens)? = node(stack)?.content else { return false }
        let ids = Set(screens.elements.map(\.id))
        return !appeared.contains(screens.topNode.id) || !appeared.isSubset(of: ids)
    }
}
