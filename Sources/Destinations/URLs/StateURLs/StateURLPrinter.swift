/// Prints a state as the path of its canonical URL (URLS.md §4.3).
///
/// The printer is a function of the state and the scene layout: side members in tab or column
/// order, named parameters in declaration order and only when they differ from their default,
/// sheet options in one order, markers only where a node does not fit its slot, modal content
/// in parentheses only when more follows in its group.
struct StateURLPrinter<Route: NavigationRoute> {
    let routes: RouteTable<Route>
    var out: [UInt8] = []

    init(routes: RouteTable<Route>) {
        self.routes = routes
        out.reserveCapacity(128)
    }

    /// Prints the root; nothing when the state is the layout's default.
    mutating func root(_ node: NavigationNode<Route>, layout: Layout<Route>) throws(URLPrintError) {
        guard !node.isDefault(for: layout) else { return }
        try self.node(node, .skeleton(layout))
    }

    mutating func node(_ node: NavigationNode<Route>, _ slot: NodeSlot<Route>) throws(URLPrintError) {
        switch node.content {
        case .screen(let route):
            if slot.plainKind != .screen { append("*screen/") }
            try routes.print(route, to: &out)
            if let modal = node.modal {
                out.append(URLByte.slash)
                try self.modal(modal, wrapped: false)
            }
        case .stack(let stack):
            try wrapping(node) { (printer: inout StateURLPrinter) throws(URLPrintError) in
                if slot.plainKind != .stack { printer.append("*stack/") }
                try printer.stack(stack)
            }
        case .tabs(let tabs):
            if case .skeleton(.tabs(let layouts, let selected)) = slot, tabs.fits(layouts) {
                try wrapping(node) { (printer: inout StateURLPrinter) throws(URLPrintError) in
                    try printer.tabsBody(tabs, layouts, selected: selected)
                }
            } else {
                try explicitTabs(tabs)
                try modalAfterMarker(node)
            }
        case .split(let split):
            if case .skeleton(.split(let sidebar, let content, let detail)) = slot,
                split.hasContentColumn == (content != nil)
            {
                try wrapping(node) { (printer: inout StateURLPrinter) throws(URLPrintError) in
                    try printer.splitBody(split, sidebar: sidebar, content: content, detail: detail)
                }
            } else {
                try explicitSplit(split)
                try modalAfterMarker(node)
            }
        }
    }

    /// Prints a container's body, in parentheses followed by its modal when it presents one.
    private mutating func wrapping(
        _ node: NavigationNode<Route>,
        _ body: (inout StateURLPrinter) throws(URLPrintError) -> Void
    ) throws(URLPrintError) {
        guard let modal = node.modal else { return try body(&self) }
        out.append(URLByte.openParen)
        try body(&self)
        out.append(URLByte.closeParen)
        out.append(URLByte.slash)
        try self.modal(modal, wrapped: false)
    }

    private mutating func modalAfterMarker(_ node: NavigationNode<Route>) throws(URLPrintError) {
        guard let modal = node.modal else { return }
        out.append(URLByte.slash)
        try self.modal(modal, wrapped: false)
    }

    private mutating func stack(_ stack: Stack<Route>) throws(URLPrintError) {
        let screens = stack.screensRootFirst
        for (index, screen) in screens.enumerated() {
            guard let route = screen.route else { preconditionFailure("a stack holds screens, not a \(screen.kind)") }
            let isTop = index == screens.count - 1
            try routes.print(route, to: &out)
            if let modal = screen.modal {
                out.append(URLByte.slash)
                try self.modal(modal, wrapped: !isTop)
            }
            if !isTop { out.append(URLByte.slash) }
        }
    }

    private mutating func modal(_ modal: Modal<Route>, wrapped: Bool) throws(URLPrintError) {
        out.append(URLByte.bang)
        try style(modal.style)
        if wrapped {
            out.append(URLByte.openParen)
            try node(modal.node, .screen)
            out.append(URLByte.closeParen)
        } else {
            out.append(URLByte.slash)
            try node(modal.node, .screen)
        }
    }

    private mutating func tabsBody(_ tabs: Tabs<Route>, _ layouts: [TabLayout<Route>], selected: TabID?) throws(URLPrintError) {
        let selectedIndex = tabs.selectedIndex
        PercentEncoding.appendSegment(tabs.selection.rawValue, to: &out)
        var side = false
        for (index, (tab, layout)) in zip(tabs.tabs, layouts).enumerated()
        where index != selectedIndex && !tab.node.isDefault(for: layout.layout) {
            out.append(side ? URLByte.comma : URLByte.openParen)
            side = true
            PercentEncoding.appendSegment(tab.id.rawValue, to: &out)
            out.append(URLByte.colon)
            try node(tab.node, .skeleton(layout.layout))
        }
        if side { out.append(URLByte.closeParen) }
        let main = tabs.tabs[selectedIndex].node
        let layout = layouts[selectedIndex].layout
        if !main.isDefault(for: layout) {
            out.append(URLByte.slash)
            try node(main, .skeleton(layout))
        }
    }

    private mutating func splitBody(
        _ split: Split<Route>,
        sidebar: Layout<Route>,
        content: Layout<Route>?,
        detail: Layout<Route>?
    ) throws(URLPrintError) {
        func layout(_ column: SplitColumn) -> Layout<Route>? {
            switch column {
            case .sidebar: sidebar
            case .content: content
            case .detail: detail
            }
        }
        let focused = split.focusedColumn
        append(focused.rawValue)
        var side = false
        for column in split.columns where column != focused {
            let columnLayout = layout(column)
            guard !NavigationNode.isDefault(split[column], columnLayout) else { continue }
            out.append(side ? URLByte.comma : URLByte.openParen)
            side = true
            append(column.rawValue)
            out.append(URLByte.colon)
            if let node = split[column] {
                try self.node(node, Layout.columnSlot(columnLayout))
            } else {
                append("*none")
            }
        }
        if side { out.append(URLByte.closeParen) }
        if let main = split[focused], !NavigationNode.isDefault(main, layout(focused)) {
            out.append(URLByte.slash)
            try node(main, Layout.columnSlot(layout(focused)))
        }
    }

    private mutating func explicitTabs(_ tabs: Tabs<Route>) throws(URLPrintError) {
        append("*tabs(")
        let selectedIndex = tabs.selectedIndex
        for (index, tab) in tabs.tabs.enumerated() {
            if index > 0 { out.append(URLByte.comma) }
            if index == selectedIndex && index > 0 { out.append(URLByte.at) }
            PercentEncoding.appendSegment(tab.id.rawValue, to: &out)
            out.append(URLByte.colon)
            try node(tab.node, .stack)
        }
        out.append(URLByte.closeParen)
    }

    private mutating func explicitSplit(_ split: Split<Route>) throws(URLPrintError) {
        append(split.hasContentColumn ? "*split3(" : "*split2(")
        var first = true
        for column in split.columns {
            guard let node = split[column] else { continue }
            if !first { out.append(URLByte.comma) }
            first = false
            append(column.rawValue)
            out.append(URLByte.colon)
            try self.node(node, .stack)
        }
        out.append(URLByte.closeParen)
    }

    private mutating func style(_ style: ModalStyle) throws(URLPrintError) {
        switch style {
        case .sheet(let options):
            append("sheet")
            for detent in options.detents {
                out.append(URLByte.plus)
                try self.detent(detent)
            }
            if let selected = options.selectedDetent {
                out.append(URLByte.plus)
                out.append(URLByte.at)
                try detent(selected)
            }
            switch options.showsDragIndicator {
            case true?: append("+grabber")
            case false?: append("+nograbber")
            case nil: break
            }
            if options.interactiveDismissDisabled { append("+locked") }
        case .fullScreenCover: append("cover")
        case .alert: append("alert")
        case .confirmationDialog: append("dialog")
        }
    }

    private mutating func detent(_ detent: SheetDetent) throws(URLPrintError) {
        switch detent {
        case .medium: append("medium")
        case .large: append("large")
        case .fraction(let value):
            guard value.isFinite, value > 0, value <= 1 else { throw .invalidDetent(detent) }
            appendDecimal(value)
        case .height(let value):
            guard value.isFinite, value > 0 else { throw .invalidDetent(detent) }
            appendDecimal(value)
            append("pt")
        }
    }

    /// A `Double`'s description, without the `+` of a positive exponent (`1e+20` → `1e20`),
    /// since `+` separates sheet options.
    private mutating func appendDecimal(_ value: Double) {
        for byte in value.description.utf8 where byte != URLByte.plus { out.append(byte) }
    }

    private mutating func append(_ text: String) {
        out.append(contentsOf: text.utf8)
    }
}

extension Tabs {
    /// Whether the tab bar has the layout's tabs, in order.
    func fits(_ layouts: [TabLayout<Route>]) -> Bool {
        guard tabs.count == layouts.count else { return false }
        for (tab, layout) in zip(tabs, layouts) where tab.id != layout.id { return false }
        return true
    }
}
