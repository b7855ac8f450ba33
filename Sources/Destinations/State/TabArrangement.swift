/// The order and visibility a user gives the tabs of a tab bar: what the platform's tab
/// customization edits, kept as state.
///
/// Read it from ``Tabs/arrangement`` (or from a ``FlowEvent``'s state) to save it where the app
/// keeps per-account settings, and give it back with ``Presentation/arrangeTabs(_:)``:
///
/// ```swift
/// flow.observeChanges { _ in
///     if let tabs = flow.untrackedState.root.tabs { settings[account] = tabs.arrangement }
/// }
/// try flow.apply(.arrangeTabs(settings[account] ?? TabArrangement()))
/// ```
///
/// It names tabs by id, so a saved arrangement outlives tabs that come and go: ids the bar does
/// not have are ignored, and tabs it does not name keep their order after the named ones.
public struct TabArrangement: Sendable, Hashable, Codable {
    /// Tab ids, in the order the user wants them.
    public var order: [TabID]
    /// The tabs the user hid.
    public var hidden: Set<TabID>

    /// Creates an arrangement.
    public init(order: [TabID] = [], hidden: Set<TabID> = []) {
        self.order = order
        self.hidden = hidden
    }
}

/// What a tab is for, when the platform treats it apart.
public enum TabRole: String, Sendable, Hashable, Codable {
    /// The search tab: shown apart in the tab bar and the sidebar.
    case search
}
