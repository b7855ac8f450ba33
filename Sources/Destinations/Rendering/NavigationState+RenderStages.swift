extension NavigationState {
    /// The states a SwiftUI renderer shows one after another to go from `old` to this state:
    /// each at most one modal transition (one presentation or one dismissal) from the one
    /// before, the last one this state.
    ///
    /// SwiftUI applies a push, a pop, a multi-screen deep link, a tab switch, one sheet and a
    /// sheet's new options (another detent) in a single update, so for those the result is
    /// `[self]`; so is a replaced root that takes one modal away with it. It cannot present or dismiss several
    /// modals at once, so larger changes are staged: the modals to dismiss go one at a time,
    /// innermost first; then the containers change (one stage, when they do); then the modals
    /// to present come one at a time, outermost first. A renderer shows a stage, waits for its
    /// transition to end (a sheet's `onDismiss`, the presented content's `onAppear`), then shows
    /// the next.
    ///
    /// - Parameter old: What shows now; `nil` when nothing shows yet.
    /// - Complexity: O(*d* × *s*) for *s* stages in the nesting depth *d*, plus the comparison of
    ///   two states when containers change along with several modals.
    public func renderStages(from old: NavigationState?) -> [NavigationState] {
        let oldChain = old?.presentedChain ?? []
        let newChain = presentedChain
        // A sheet whose options changed (another detent) is kept: it changes in place.
        let kept = old?.root.id == root.id ? oldChain.keptCount(in: newChain) : 0
        guard (oldChain.count - kept) + (newChain.count - kept) > 1 else { return [self] }
        var stages: [NavigationState] = []
        if let old, oldChain.count > kept {
            for count in stride(from: oldChain.count - 1, through: kept, by: -1) {
                stages.append(old.truncatingChain(at: count))
            }
        }
        let containers = truncatingChain(at: kept)
        if (stages.last ?? old) != containers { stages.append(containers) }
        if newChain.count > kept {
            for count in (kept + 1)...newChain.count { stages.append(truncatingChain(at: count)) }
        }
        return stages
    }

    /// What a renderer that draws only the subtree whose root is the element `id` shows and
    /// stages: a state whose root is that element, with everything it holds and presents, and
    /// none of the modals around it, which another renderer presents and reports to no one
    /// this renderer hears from. `nil` when there is no element `id`.
    ///
    /// - Complexity: O(*d*) in the nesting depth of the element, when it is on the focus path.
    public func subtree(at id: ElementID) -> NavigationState? {
        node(id).map { NavigationState(root: $0) }
    }
}
