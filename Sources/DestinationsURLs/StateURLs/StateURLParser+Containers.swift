// @inlinable: the parse path is specialised for the app's Route: url-state (Benchmarks/README.md, URLs).
public import Destinations

extension StateURLParser {
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
            if let layout = layouts[member] { nodes[member] = try defaultNode(layout) }
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
            if columns == nil && take(UInt8(ascii: "@")) {
                guard selected == nil else { throw .malformed(.duplicateSelection, offset: position - 1) }
                selected = nodes.count
            }
            let start = position
            var label = ""
            if let columns {
                label = columns[try parseMember(columns.map(\.rawValue), tabs: false)].rawValue
            } else {
                label = try parseLabel()
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
        let split = Split(
            sidebar: sidebar, content: column(.content), detail: column(.detail), hasContentColumn: columns.count == 3)
        return NavigationNode(id: id, content: .split(split))
    }
}
