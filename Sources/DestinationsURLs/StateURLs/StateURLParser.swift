import Destinations

/// Parses the path of a canonical state URL (URLS.md §4.2): recursive descent over bytes, LL(1),
/// the scene's layout shape saying what a plain node is and what a part left out holds. Not
/// generic: it asks `build` for each id and node, and `make` for each route, in parse order.
struct StateURLParser {
    /// A node built so far: its position among the nodes built, its id, and what the grammar checks.
    struct Built {
        let node: Int
        let id: ElementID
        let isScreen: Bool
        var presents = false
    }
    typealias Make = (Int, inout ArgumentReader) throws(DeepLinkError) -> Void
    typealias Build = (StateBuildStep) throws(DeepLinkError) -> ElementID
    var scan: StateURLScanner
    let layoutScreens: [Int]
    var nodes = 0
    var depth = 0
    var screens = 0
    /// Where each modal starts (its `!`), by the id of its content.
    var modalOffsets: [(content: ElementID, offset: Int)] = []
    /// The nodes of the tabs the path leaves out, built from their layout.
    var elidedTabs: [ElementID] = []
    /// Parses `bytes[start..<end]`, a state path of the scene whose layout is `shape`: the root's
    /// position among the nodes built, the modals' offsets and the tabs left out.
    static func parse(
        _ bytes: [UInt8], from start: Int, to end: Int, shape: LayoutShape, engine: URLEngine, limits: URLLimits,
        make: Make, build: Build
    ) throws(DeepLinkError) -> (
        root: Int, modalOffsets: [(content: ElementID, offset: Int)], elidedTabs: [ElementID]
    ) {
        try StateURLScanner.prescan(bytes, start, end, limits: limits)
        let trimmed = end > start && bytes[end - 1] == UInt8(ascii: "/") ? end - 1 : end
        // The closures are handed down, not stored: a stored closure would be made escaping,
        // with a context allocated for each and a thunk on every call.
        var parser = StateURLParser(
            scan: StateURLScanner(bytes, start, trimmed, patterns: engine.patterns, limits: limits),
            layoutScreens: engine.layoutScreens)
        let root =
            start == trimmed
            ? try parser.defaultNode(shape, build) : try parser.parseNode(.skeleton(shape), overlay: false, make, build)
        if parser.scan.position != trimmed { throw .malformed(.trailingInput, offset: parser.scan.position) }
        return (root.node, parser.modalOffsets, parser.elidedTabs)
    }
    mutating func parseNode(_ slot: NodeSlot, overlay: Bool, _ make: Make, _ build: Build) throws(DeepLinkError)
        -> Built
    {
        depth += 1
        defer { depth -= 1 }
        guard depth <= scan.limits.depth else { throw .tooDeep(depth: depth, limit: scan.limits.depth) }
        switch (scan.peek, slot) {
        case (UInt8(ascii: "("), _):
            scan.position += 1
            var node = try parseNode(slot, overlay: overlay, make, build)
            try scan.expectClose()
            _ = try parseModal(after: &node, overlay: overlay, make, build)
            return node
        case (UInt8(ascii: "*"), _): return try parseMarked(overlay: overlay, slot: slot, make, build)
        case (_, .screen), (_, .skeleton(.screen)): return try parseScreen(overlay: overlay, make, build).node
        case (_, .stack), (_, .skeleton(.stack)): return try parseStack(make, build)
        case (_, .skeleton(let layout)) where scan.atGroupEnd: return try defaultNode(layout, build)
        case (_, .skeleton(.tabs(let layout, let labels, let members))):
            let id = try build(.id)
            let (main, nodes) = try parseBody(labels, members.map { Optional($0) }, tabs: true, make, build)
            let tabs = zip(labels, nodes).compactMap { label, node in node.map { (label, $0.node) } }
            return try add(.tabs(id, tabs, selection: labels[main], declaredBy: layout), id: id, build)
        case (_, .skeleton(.split(_, let sidebar, let content, let detail, let primary))):
            let id = try build(.id)
            let columns: [SplitColumn] = content != nil ? [.sidebar, .content, .detail] : [.sidebar, .detail]
            let layouts = [sidebar, content, detail]
            let (_, nodes) = try parseBody(
                columns.map(\.rawValue), columns.map { layouts[$0.index] }, tabs: false, make, build)
            guard let sidebar = nodes[0] else { throw .malformed(.missingSidebar, offset: scan.position) }
            let detail = nodes.last ?? nil
            return try add(
                .split(
                    id, sidebar: sidebar.node, content: content != nil ? nodes[1]?.node : nil, detail: detail?.node,
                    hasContentColumn: content != nil, primary: primary), id: id, build)
        }
    }
    /// Adds the node `step` builds, whose id is `id`.
    mutating func add(_ step: StateBuildStep, id: ElementID, isScreen: Bool = false, _ build: Build)
        throws(DeepLinkError)
        -> Built
    {
        _ = try build(step)
        nodes += 1
        return Built(node: nodes - 1, id: id, isScreen: isScreen)
    }
    /// A screen and its modal; `open` is false when a modal not in parentheses ends the group.
    mutating func parseScreen(overlay: Bool, _ make: Make, _ build: Build) throws(DeepLinkError) -> (
        node: Built, open: Bool
    ) {
        try scan.parseRoute(make)
        try count(screens: 1)
        let id = try build(.id)
        var node = try add(.screen(id), id: id, isScreen: true, build)
        let open = try parseModal(after: &node, overlay: overlay, make, build)
        if open && node.presents && scan.atModal { throw .malformed(.secondModal, offset: scan.position + 1) }
        return (node, open)
    }
    mutating func parseStack(_ make: Make, _ build: Build) throws(DeepLinkError) -> Built {
        let id = try build(.id)
        var elements: [Int] = []
        // Room for a few screens at once: appending one by one would grow the buffer twice.
        elements.reserveCapacity(4)
        var open = true
        repeat {
            let screen = try parseScreen(overlay: false, make, build)
            elements.append(screen.node.node)
            open = screen.open
        } while open && scan.take(UInt8(ascii: "/"))
        return try add(.stack(id, elements), id: id, build)
    }
    /// The modal `/!style/content` or `/!style(content)` after `node`; `false` if it ends the group.
    mutating func parseModal(after node: inout Built, overlay: Bool, _ make: Make, _ build: Build) throws(DeepLinkError)
        -> Bool
    {
        guard scan.atModal else { return true }
        if overlay { throw .malformed(.overlayCannotPresent, offset: scan.position + 1) }
        guard !node.presents else { throw .malformed(.secondModal, offset: scan.position + 1) }
        let bang = scan.position + 1
        scan.position += 2
        let style = try scan.parseStyle()
        let contentStart = scan.position
        let wrapped = scan.take(UInt8(ascii: "("))
        guard wrapped || scan.take(UInt8(ascii: "/")) else {
            throw .malformed(.missingModalContent, offset: scan.position)
        }
        let content = try parseNode(.screen, overlay: style.isOverlay, make, build)
        if wrapped { try scan.expectClose() }
        if style.isOverlay && !content.isScreen { throw .malformed(.overlayNeedsScreen, offset: contentStart + 1) }
        modalOffsets.append((content.id, bang))
        _ = try build(.present(node.node, style, content: content.node))
        node.presents = true
        return wrapped
    }
    mutating func parseMarked(overlay: Bool, slot: NodeSlot, _ make: Make, _ build: Build) throws(DeepLinkError)
        -> Built
    {
        let start = scan.position
        scan.position += 1
        let word = scan.wordEnd { URLByte.isLowercaseLetter($0) || URLByte.isDigit($0) }
        let marker = String(decoding: scan.bytes[scan.position..<word], as: UTF8.self)
        scan.position = word
        switch marker {
        case "screen", "stack":
            try scan.expect(UInt8(ascii: "/"))
            return marker == "screen"
                ? try parseScreen(overlay: overlay, make, build).node : try parseStack(make, build)
        case "tabs", "split2", "split3":
            try scan.expect(UInt8(ascii: "("))
            let split: [SplitColumn] = marker == "split2" ? [.sidebar, .detail] : [.sidebar, .content, .detail]
            var declaredBy: Int?
            if marker == "tabs", case .skeleton(.tabs(let layout, _, _)) = slot { declaredBy = layout }
            var node = try parseMarkedMembers(marker == "tabs" ? nil : split, declaredBy: declaredBy, make, build)
            _ = try parseModal(after: &node, overlay: overlay, make, build)
            return node
        default:
            throw .malformed(.unknownMarker, offset: start)
        }
    }
    /// Builds what `layout` describes: a part the URL leaves out.
    mutating func defaultNode(_ layout: LayoutShape, _ build: Build) throws(DeepLinkError) -> Built {
        try count(screens: layoutScreens[layout.layout])
        let id = try build(.layout(layout.layout))
        nodes += 1
        let isScreen = if case .screen = layout { true } else { false }
        return Built(node: nodes - 1, id: id, isScreen: isScreen)
    }
    mutating func count(screens added: Int) throws(DeepLinkError) {
        screens += added
        if screens > scan.limits.screens { throw .tooManyScreens(count: screens, limit: scan.limits.screens) }
    }
}

/// The place a node sits in a state URL, which decides what kind a plain (unmarked) node is.
enum NodeSlot {
    /// A place the scene layout describes, whose layout is the default there.
    case skeleton(LayoutShape)
    /// A member of `*tabs(…)` or `*split(…)`, or a column the layout leaves empty: a stack.
    case stack
    /// A modal's content: a screen.
    case screen
    /// The slot of a split view's column: its layout, or a stack for an empty one.
    static func column(_ layout: LayoutShape?) -> NodeSlot { layout.map { .skeleton($0) } ?? .stack }
}

extension SplitColumn {
    var index: Int {
        switch self {
        case .sidebar: 0
        case .content: 1
        case .detail: 2
        }
    }
}
