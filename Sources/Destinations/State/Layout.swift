// Performance: the sheet figure (Benchmarks/README.md, "Figures").
/// The shape of a navigation state, without ids: what a flow starts with, what a modal shows,
/// what replaces the root.
///
/// ```swift
/// let layout: Layout<AppRoute> = .tabs([
///     .tab(.notes, .stack(.notes)),
///     .tab(.settings, .stack(.settings)),
/// ])
/// ```
public enum Layout<Route: NavigationRoute>: Hashable, Sendable {
    /// One screen.
    case screen(Route)
    /// A stack of screens, root first.
    case stack([Route])
    /// A tab bar; `selected` defaults to the first tab.
    case tabs([TabLayout<Route>], selected: TabID? = nil)
    /// A split view. A column given as a screen shows that screen; given as a stack it can push.
    /// `primary` declares the column that receives pushes and links; without one, the last
    /// filled column does (``Split/primary``).
    indirect case split(sidebar: Layout, content: Layout? = nil, detail: Layout? = nil, primary: SplitColumn? = nil)

    /// An empty column of a split view: `.split(sidebar: .stack(.library), content: .emptyColumn)`
    /// starts a three-column split whose content column shows nothing yet, until
    /// ``Presentation/showNext(_:)`` or ``Presentation/show(_:in:)`` fills it. Anywhere else it
    /// is an empty stack, which is refused.
    public static var emptyColumn: Layout { .stack([]) }

    /// A stack of the given screens, root first.
    public static func stack(_ root: Route, _ pushed: Route...) -> Layout {
        .stack([root] + pushed)
    }

    /// A persistent side column beside main content: a notifications column beside the tabs of
    /// a social client on iPad.
    ///
    /// ```swift
    /// let layout: Layout<AppRoute> = .sideColumn(.stack(.notifications), beside: .tabs(mainTabs))
    /// ```
    ///
    /// The main content receives pushes and links, never the side column: it is a split whose
    /// leading column is primary (``Split/isSideColumn``). In compact width the renderer reports
    /// ``UserAction/changedWidth(isCompact:split:)`` and the side column folds away — hidden,
    /// its stack, ids and live Destinations kept — and comes back out in regular width.
    public static func sideColumn(_ side: Layout, beside main: Layout) -> Layout {
        .split(sidebar: main, detail: side, primary: .sidebar)
    }

    /// The routes the layout shows, in tree order.
    public var routes: [Route] {
        switch self {
        case .screen(let route): [route]
        case .stack(let routes): routes
        case .tabs(let tabs, _): tabs.flatMap { $0.layout.routes }
        case .split(let sidebar, let content, let detail, _):
            sidebar.routes + (content?.routes ?? []) + (detail?.routes ?? [])
        }
    }
}

/// One item of a ``Layout/tabs(_:selected:)`` layout: a tab, or an action item.
///
/// ```swift
/// .tabs([
///     .tab(.home, .stack(.timeline)),
///     .tab(.search, .stack(.explore), role: .search),
///     .action(.post, presents: .stack(.composer)),
///     .tab(.list("swift"), .stack(.list("swift")), section: "Lists"),
/// ])
/// ```
public struct TabLayout<Route: NavigationRoute>: Hashable, Sendable {
    /// The item's name.
    public var id: TabID
    /// What the tab shows; for an action item, what a tap presents.
    public var layout: Layout<Route>
    /// The section the item shows in (a sidebar's "Lists"), if any.
    public var section: String?
    /// What the tab is for, when the platform treats it apart.
    public var role: TabRole?
    /// When set, the item is an action item: a tap presents ``layout`` with this style from the
    /// focused screen of the selected tab, and the item is never selected.
    public var actionStyle: ModalStyle?
    /// Whether the tab starts hidden, as a user's ``TabArrangement`` hides it: in the bar, with
    /// its screens, but not shown until the arrangement shows it (a social client's fourteen
    /// tabs, five of them shown).
    public var isHidden: Bool

    /// Creates a tab layout.
    public init(
        _ id: TabID, _ layout: Layout<Route>, section: String? = nil, role: TabRole? = nil, hidden: Bool = false
    ) {
        self.id = id
        self.layout = layout
        self.section = section
        self.role = role
        self.isHidden = hidden
    }

    /// Creates a tab layout.
    public static func tab(
        _ id: TabID, _ layout: Layout<Route>, section: String? = nil, role: TabRole? = nil, hidden: Bool = false
    ) -> TabLayout {
        TabLayout(id, layout, section: section, role: role, hidden: hidden)
    }

    /// Creates an action item: shown among the tabs, a tap presents `layout` with `style`
    /// from the focused screen of the selected tab (a "post" button that opens the composer).
    public static func action(
        _ id: TabID, presents layout: Layout<Route>, style: ModalStyle = .sheet(SheetOptions()), section: String? = nil
    ) -> TabLayout {
        var item = TabLayout(id, layout, section: section)
        item.actionStyle = style
        return item
    }
}

extension Layout {
    /// Builds the nodes this layout describes, taking ids from `ids`.
    ///
    /// - Throws: ``NavigationError/invalidLayout(_:)`` for an empty stack or tab bar, duplicate
    ///   tab names, or a selection that is not a tab.
    func makeNode(ids: inout some ElementIDGenerator) throws(NavigationError) -> NavigationNode<Route> {
        try makeNode { () throws(NavigationError) in try ids.fresh() }
    }

    /// Builds the nodes this layout describes, taking ids from a generator of any type.
    @inlinable
    func makeNode(anyIDs ids: inout any ElementIDGenerator) throws(NavigationError) -> NavigationNode<Route> {
        try makeNode { () throws(NavigationError) in try ids.fresh() }
    }

    @inlinable
    func makeNode(nextID: () throws(NavigationError) -> ElementID) throws(NavigationError) -> NavigationNode<Route> {
        switch self {
        case .screen(let route):
            return NavigationNode(id: try nextID(), content: .screen(route))
        case .stack(let routes):
            guard !routes.isEmpty else { throw .invalidLayout(.emptyStack) }
            let id = try nextID()
            var elements: [NavigationNode<Route>] = []
            elements.reserveCapacity(routes.count)
            for route in routes { elements.append(NavigationNode(id: try nextID(), content: .screen(route))) }
            return NavigationNode(id: id, content: .stack(Stack(elements)))
        case .tabs(let tabLayouts, let selected):
            guard let first = tabLayouts.first(where: { $0.actionStyle == nil }) else {
                throw .invalidLayout(.emptyTabs)
            }
            let shown = tabLayouts.first { $0.actionStyle == nil && !$0.isHidden }
            var seen: Set<TabID> = []
            for tab in tabLayouts where !seen.insert(tab.id).inserted {
                throw .invalidLayout(.duplicateTab(tab.id))
            }
            let selection = selected ?? shown?.id ?? first.id
            guard let selectedTab = tabLayouts.first(where: { $0.id == selection && $0.actionStyle == nil }) else {
                throw .invalidLayout(.unknownSelectedTab(selection))
            }
            guard !selectedTab.isHidden else { throw .invalidLayout(.hiddenSelectedTab(selection)) }
            let id = try nextID()
            var tabs: [Tab<Route>] = []
            var actions: [Tabs<Route>.Action] = []
            for tab in tabLayouts {
                if let style = tab.actionStyle {
                    actions.append(
                        Tabs.Action(
                            id: tab.id, presents: tab.layout, style: style, section: tab.section,
                            placement: tabs.count))
                } else {
                    tabs.append(
                        Tab(
                            id: tab.id, node: try tab.layout.makeNode(nextID: nextID), section: tab.section,
                            role: tab.role))
                }
            }
            let hidden = Set(tabLayouts.lazy.filter { $0.isHidden && $0.actionStyle == nil }.map(\.id))
            return NavigationNode(
                id: id, content: .tabs(Tabs(tabs: tabs, selection: selection, hidden: hidden, actions: actions)))
        case .split(let sidebar, let content, let detail, let primary):
            if primary == .content && content == nil { throw .invalidLayout(.primaryColumnMissing(.content)) }
            let id = try nextID()
            let split = Split(
                sidebar: try sidebar.makeNode(nextID: nextID),
                content: content == .emptyColumn ? nil : try content?.makeNode(nextID: nextID),
                detail: detail == .emptyColumn ? nil : try detail?.makeNode(nextID: nextID),
                hasContentColumn: content != nil,
                primary: primary
            )
            return NavigationNode(id: id, content: .split(split))
        }
    }
}

extension Tabs.Action {
    /// The action item an item of a layout declares, shown before the tab at `placement`.
    init(_ item: TabLayout<Route>, style: ModalStyle, placement: Int) {
        self.init(id: item.id, presents: item.layout, style: style, section: item.section, placement: placement)
    }
}

extension Layout: Codable where Route: Codable {}
extension TabLayout: Codable where Route: Codable {
    private enum CodingKeys: String, CodingKey { case id, layout, section, role, actionStyle, isHidden }

    /// Reads a tab layout; one saved before tabs could start hidden is shown.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(TabID.self, forKey: .id), try container.decode(Layout<Route>.self, forKey: .layout),
            section: try container.decodeIfPresent(String.self, forKey: .section),
            role: try container.decodeIfPresent(TabRole.self, forKey: .role),
            hidden: try container.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false)
        actionStyle = try container.decodeIfPresent(ModalStyle.self, forKey: .actionStyle)
    }
}
