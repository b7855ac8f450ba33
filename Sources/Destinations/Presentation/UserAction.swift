/// A change the user made on screen, which the renderer reports so that the state stays in
/// step with what shows.
///
/// Renderers send these through ``Flow/apply(_:)-(UserAction<Route>)``, the same transaction
/// path programmatic changes take.
public enum UserAction<Route: NavigationRoute>: Sendable, Hashable {
    /// The user went back in a stack (back button, swipe, long-press menu) and the stack now
    /// holds its first `count` screens.
    case popped(stack: ElementID, toCount: Int)
    /// The user dismissed the modal the element presents (swipe down on a sheet, an alert's
    /// button).
    case dismissed(presenter: ElementID)
    /// The user tapped a tab.
    case selectedTab(TabID, tabs: ElementID)

    /// The action's name, for logs.
    public var name: String {
        switch self {
        case .popped: "userPopped"
        case .dismissed: "userDismissed"
        case .selectedTab: "userSelectedTab"
        }
    }
}

/// What a transaction changed: the screens it added and removed, and the elements whose own
/// content changed.
public struct NavigationChanges<Route: NavigationRoute>: Sendable, Equatable {
    /// The screens added, in the order they were added. Screens added and removed again within
    /// the same transaction are in neither list.
    public internal(set) var added: [NavigationNode<Route>] = []
    /// The screens removed, with what they showed.
    public internal(set) var removed: [NavigationNode<Route>] = []
    /// The elements whose own content changed: a stack that was pushed, a tab bar whose
    /// selection changed, an element that presented or dismissed a modal. Renderers and
    /// observers of other elements are not disturbed.
    public internal(set) var touched: Set<ElementID> = []
    /// Every element removed, containers included.
    public internal(set) var removedIDs: Set<ElementID> = []

    /// Whether the transaction changed nothing.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && touched.isEmpty }
}
