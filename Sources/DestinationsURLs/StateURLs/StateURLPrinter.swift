import Destinations

/// Prints a state as the path of its canonical URL (URLS.md §4.3): one text for each state.
struct StateURLPrinter<Route: NavigationRoute> {
    let routes: RouteTable<Route>
    var out: [UInt8] = []
    /// Prints the root; nothing when the state is the layout's default.
    mutating func root(_ node: NavigationNode<Route>, layout: Layout<Route>) throws(URLPrintError) {
        guard !node.isDefault(for: layout) else { return }
        try self.node(node, .skeleton(layout))
    }
    mutating func node(_ node: NavigationNode<Route>, _ slot: PrintSlot<Route>) throws(URLPrintError) {
        // A container that fits its slot prints its body (in parentheses before a modal), else a marker.
        let fits =
            switch (node.content, slot) {
            case (.tabs(let tabs), .skeleton(.tabs(let layouts, _))):
                tabs.tabs.map(\.id) == layouts.filter { $0.actionStyle == nil }.map(\.id)
            case (.split(let split), .skeleton(.split(_, let content, _, let primary))):
                split.hasContentColumn == (content != nil) && split.primary == primary
            case (.tabs, _), (.split, _): false
            default: true
            }
        let wrapped = fits && node.modal != nil && node.kind != .screen
        let plain: NodeKind? =
            switch slot {
            case .screen, .skeleton(.screen): .screen
            case .stack, .skeleton(.stack): .stack
            default: nil
            }
        if wrapped { append("(") }
        switch (node.content, slot) {
        case (.screen(let route), _):
            if plain != .screen { append("*screen/") }
            try routes.print(route, to: &out)
        case (.stack(let stack), _):
            if plain != .stack { append("*stack/") }
            for (index, screen) in stack.elements.enumerated() {
                if index > 0 { append("/") }
                guard let route = screen.route else { preconditionFailure("a stack holds screens") }
                try routes.print(route, to: &out)
                if let modal = screen.modal { try self.modal(modal, wrapped: index < stack.count - 1) }
            }
        case (.tabs(let tabs), .skeleton(.tabs(let layouts, _))) where fits:
            try body(
                tabs.tabs.map { ($0.id.rawValue, $0.node) }, layouts.filter { $0.actionStyle == nil }.map { $0.layout },
                main: tabs.selectedIndex)
        case (.split(let split), .skeleton(.split(let sidebar, let content, let detail, _))) where fits:
            let layouts = [sidebar, content, detail]
            try body(
                split.columns.map { ($0.rawValue, split[$0]) }, split.columns.map { layouts[$0.index] },
                main: split.columns.firstIndex(of: node.focusedColumn ?? .sidebar) ?? 0)
        case (.tabs(let tabs), _):
            try members("*tabs(", tabs.tabs.map { ($0.id.rawValue, $0.node) }, selected: tabs.selectedIndex)
        case (.split(let split), _):
            let columns = split.columns.compactMap { column in split[column].map { (column.rawValue, $0) } }
            // `@` marks a declared primary column other than the sidebar, the first member.
            let primary = split.primary.flatMap { primary in columns.firstIndex { $0.0 == primary.rawValue } }
            try members(split.hasContentColumn ? "*split3(" : "*split2(", columns, selected: primary, markFirst: true)
        }
        if wrapped { append(")") }
        if let modal = node.modal { try self.modal(modal, wrapped: false) }
    }
    private mutating func modal(_ modal: Modal<Route>, wrapped: Bool) throws(URLPrintError) {
        append("/!")
        try style(modal.style)
        append(wrapped ? "(" : "/")
        try node(modal.node, .screen)
        if wrapped { append(")") }
    }
    /// A skeleton container's body: the main label, the side group, then the main member.
    private mutating func body(_ members: [(String, NavigationNode<Route>?)], _ layouts: [Layout<Route>?], main: Int)
        throws(URLPrintError)
    {
        PercentCoding.appendSegment(members[main].0, to: &out)
        var side = false
        for (index, (label, node)) in members.enumerated()
        where index != main && !NavigationNode.isDefault(node, layouts[index]) {
            append(side ? "," : "(")
            side = true
            PercentCoding.appendSegment(label, to: &out)
            append(":")
            if let node { try self.node(node, PrintSlot.column(layouts[index])) } else { append("*none") }
        }
        if side { append(")") }
        if let node = members[main].1, !NavigationNode.isDefault(node, layouts[main]) {
            append("/")
            try self.node(node, PrintSlot.column(layouts[main]))
        }
    }
    /// A marked container's members, `@` before the selected one: a tab bar's but the first, a
    /// split's declared primary column wherever it is.
    private mutating func members(
        _ marker: String, _ members: [(String, NavigationNode<Route>)], selected: Int?, markFirst: Bool = false
    ) throws(URLPrintError) {
        append(marker)
        for (index, (label, node)) in members.enumerated() {
            if index > 0 { append(",") }
            if index == selected && (index > 0 || markFirst) { append("@") }
            PercentCoding.appendSegment(label, to: &out)
            append(":")
            try self.node(node, .stack)
        }
        append(")")
    }
    private mutating func style(_ style: ModalStyle) throws(URLPrintError) {
        switch style {
        case .sheet(let options):
            append("sheet")
            for detent in options.detents { try self.detent(detent, prefix: "+") }
            if let selected = options.selectedDetent { try detent(selected, prefix: "+@") }
            if let grabber = options.showsDragIndicator { append(grabber ? "+grabber" : "+nograbber") }
            if options.interactiveDismissDisabled { append("+locked") }
        case .fullScreenCover: append("cover")
        case .alert: append("alert")
        case .confirmationDialog: append("dialog")
        }
    }
    /// A detent; a `Double` prints without the `+` of its exponent, which separates options.
    private mutating func detent(_ detent: SheetDetent, prefix: String) throws(URLPrintError) {
        append(prefix)
        switch detent {
        case .medium: append("medium")
        case .large: append("large")
        case .fraction(let value) where value.isFinite && value > 0 && value <= 1:
            out += value.description.utf8.filter { $0 != UInt8(ascii: "+") }
        case .height(let value) where value.isFinite && value > 0:
            out += value.description.utf8.filter { $0 != UInt8(ascii: "+") } + Array("pt".utf8)
        default: throw .invalidDetent(detent)
        }
    }
    private mutating func append(_ text: String) { out += text.utf8 }
}

/// The place a node sits in a printed state URL, which decides what kind a plain node is.
enum PrintSlot<Route: NavigationRoute> {
    /// A place the scene layout describes, whose layout is the default there.
    case skeleton(Layout<Route>)
    /// A member of `*tabs(…)` or `*split(…)`, or a column the layout leaves empty: a stack.
    case stack
    /// A modal's content: a screen.
    case screen
    /// The slot of a split view's column: its layout, or a stack for an empty one.
    static func column(_ layout: Layout<Route>?) -> PrintSlot { layout.map { .skeleton($0) } ?? .stack }
}
