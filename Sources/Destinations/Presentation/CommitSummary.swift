// Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
/// What a committed change did, as a flow needs it to run the lifecycle. The public
/// ``NavigationChanges`` is built from it only for subscribers and observers.
@usableFromInline struct CommitSummary<Route: NavigationRoute> {
    /// The screens added.
    @usableFromInline let added: [NavigationNode<Route>]
    /// The screens removed.
    @usableFromInline let removed: [NavigationNode<Route>]
    /// Every element removed.
    @usableFromInline let removedIDs: IDSet
    /// The elements touched, when they were worked out.
    @usableFromInline let touched: IDSet?
    /// Whether the change may have presented a modal: the flow records a presented modal's
    /// presenter only then, instead of walking the focus on every change.
    @usableFromInline let mayPresentModal: Bool

    @inlinable
    init(
        added: [NavigationNode<Route>], removed: [NavigationNode<Route>], removedIDs: IDSet, touched: IDSet?,
        mayPresentModal: Bool = true
    ) {
        self.added = added
        self.removed = removed
        self.removedIDs = removedIDs
        self.touched = touched
        self.mayPresentModal = mayPresentModal
    }

    /// Whether the change changed nothing; known whenever nothing was added or removed.
    @inlinable
    var isEmpty: Bool { added.isEmpty && removed.isEmpty && (touched?.isEmpty ?? false) }

    /// The public record of the change.
    var changes: NavigationChanges<Route> {
        NavigationChanges(added: added, removed: removed, touched: touched?.asSet ?? [], removedIDs: removedIDs.asSet)
    }
}
