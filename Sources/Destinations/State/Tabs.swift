// Performance: the select-tab figure (Benchmarks/README.md, "Figures").
/// A tab bar: its tabs, in order, which one is selected, the tabs the user hid, and the action
/// items that present something instead of being selected.
///
/// The order of ``tabs`` and the ``hidden`` set are what the user arranges (the platform's tab
/// customization); ``arrangement`` reads them as one value to save per account, and
/// ``Presentation/arrangeTabs(_:)`` gives one back. The selection is always a visible tab.
public struct Tabs<Route: NavigationRoute>: Sendable, Equatable {
    /// An action item: shown among the tabs, it presents ``presents`` from the focused screen of
    /// the selected tab when tapped, and is never selected (a "post" button).
    public struct Action: Sendable, Hashable {
        /// The item's name.
        public let id: TabID
        /// What a tap presents.
        public var presents: Layout<Route>
        /// How it is presented.
        public var style: ModalStyle
        /// The section the item shows in, if any.
        public var section: String?
        /// Where it shows: before the tab at this index of ``Tabs/tabs``, or after the last tab
        /// when it is the count.
        public internal(set) var placement: Int

        /// Creates an action item.
        public init(id: TabID, presents: Layout<Route>, style: ModalStyle, section: String? = nil, placement: Int) {
            self.id = id
            self.presents = presents
            self.style = style
            self.section = section
            self.placement = placement
        }
    }

    /// The tabs, in the order the bar shows them, hidden ones included.
    public internal(set) var tabs: [Tab<Route>] {
        @inlinable get { _tabs }
        set { _tabs = newValue }
    }
    @usableFromInline var _tabs: [Tab<Route>]
    /// The selected tab.
    public internal(set) var selection: TabID {
        @inlinable get { _selection }
        set { _selection = newValue }
    }
    @usableFromInline var _selection: TabID
    /// The tabs the user hid: kept, with their screens, but not shown.
    public internal(set) var hidden: Set<TabID> {
        get { extras?.hidden ?? [] }
        set { extras = Extras(hidden: newValue, actions: actions) }
    }
    /// The action items.
    public internal(set) var actions: [Action] {
        get { extras?.actions ?? [] }
        set { extras = Extras(hidden: hidden, actions: newValue) }
    }
    /// The hidden tabs and the action items, when the bar has either. Kept apart from the tabs
    /// and the selection so that a tab bar stays small enough to be copied without its type's
    /// metadata (the select-tab figure).
    var extras: Extras?

    /// Creates a tab bar.
    ///
    /// - Precondition: `tabs` is not empty, its ids are unique, `selection` is one of them and
    ///   is not hidden.
    public init(tabs: [Tab<Route>], selection: TabID, hidden: Set<TabID> = [], actions: [Action] = []) {
        precondition(!tabs.isEmpty, "a tab bar has at least one tab")
        precondition(tabs.contains { $0.id == selection }, "the selected tab \(selection) is not in the bar")
        precondition(!hidden.contains(selection), "the selected tab \(selection) is hidden")
        self._tabs = tabs
        self._selection = selection
        self.extras = Extras(hidden: hidden, actions: actions)
    }

    /// The selected tab's index.
    @inlinable
    public var selectedIndex: Int {
        _tabs.firstIndex { $0.id == _selection } ?? 0
    }

    /// The selected tab.
    public var selectedTab: Tab<Route> { _tabs[selectedIndex] }

    /// The ids of the tabs, in order.
    public var ids: [TabID] { tabs.map { $0.id } }

    /// The tabs the bar shows, in order: ``tabs`` without the ``hidden`` ones.
    public var visibleTabs: [Tab<Route>] { tabs.filter { !hidden.contains($0.id) } }

    /// The order and visibility the user gave the tabs, as one value to save and give back
    /// (``Presentation/arrangeTabs(_:)``).
    public var arrangement: TabArrangement { TabArrangement(order: ids, hidden: hidden) }

    /// Puts `node` in the tab at `index`, keeping everything else.
    package mutating func replaceNode(at index: Int, with node: NavigationNode<Route>) {
        _tabs[index].node = node
    }

    /// The same bar with each tab's node transformed, everything else kept.
    package func mapNodes(_ transform: (NavigationNode<Route>) throws -> NavigationNode<Route>) rethrows -> Tabs {
        var copy = self
        for index in copy._tabs.indices { copy._tabs[index].node = try transform(copy._tabs[index].node) }
        return copy
    }

    /// The bar with the sections, roles and action items `layouts` declares (a layout's
    /// `.tabs` items), for a bar read from text that names its tabs only (a state URL). A tab
    /// the layout lacks counts as inserted at run time; with no layouts, the bar is as it was.
    package func decorated(by layouts: [TabLayout<Route>]) -> Tabs {
        guard !layouts.isEmpty else { return self }
        var copy = self
        for index in copy._tabs.indices {
            let id = copy._tabs[index].id
            if let item = layouts.first(where: { $0.id == id && $0.actionStyle == nil }) {
                copy._tabs[index].section = item.section
                copy._tabs[index].role = item.role
            } else {
                copy._tabs[index].isInserted = true
            }
        }
        var placement = 0
        copy.actions = []
        for item in layouts {
            guard let style = item.actionStyle else {
                placement += 1
                continue
            }
            guard !copy.ids.contains(item.id) else { continue }
            copy.actions.append(Action(item, style: style, placement: min(placement, copy._tabs.count)))
        }
        return copy
    }

    /// The bar a state URL names, with what a URL does not carry taken from `other`, the bar it
    /// replaces: the hidden tabs it has (but its selection), each kept tab's section, role and
    /// whether it was inserted, and the action items.
    package func keepingUnprinted(from other: Tabs) -> Tabs {
        var copy = self
        copy.hidden = other.hidden.intersection(ids).subtracting([selection])
        for index in copy._tabs.indices {
            guard let kept = other._tabs.first(where: { $0.id == copy._tabs[index].id }) else { continue }
            copy._tabs[index].section = kept.section
            copy._tabs[index].role = kept.role
            copy._tabs[index].isInserted = kept.isInserted
        }
        copy.actions = other.actions.filter { !copy.ids.contains($0.id) }.map { action in
            var action = action
            action.placement = min(action.placement, copy._tabs.count)
            return action
        }
        return copy
    }

    /// The tab to select when the tab at `index` goes (removed or hidden), among the tabs not in
    /// `gone`: the nearest visible tab after it, or else the nearest before it.
    func neighbour(of index: Int, gone: Set<TabID>) -> Int? {
        let shown = { (candidate: Int) in
            !gone.contains(self._tabs[candidate].id) && !hidden.contains(self._tabs[candidate].id)
        }
        if let after = _tabs.indices.dropFirst(index + 1).first(where: shown) { return after }
        return _tabs.indices.prefix(index).last(where: shown)
    }
}

/// One tab of a ``Tabs`` container.
public struct Tab<Route: NavigationRoute>: Sendable, Equatable, Identifiable {
    /// What the tab shows: usually a stack.
    public var node: NavigationNode<Route>
    /// The tab's name, section, role and origin, kept out of line.
    var label: TabLabel

    /// The tab's name.
    public var id: TabID { label.id }
    /// The section the tab shows in (a sidebar's "Lists"), if any.
    public var section: String? {
        get { label.section }
        set { label = TabLabel(id: id, section: newValue, role: role, isInserted: isInserted) }
    }
    /// What the tab is for, when the platform treats it apart (``TabRole/search``).
    public var role: TabRole? {
        get { label.role }
        set { label = TabLabel(id: id, section: section, role: newValue, isInserted: isInserted) }
    }
    /// Whether the tab was inserted while the app ran (``Presentation/insertTab(_:at:)``) rather
    /// than declared by the flow's layout: a lenient restore keeps such a tab though the layout
    /// lacks it.
    public internal(set) var isInserted: Bool {
        get { label.isInserted }
        set { label = TabLabel(id: id, section: section, role: role, isInserted: newValue) }
    }

    /// Creates a tab.
    public init(id: TabID, node: NavigationNode<Route>, section: String? = nil, role: TabRole? = nil) {
        self.node = node
        self.label = TabLabel(id: id, section: section, role: role, isInserted: false)
    }
}
