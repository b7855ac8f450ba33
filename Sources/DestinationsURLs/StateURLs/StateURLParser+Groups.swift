import Destinations

extension StateURLParser {
    /// A skeleton container's body over `names`: the main name, a side group `(name:node,…)` of the
    /// members that differ from their layout, then `/` and the main node; the rest take their layout.
    mutating func parseBody(_ names: [String], _ layouts: [LayoutShape?], tabs: Bool, _ make: Make, _ build: Build)
        throws(DeepLinkError) -> (
            main: Int, nodes: [Built?]
        )
    {
        let main = try parseMember(names, tabs: tabs)
        var nodes = [Built?](repeating: nil, count: names.count)
        var given = [Bool](repeating: false, count: names.count)
        if scan.take(UInt8(ascii: "(")) {
            repeat {
                let start = scan.position
                let member = try parseMember(names, tabs: tabs)
                guard member != main, !given[member] else { throw .malformed(.duplicateMember, offset: start) }
                try scan.expect(UInt8(ascii: ":"))
                given[member] = true
                if !tabs && scan.atNone {
                    guard member != 0 else { throw .malformed(.missingSidebar, offset: scan.position) }
                    scan.position += 5
                } else {
                    nodes[member] = try parseNode(NodeSlot.column(layouts[member]), overlay: false, make, build)
                }
                try scan.expectMemberEnd()
            } while scan.take(UInt8(ascii: ","))
            try scan.expectClose()
        }
        if scan.take(UInt8(ascii: "/")) {
            given[main] = true
            nodes[main] = try parseNode(NodeSlot.column(layouts[main]), overlay: false, make, build)
        }
        for member in names.indices where !given[member] {
            guard let layout = layouts[member] else { continue }
            let node = try defaultNode(layout, build)
            if tabs { elidedTabs.append(node.id) }
            nodes[member] = node
        }
        return (main, nodes)
    }
    /// The index in `names` of the member label here: a tab's, or a split view's column.
    mutating func parseMember(_ names: [String], tabs: Bool) throws(DeepLinkError) -> Int {
        let start = scan.position
        let label = try scan.parseLabel()
        guard let index = names.firstIndex(of: label) else {
            throw tabs
                ? .unknownTab(TabID(label), offset: start)
                : .unknownColumn(scan.bytes.echo(start, scan.position), offset: start)
        }
        return index
    }
    /// The members of `*tabs(@label:stack,…)`, decorated by the tabs layout at `declaredBy`, or of
    /// `*split2(…)`/`*split3(…)` over `columns`.
    mutating func parseMarkedMembers(_ columns: [SplitColumn]?, declaredBy: Int?, _ make: Make, _ build: Build)
        throws(DeepLinkError) -> Built
    {
        let id = try build(.id)
        var labels: [String] = []
        var nodes: [Built] = []
        var selected: Int?
        repeat {
            if scan.take(UInt8(ascii: "@")) {
                guard selected == nil else { throw .malformed(.duplicateSelection, offset: scan.position - 1) }
                selected = nodes.count
            }
            let start = scan.position
            let label = try scan.parseLabel()
            if let columns, !columns.contains(where: { $0.rawValue == label }) {
                throw .unknownColumn(scan.bytes.echo(start, scan.position), offset: start)
            }
            guard !labels.contains(label) else { throw .malformed(.duplicateMember, offset: start) }
            try scan.expect(UInt8(ascii: ":"))
            labels.append(label)
            nodes.append(try parseNode(.stack, overlay: false, make, build))
            try scan.expectMemberEnd()
        } while scan.take(UInt8(ascii: ","))
        let close = scan.position
        try scan.expectClose()
        guard let columns else {
            let members = zip(labels, nodes).map { (label: $0, node: $1.node) }
            return try add(.tabs(id, members, selection: labels[selected ?? 0], declaredBy: declaredBy), id: id, build)
        }
        let column = { (column: SplitColumn) in labels.firstIndex(of: column.rawValue).map { nodes[$0].node } }
        guard let sidebar = column(.sidebar) else { throw .malformed(.missingSidebar, offset: close) }
        let primary = selected.flatMap { SplitColumn(rawValue: labels[$0]) }
        return try add(
            .split(
                id, sidebar: sidebar, content: column(.content), detail: column(.detail),
                hasContentColumn: columns.count == 3, primary: primary), id: id, build)
    }
}
