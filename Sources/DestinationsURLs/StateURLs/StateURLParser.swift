// @inlinable: the parse path is specialised for the app's Route: url-link and url-state (Benchmarks/README.md, URLs).
public import Destinations

/// Parses the path of a canonical state URL (URLS.md §4.2): recursive descent over bytes, LL(1),
/// the scene layout saying what a plain node is and what a part left out holds.
@usableFromInline struct StateURLParser<Route: NavigationRoute, IDs: ElementIDGenerator> {
    @usableFromInline let bytes: [UInt8]
    @usableFromInline var position: Int
    @usableFromInline let end: Int
    @usableFromInline let routes: RouteTable<Route>
    @usableFromInline let limits: URLLimits
    @usableFromInline var ids: IDs
    @usableFromInline var decodedBytes = 0
    @usableFromInline var depth = 0
    @usableFromInline var screens = 0
    /// The byte ranges of a route's parameters, a buffer reused from route to route.
    @usableFromInline var entries: [(spec: Int, range: Range<Int>)] = []
    /// Where each modal starts (its `!`), by the id of its content.
    @usableFromInline var modalOffsets: [(content: ElementID, offset: Int)] = []
    /// The nodes of the tabs the path leaves out, built from their layout.
    @usableFromInline var elidedTabs: [ElementID] = []
    @usableFromInline init(
        _ bytes: [UInt8], _ position: Int, _ end: Int, routes: RouteTable<Route>, limits: URLLimits, ids: IDs
    ) {
        (self.bytes, self.position, self.end, self.routes, self.limits, self.ids) = (
            bytes, position, end, routes, limits, ids
        )
    }
    /// Parses `bytes[start..<end]`, a state path of the scene whose layout is `layout`.
    @inlinable static func parse(
        _ bytes: [UInt8], from start: Int, to end: Int, layout: Layout<Route>, routes: RouteTable<Route>,
        limits: URLLimits, ids: inout IDs
    ) throws(DeepLinkError) -> NavigationState<Route> {
        try parseNaming(bytes, from: start, to: end, layout: layout, routes: routes, limits: limits, ids: &ids).state
    }
    /// Parses like ``parse(_:from:to:layout:routes:limits:ids:)``; also gives the nodes of the tabs
    /// the path leaves out, which a merge keeps as they are.
    @inlinable static func parseNaming(
        _ bytes: [UInt8], from start: Int, to end: Int, layout: Layout<Route>, routes: RouteTable<Route>,
        limits: URLLimits, ids: inout IDs
    ) throws(DeepLinkError) -> (state: NavigationState<Route>, elidedTabs: [ElementID]) {
        try prescan(bytes, start, end, limits: limits)
        let trimmed = end > start && bytes[end - 1] == UInt8(ascii: "/") ? end - 1 : end
        var parser = StateURLParser(bytes, start, trimmed, routes: routes, limits: limits, ids: ids)
        let root =
            start == trimmed ? try parser.defaultNode(layout) : try parser.parseNode(.skeleton(layout), overlay: false)
        if parser.position != trimmed { throw .malformed(.trailingInput, offset: parser.position) }
        let state = NavigationState(root: root)
        // The grammar can spell states the core never holds: refuse them, a modal off focus at its `!`.
        do throws(NavigationError) {
            try state.validate()
        } catch {
            if case .corruptState(.modalOffFocus(let content)) = error,
                let modal = parser.modalOffsets.first(where: { $0.content == content })
            {
                throw .malformed(.modalOffFocusPath, offset: modal.offset)
            }
            throw .navigation(error)
        }
        ids = parser.ids
        return (state, parser.elidedTabs)
    }
    /// Parses `bytes[start..<end]` as one route's text: a one-route link.
    @inlinable static func parseOneRoute(
        _ bytes: [UInt8], from start: Int, to end: Int, routes: RouteTable<Route>, limits: URLLimits
    ) throws(DeepLinkError) -> Route where IDs == SequentialElementIDs {
        try prescan(bytes, start, end, limits: limits)
        var parser = StateURLParser(bytes, start, end, routes: routes, limits: limits, ids: SequentialElementIDs())
        let route = try parser.parseRoute()
        if parser.position != end { throw .malformed(.trailingInput, offset: parser.position) }
        return route
    }
    @inlinable mutating func parseNode(_ slot: NodeSlot<Route>, overlay: Bool) throws(DeepLinkError)
        -> NavigationNode<Route>
    {
        depth += 1
        defer { depth -= 1 }
        guard depth <= limits.depth else { throw .tooDeep(depth: depth, limit: limits.depth) }
        switch (peek, slot) {
        case (UInt8(ascii: "("), _):
            position += 1
            var node = try parseNode(slot, overlay: overlay)
            try expectClose()
            _ = try parseModal(after: &node, overlay: overlay)
            return node
        case (UInt8(ascii: "*"), _): return try parseMarked(overlay: overlay, slot: slot)
        case (_, .screen), (_, .skeleton(.screen)): return try parseScreen(overlay: overlay).node
        case (_, .stack), (_, .skeleton(.stack)): return try parseStack()
        case (_, .skeleton(let layout)) where atGroupEnd: return try defaultNode(layout)
        case (_, .skeleton(.tabs(let items, _))):
            let id = ids.next()
            let layouts = items.filter { $0.actionStyle == nil }
            let (main, nodes) = try parseBody(layouts.map { $0.id.rawValue }, layouts.map { $0.layout }, tabs: true)
            let tabs = zip(layouts, nodes).compactMap { layout, node in node.map { Tab(id: layout.id, node: $0) } }
            let bar = Tabs.read(Tabs(tabs: tabs, selection: layouts[main].id), declaredBy: items)
            return NavigationNode(id: id, content: .tabs(bar))
        case (_, .skeleton(.split(let sidebar, let content, let detail, let primary))):
            let id = ids.next()
            let columns: [SplitColumn] = content != nil ? [.sidebar, .content, .detail] : [.sidebar, .detail]
            let layouts = [sidebar, content, detail]
            let (_, nodes) = try parseBody(columns.map(\.rawValue), columns.map { layouts[$0.index] }, tabs: false)
            guard let sidebar = nodes[0] else { throw .malformed(.missingSidebar, offset: position) }
            let split = Split(
                sidebar: sidebar, content: content != nil ? nodes[1] : nil, detail: nodes.last ?? nil,
                hasContentColumn: content != nil, primary: primary)
            return NavigationNode(id: id, content: .split(split))
        }
    }
    /// A screen and its modal; `open` is false when a modal not in parentheses ends the group.
    @inlinable mutating func parseScreen(overlay: Bool) throws(DeepLinkError) -> (
        node: NavigationNode<Route>, open: Bool
    ) {
        let route = try parseRoute()
        try count(screens: 1)
        var node = NavigationNode(id: ids.next(), content: .screen(route))
        let open = try parseModal(after: &node, overlay: overlay)
        if open && node.modal != nil && atModal { throw .malformed(.secondModal, offset: position + 1) }
        return (node, open)
    }
    @inlinable mutating func parseStack() throws(DeepLinkError) -> NavigationNode<Route> {
        let id = ids.next()
        var elements: [NavigationNode<Route>] = []
        var open = true
        repeat {
            let screen = try parseScreen(overlay: false)
            elements.append(screen.node)
            open = screen.open
        } while open && take(UInt8(ascii: "/"))
        return NavigationNode(id: id, content: .stack(Stack(elements)))
    }
    /// The modal `/!style/content` or `/!style(content)` after `node`; `false` if it ends the group.
    @inlinable mutating func parseModal(after node: inout NavigationNode<Route>, overlay: Bool) throws(DeepLinkError)
        -> Bool
    {
        guard atModal else { return true }
        if overlay { throw .malformed(.overlayCannotPresent, offset: position + 1) }
        guard node.modal == nil else { throw .malformed(.secondModal, offset: position + 1) }
        let bang = position + 1
        position += 2
        let style = try parseStyle()
        let contentStart = position
        let wrapped = take(UInt8(ascii: "("))
        guard wrapped || take(UInt8(ascii: "/")) else { throw .malformed(.missingModalContent, offset: position) }
        let content = try parseNode(.screen, overlay: style.isOverlay)
        if wrapped { try expectClose() }
        if style.isOverlay && content.kind != .screen {
            throw .malformed(.overlayNeedsScreen, offset: contentStart + 1)
        }
        modalOffsets.append((content.id, bang))
        node = NavigationNode(id: node.id, content: node.content, modal: Modal(style: style, node: content))
        return wrapped
    }
    @inlinable mutating func parseMarked(overlay: Bool, slot: NodeSlot<Route>) throws(DeepLinkError)
        -> NavigationNode<Route>
    {
        let start = position
        position += 1
        let word = wordEnd { URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) }
        let marker = String(decoding: bytes[position..<word], as: UTF8.self)
        position = word
        switch marker {
        case "screen", "stack":
            try expect(UInt8(ascii: "/"))
            return marker == "screen" ? try parseScreen(overlay: overlay).node : try parseStack()
        case "tabs", "split2", "split3":
            try expect(UInt8(ascii: "("))
            let split: [SplitColumn] = marker == "split2" ? [.sidebar, .detail] : [.sidebar, .content, .detail]
            var node = try parseMarkedMembers(marker == "tabs" ? nil : split)
            if case .tabs(let tabs) = node.content, case .skeleton(.tabs(let items, _)) = slot {
                node.content = .tabs(Tabs.read(tabs, declaredBy: items))
            }
            _ = try parseModal(after: &node, overlay: overlay)
            return node
        default:
            throw .malformed(.unknownMarker, offset: start)
        }
    }
    /// Builds what `layout` describes: a part the URL leaves out.
    @inlinable mutating func defaultNode(_ layout: Layout<Route>) throws(DeepLinkError) -> NavigationNode<Route> {
        try count(screens: layout.routes.count)
        do {
            return try NavigationState(layout, ids: &ids).root
        } catch {
            throw .navigation(error)
        }
    }
    @inlinable mutating func count(screens added: Int) throws(DeepLinkError) {
        screens += added
        if screens > limits.screens { throw .tooManyScreens(count: screens, limit: limits.screens) }
    }
    /// A skeleton container's body over `names`: the main name, a side group `(name:node,…)` of the
    /// members that differ from their layout, then `/` and the main node; the rest take their layout.
    @inlinable mutating func parseBody(_ names: [String], _ layouts: [Layout<Route>?], tabs: Bool)
        throws(DeepLinkError) -> (main: Int, nodes: [NavigationNode<Route>?])
    {
        let main = try parseMember(names, tabs: tabs)
        var nodes = [NavigationNode<Route>?](repeating: nil, count: names.count)
        var given = [Bool](repeating: false, count: names.count)
        if take(UInt8(ascii: "(")) {
            repeat {
                let start = position
                let member = try parseMember(names, tabs: tabs)
                guard member != main, !given[member] else { throw .malformed(.duplicateMember, offset: start) }
                try expect(UInt8(ascii: ":"))
                given[member] = true
                if !tabs && atNone {
                    guard member != 0 else { throw .malformed(.missingSidebar, offset: position) }
                    position += 5
                } else {
                    nodes[member] = try parseNode(Layout.columnSlot(layouts[member]), overlay: false)
                }
                try expectMemberEnd()
            } while take(UInt8(ascii: ","))
            try expectClose()
        }
        if take(UInt8(ascii: "/")) {
            given[main] = true
            nodes[main] = try parseNode(Layout.columnSlot(layouts[main]), overlay: false)
        }
        for member in names.indices where !given[member] {
            guard let layout = layouts[member] else { continue }
            let node = try defaultNode(layout)
            if tabs { elidedTabs.append(node.id) }
            nodes[member] = node
        }
        return (main, nodes)
    }
    /// The index in `names` of the member label here: a tab's, or a split view's column.
    @inlinable mutating func parseMember(_ names: [String], tabs: Bool) throws(DeepLinkError) -> Int {
        let start = position
        let label = try parseLabel()
        guard let index = names.firstIndex(of: label) else {
            throw tabs
                ? .unknownTab(TabID(label), offset: start) : .unknownColumn(bytes.echo(start, position), offset: start)
        }
        return index
    }
    /// The members of `*tabs(@label:stack,…)`, or of `*split2(…)`/`*split3(…)` over `columns`.
    @inlinable mutating func parseMarkedMembers(_ columns: [SplitColumn]?) throws(DeepLinkError)
        -> NavigationNode<Route>
    {
        let id = ids.next()
        var labels: [String] = []
        var nodes: [NavigationNode<Route>] = []
        var selected: Int?
        repeat {
            if take(UInt8(ascii: "@")) {
                guard selected == nil else { throw .malformed(.duplicateSelection, offset: position - 1) }
                selected = nodes.count
            }
            let start = position
            let label = try parseLabel()
            if let columns, !columns.contains(where: { $0.rawValue == label }) {
                throw .unknownColumn(bytes.echo(start, position), offset: start)
            }
            guard !labels.contains(label) else { throw .malformed(.duplicateMember, offset: start) }
            try expect(UInt8(ascii: ":"))
            labels.append(label)
            nodes.append(try parseNode(.stack, overlay: false))
            try expectMemberEnd()
        } while take(UInt8(ascii: ","))
        let close = position
        try expectClose()
        guard let columns else {
            let tabs = zip(labels, nodes).map { Tab(id: TabID($0), node: $1) }
            return NavigationNode(id: id, content: .tabs(Tabs(tabs: tabs, selection: tabs[selected ?? 0].id)))
        }
        let column = { (column: SplitColumn) in labels.firstIndex(of: column.rawValue).map { nodes[$0] } }
        guard let sidebar = column(.sidebar) else { throw .malformed(.missingSidebar, offset: close) }
        let primary = selected.flatMap { SplitColumn(rawValue: labels[$0]) }
        let split = Split(
            sidebar: sidebar, content: column(.content), detail: column(.detail), hasContentColumn: columns.count == 3,
            primary: primary)
        return NavigationNode(id: id, content: .split(split))
    }
}

extension SplitColumn {
    @inlinable var index: Int {
        switch self {
        case .sidebar: 0
        case .content: 1
        case .detail: 2
        }
    }
}
