extension NavigationState {
    /// Whether the two states show the same tree: the same containers, screens, routes, tab
    /// selections and modals with the same options, whatever their element ids.
    ///
    /// Two states built from the same URL or layout are equivalent; two states with the same
    /// elements are also equal (`==`), which compares ids too.
    ///
    /// - Complexity: O(*n*) in the number of elements, stopping at the first difference.
    public func isEquivalent(to other: NavigationState) -> Bool {
        root.isEquivalent(to: other.root)
    }
}

extension NavigationNode {
    /// Whether the two subtrees are the same but for element ids.
    func isEquivalent(to other: NavigationNode) -> Bool {
        switch (modal, other.modal) {
        case (nil, nil): break
        case (let left?, let right?):
            guard left.style == right.style, left.node.isEquivalent(to: right.node) else { return false }
        default: return false
        }
        switch (content, other.content) {
        case (.screen(let left), .screen(let right)):
            return left == right
        case (.stack(let left), .stack(let right)):
            guard left.count == right.count else { return false }
            return zip(left.elementsFromTop, right.elementsFromTop).allSatisfy { $0.isEquivalent(to: $1) }
        case (.tabs(let left), .tabs(let right)):
            guard left.selection == right.selection, left.tabs.count == right.tabs.count else { return false }
            return zip(left.tabs, right.tabs).allSatisfy { $0.id == $1.id && $0.node.isEquivalent(to: $1.node) }
        case (.split(let left), .split(let right)):
            // Whether a split is collapsed is the window's width, not where the user is.
            guard left.hasContentColumn == right.hasContentColumn, left.primary == right.primary else { return false }
            return SplitColumn.allCases.allSatisfy { column in
                switch (left[column], right[column]) {
                case (nil, nil): true
                case (let l?, let r?): l.isEquivalent(to: r)
                default: false
                }
            }
        default:
            return false
        }
    }
}
