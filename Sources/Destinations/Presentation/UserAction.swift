/// A change the user made on screen, which the renderer reports so that the state stays in
/// step with what shows.
///
/// Every report names what the user acted on by identity — the screen left on top, the modal
/// dismissed — never by position, so a report that arrives late cannot change an element the
/// user did not touch: a report about something already gone is refused as
/// ``NavigationError/staleUserAction(_:)``. Renderers send them through
/// ``Flow/apply(_:)-(UserAction<Route>)``, the same transaction path programmatic changes take.
public enum UserAction<Route: NavigationRoute>: Sendable, Hashable {
    /// The user went back in a stack (back button, swipe, long-press menu) and `top` is now its
    /// top screen. Reporting the top it already has changes nothing.
    case popped(stack: ElementID, to: ElementID)
    /// The user dismissed the modal whose content is `modal` (swipe down on a sheet, an alert's
    /// button), and with it everything it presented.
    case dismissed(modal: ElementID)
    /// The user tapped a tab. Leaving a tab dismisses the modals inside it.
    case selectedTab(TabID, tabs: ElementID)
    /// The user arranged the tabs of the tab bar `tabs` (the platform's tab customization):
    /// applied as ``Presentation/arrangeTabs(_:)`` is.
    case arrangedTabs(TabArrangement, tabs: ElementID)
    /// The user tapped the action item `item` of the tab bar `tabs`: it presents what the item
    /// declares from the focused screen of the selected tab, through the same rules as any
    /// change (guards, access, limits).
    case tappedTabAction(TabID, tabs: ElementID)
    /// The user went back from the column of a collapsed split view that shows `node`: that
    /// column and those after it are emptied. The sidebar cannot be closed. Naming what the
    /// column showed, not the column, keeps a late report from emptying what it shows now.
    case closedColumn(showing: ElementID)
    /// The user dragged a sheet to another of its detents; kept so that a restored sheet opens
    /// where it was left.
    case movedSheet(to: SheetDetent, modal: ElementID)
    /// The window's width class changed around the split view `split`: compact folds it to its
    /// focused column — a side column folds away beside its main content — and regular unfolds
    /// it. Every column keeps its stack, its element ids and its live Destinations. Reporting
    /// the width it already has changes nothing.
    case changedWidth(isCompact: Bool, split: ElementID)

    /// The action's name, for logs.
    public var name: String {
        switch self {
        case .popped: "userPopped"
        case .dismissed: "userDismissed"
        case .selectedTab: "userSelectedTab"
        case .arrangedTabs: "userArrangedTabs"
        case .tappedTabAction: "userTappedTabAction"
        case .closedColumn: "userClosedColumn"
        case .movedSheet: "userMovedSheet"
        case .changedWidth: "userChangedWidth"
        }
    }
}

/// What a transaction changed: the screens it added and removed, and the elements whose own
/// content changed.
public struct NavigationChanges<Route: NavigationRoute>: Sendable, Equatable {
    /// The screens added, in the order they were added. Screens added and removed again within
    /// the same transaction are in neither list.
    public let added: [NavigationNode<Route>]
    /// The screens removed, with what they showed.
    public let removed: [NavigationNode<Route>]
    /// The elements whose own content changed: a stack that was pushed, a tab bar whose
    /// selection changed, an element that presented or dismissed a modal, and every element
    /// added. Renderers and observers of other elements are not disturbed, and a change that
    /// nets to nothing for an element (a push, then a pop) does not touch it.
    public let touched: Set<ElementID>
    /// Every element removed, containers included.
    public let removedIDs: Set<ElementID>

    /// Creates a record of changes.
    init(
        added: [NavigationNode<Route>] = [],
        removed: [NavigationNode<Route>] = [],
        touched: Set<ElementID> = [],
        removedIDs: Set<ElementID> = []
    ) {
        self.added = added
        self.removed = removed
        self.touched = touched
        self.removedIDs = removedIDs
    }

    /// Whether the transaction changed nothing.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && touched.isEmpty }
}
