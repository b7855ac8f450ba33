// @inlinable: the parse path is specialised for the app's Route: url-link and url-state (Benchmarks/README.md, URLs).
public import Destinations

extension StateURLParser {
    @inlinable mutating func parseTabsBody(_ layouts: [TabLayout<Route>], selected: TabID?) throws(DeepLinkError)
        -> NavigationNode<Route>
    {
        guard !atGroupEnd else { return try defaultNode(.tabs(layouts, selected: selected)) }
        let id = ids.next()
        let labelStart = position
        let label = try parseLabel()
        guard let selectedIndex = layouts.firstIndex(where: { $0.id.rawValue == label }) else {
            throw .unknownTab(TabID(label), offset: labelStart)
        }
        var nodes = [NavigationNode<Route>?](repeating: nil, count: layouts.count)
        if take(UInt8(ascii: "(")) {
            repeat {
                let sideStart = position
                let sideLabel = try parseLabel()
                guard let index = layouts.firstIndex(where: { $0.id.rawValue == sideLabel }) else {
                    throw .unknownTab(TabID(sideLabel), offset: sideStart)
                }
                guard index != selectedIndex, nodes[index] == nil else {
                    throw .malformed(.duplicateMember, offset: sideStart)
                }
                try expect(UInt8(ascii: ":"))
                nodes[index] = try parseNode(.skeleton(layouts[index].layout), overlay: false)
                try expectMemberEnd()
            } while take(UInt8(ascii: ","))
            try expectClose()
        }
        if take(UInt8(ascii: "/")) {
            nodes[selectedIndex] = try parseNode(.skeleton(layouts[selectedIndex].layout), overlay: false)
        }
        var tabs: [Tab<Route>] = []
        for (index, layout) in layouts.enumerated() {
            let node = if let given = nodes[index] { given } else { try defaultNode(layout.layout) }
            tabs.append(Tab(id: layout.id, node: node))
        }
        return NavigationNode(id: id, content: .tabs(Tabs(tabs: tabs, selection: layouts[selectedIndex].id)))
    }
    @inlinable mutating func parseSplitBody(sidebar: Layout<Route>, content: Layout<Route>?, detail: Layout<Route>?)
        throws(DeepLinkError) -> NavigationNode<Route>
    {
        guard !atGroupEnd else {
            return try defaultNode(.split(sidebar: sidebar, content: content, detail: detail))
        }
        let layouts = [sidebar, content, detail]
        let columns: [SplitColumn] = content != nil ? [.sidebar, .content, .detail] : [.sidebar, .detail]
        let id = ids.next()
        let main = try parseColumn(columns)
        var nodes = [NavigationNode<Route>?](repeating: nil, count: 3)
        var given = [false, false, false]
        if take(UInt8(ascii: "(")) {
            repeat {
                let sideStart = position
                let column = try parseColumn(columns)
                guard column != main, !given[column.index] else {
                    throw .malformed(.duplicateMember, offset: sideStart)
                }
                try expect(UInt8(ascii: ":"))
                given[column.index] = true
                if atNone {
                    guard column != .sidebar else { throw .malformed(.missingSidebar, offset: position) }
                    position += 5
                } else {
                    nodes[column.index] = try parseNode(Layout.columnSlot(layouts[column.index]), overlay: false)
                }
                try expectMemberEnd()
            } while take(UInt8(ascii: ","))
            try expectClose()
        }
        if take(UInt8(ascii: "/")) {
            given[main.index] = true
            nodes[main.index] = try parseNode(Layout.columnSlot(layouts[main.index]), overlay: false)
        }
        for column in columns where !given[column.index] {
            if let layout = layouts[column.index] { nodes[column.index] = try defaultNode(layout) }
        }
        guard let sidebarNode = nodes[0] else { throw .malformed(.missingSidebar, offset: position) }
        let split = Split(sidebar: sidebarNode, content: nodes[1], detail: nodes[2], hasContentColumn: content != nil)
        return NavigationNode(id: id, content: .split(split))
    }
    @inlinable mutating func parseExplicitTabs(overlay: Bool) throws(DeepLinkError) -> NavigationNode<Route> {
        let id = ids.next()
        var tabs: [Tab<Route>] = []
        var selected: Int?
        repeat {
            if peek == UInt8(ascii: "@") {
                guard selected == nil else { throw .malformed(.duplicateSelection, offset: position) }
                position += 1
                selected = tabs.count
            }
            let labelStart = position
            let label = TabID(try parseLabel())
            guard !tabs.contains(where: { $0.id == label }) else {
                throw .malformed(.duplicateMember, offset: labelStart)
            }
            try expect(UInt8(ascii: ":"))
            tabs.append(Tab(id: label, node: try parseNode(.stack, overlay: false)))
            try expectMemberEnd()
        } while take(UInt8(ascii: ","))
        try expectClose()
        var node = NavigationNode(id: id, content: .tabs(Tabs(tabs: tabs, selection: tabs[selected ?? 0].id)))
        try parseModalAfterMarker(&node, overlay: overlay)
        return node
    }
    @inlinable mutating func parseExplicitSplit(threeColumns: Bool, overlay: Bool) throws(DeepLinkError)
        -> NavigationNode<Route>
    {
        let id = ids.next()
        let columns: [SplitColumn] = threeColumns ? [.sidebar, .content, .detail] : [.sidebar, .detail]
        var nodes = [NavigationNode<Route>?](repeating: nil, count: 3)
        repeat {
            let memberStart = position
            let column = try parseColumn(columns)
            guard nodes[column.index] == nil else { throw .malformed(.duplicateMember, offset: memberStart) }
            try expect(UInt8(ascii: ":"))
            nodes[column.index] = try parseNode(.stack, overlay: false)
            try expectMemberEnd()
        } while take(UInt8(ascii: ","))
        let close = position
        try expectClose()
        guard let sidebar = nodes[0] else { throw .malformed(.missingSidebar, offset: close) }
        let split = Split(sidebar: sidebar, content: nodes[1], detail: nodes[2], hasContentColumn: threeColumns)
        var node = NavigationNode(id: id, content: .split(split))
        try parseModalAfterMarker(&node, overlay: overlay)
        return node
    }
    @inlinable mutating func parseModalAfterMarker(_ node: inout NavigationNode<Route>, overlay: Bool)
        throws(DeepLinkError)
    {
        guard atModal else { return }
        if overlay { throw .malformed(.overlayCannotPresent, offset: position + 1) }
        position += 1
        node = node.presenting(try parseModal().modal)
    }
}
