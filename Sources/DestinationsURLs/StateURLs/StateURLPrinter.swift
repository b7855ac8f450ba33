import Destinations

/// Prints a state as the path of its canonical URL (URLS.md §4.3), a function of the state and
/// the scene layout: one text for each state.
struct StateURLPrinter<Route: NavigationRoute> {
    let routes: RouteTable<Route>
    var out: [UInt8] = []
    /// Prints the root; nothing when the state is the layout's default.
    mutating func root(_ node: NavigationNode<Route>, layout: Layout<Route>) throws(URLPrintError) {
        guard !node.isDefault(for: layout) else { return }
        try self.node(node, .skeleton(layout))
    }
    mutating func node(_ node: NavigationNode<Route>, _ slot: NodeSlot<Route>) throws(URLPrintError) {
        // A container that fits its slot prints its body, in parentheses when a modal follows;
        // one that does not prints a marker and its members.
        let fits: Bool
        switch (node.content, slot) {
        case (.tabs(let tabs), .skeleton(.tabs(let layouts, _))): fits = tabs.tabs.map(\.id) == layouts.map(\.id)
        case (.split(let split), .skeleton(.split(_, let content, _))):
            fits = split.hasContentColumn == (content != nil)
        case (.tabs, _), (.split, _): fits = false
        default: fits = true
        }
        let wrapped = fits && node.modal != nil && node.kind != .screen
        if wrapped { append("(") }
        switch (node.content, slot) {
        case (.screen(let route), _):
            if slot.plainKind != .screen { append("*screen/") }
            try routes.print(route, to: &out)
        case (.stack(let stack), _):
            if slot.plainKind != .stack { append("*stack/") }
            for (index, screen) in stack.elements.enumerated() {
                if index > 0 { append("/") }
                guard let route = screen.route else { preconditionFailure("a stack holds screens") }
                try routes.print(route, to: &out)
                if let modal = screen.modal { try self.modal(modal, wrapped: index < stack.count - 1) }
            }
        case (.tabs(let tabs), .skeleton(.tabs(let layouts, _))) where fits:
            try tabsBody(tabs, layouts)
        case (.split(let split), .skeleton(.split(let sidebar, let content, let detail))) where fits:
            try splitBody(split, focused: node.focusedColumn ?? .sidebar, [sidebar, content, detail])
        case (.tabs(let tabs), _):
            append("*tabs(")
            for (index, tab) in tabs.tabs.enumerated() {
                if index > 0 { append(index == tabs.selectedIndex ? ",@" : ",") }
                PercentCoding.appendSegment(tab.id.rawValue, to: &out)
                append(":")
                try self.node(tab.node, .stack)
            }
            append(")")
        case (.split(let split), _):
            append(split.hasContentColumn ? "*split3(" : "*split2(")
            for (index, (column, member)) in split.columns.compactMap({ column in split[column].map { (column, $0) } })
                .enumerated()
            {
                append((index > 0 ? "," : "") + column.rawValue + ":")
                try self.node(member, .stack)
            }
            append(")")
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
    private mutating func tabsBody(_ tabs: Tabs<Route>, _ layouts: [TabLayout<Route>]) throws(URLPrintError) {
        PercentCoding.appendSegment(tabs.selection.rawValue, to: &out)
        var side = false
        for (index, (tab, layout)) in zip(tabs.tabs, layouts).enumerated()
        where index != tabs.selectedIndex && !tab.node.isDefault(for: layout.layout) {
            append(side ? "," : "(")
            side = true
            PercentCoding.appendSegment(tab.id.rawValue, to: &out)
            append(":")
            try node(tab.node, .skeleton(layout.layout))
        }
        if side { append(")") }
        let (main, layout) = (tabs.tabs[tabs.selectedIndex].node, layouts[tabs.selectedIndex].layout)
        if !main.isDefault(for: layout) {
            append("/")
            try node(main, .skeleton(layout))
        }
    }
    private mutating func splitBody(_ split: Split<Route>, focused: SplitColumn, _ layouts: [Layout<Route>?])
        throws(URLPrintError)
    {
        append(focused.rawValue)
        var side = false
        for column in split.columns where column != focused {
            guard !NavigationNode.isDefault(split[column], layouts[column.index]) else { continue }
            append((side ? "," : "(") + column.rawValue + ":")
            side = true
            if let node = split[column] {
                try self.node(node, Layout.columnSlot(layouts[column.index]))
            } else {
                append("*none")
            }
        }
        if side { append(")") }
        if let main = split[focused], !NavigationNode.isDefault(main, layouts[focused.index]) {
            append("/")
            try node(main, Layout.columnSlot(layouts[focused.index]))
        }
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
    /// A detent; a `Double` prints as its description without the `+` of a positive exponent
    /// (`1e+20` → `1e20`), since `+` separates sheet options.
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
    private mutating func append(_ text: String) {
        out += text.utf8
    }
}
