import Foundation

/// Reads a saved tree element by element, keeping what it understands (see ``Restoration``).
struct LenientReader<Route: NavigationRoute & Codable> {
    let policy: @Sendable (Route) -> RestorationPolicy<Route>
    /// Whether a provider builds the route; routes without one are left out.
    let isProvided: (Route) -> Bool
    /// The guard that denies a change adding the route, if one does; such screens are left out.
    let deniedBy: (Route) -> String?
    let age: TimeInterval
    var freshIDs: SequentialElementIDs
    /// The first id of elements built afresh (the initial content of a tab that failed).
    let firstFreshID: UInt64
    /// Whether saved ids are replaced with fresh ones: when they come so close to
    /// ``ElementID/maximum`` that the flow would soon run out.
    let renumbers: Bool
    var report = RestorationReport()
    /// The screens built afresh for tabs that failed.
    var resetScreens = 0
    /// Whether what was read holds a modal or content made from the layout. The reader keeps
    /// every other rule of the model as it reads (ids valid and unique, stacks of screens, tab
    /// names, a selection shown, no content column in a two-column split); only then can the
    /// result break one (a modal off the focus path).
    private(set) var needsCheck = false
    /// The ids given so far: an ``IDMap`` of the size of the tree, which hashes an id with one
    /// multiplication.
    private var seen: IDMap<Bool>

    /// A reader of a tree that ``SnapshotSize`` found within the limits.
    init(
        policy: @escaping @Sendable (Route) -> RestorationPolicy<Route>,
        isProvided: @escaping (Route) -> Bool = { _ in true },
        deniedBy: @escaping (Route) -> String? = { _ in nil },
        age: TimeInterval, firstFreshID: UInt64, elements: Int = 0
    ) {
        self.seen = IDMap(capacity: elements)
        self.policy = policy
        self.isProvided = isProvided
        self.deniedBy = deniedBy
        self.age = age
        self.renumbers = firstFreshID > ElementID.maximum.rawValue / 2
        if renumbers { report.issues.append(.idsRenumbered) }
        self.firstFreshID = renumbers ? 1 : firstFreshID
        self.freshIDs = SequentialElementIDs(startingAt: self.firstFreshID)
    }

    /// The element `value` saved, or `nil` when it cannot come back; `layout` is the layout
    /// this element was built from, when known, for the initial content of its tabs.
    mutating func node(_ value: SnapshotValue, path: ElementPath, layout: Layout<Route>?, depth: Int) -> NavigationNode<
        Route
    >? {
        guard case .object(let members) = value else { return malformed(path.text, "not an object") }
        // One pass over the element's few members, rather than a lookup per key it may have.
        var kind = ""
        var body = SnapshotValue.null
        var kinds = 0
        var savedID: SnapshotValue?
        var savedModal: SnapshotValue?
        for (key, member) in members {
            switch key {
            case "screen", "stack", "tabs", "split":
                (kind, body, kinds) = (key, member, kinds + 1)
            case "id": savedID = member
            case "modal": savedModal = member
            default: break
            }
        }
        guard kinds == 1 else { return malformed(path.text, "not exactly one of screen, stack, tabs and split") }
        let id = self.id(savedID, path: path)
        let content: NavigationNode<Route>.Content
        switch kind {
        case "screen":
            guard let route = route(body, path: path) else { return nil }
            content = .screen(route)
        case "stack":
            guard let stack = stack(body, path: path.text, depth: depth) else { return nil }
            content = .stack(stack)
        case "tabs":
            guard let tabs = tabs(body, saved: value, path: path.text, layout: layout, depth: depth) else {
                return nil
            }
            content = .tabs(tabs)
        default:
            guard let split = split(body, path: path.text, layout: layout, depth: depth) else { return nil }
            content = .split(split)
        }
        var node = NavigationNode(id: id, content: content)
        if let savedModal {
            node.modal = modal(savedModal, path: path.text + "/modal", depth: depth)
            if node.modal != nil { needsCheck = true }
        }
        return node
    }

    /// The element's saved id; a fresh one when all are renumbered, or when the saved one is
    /// missing, invalid or already used (fresh ids lie above every valid saved one).
    private mutating func id(_ saved: SnapshotValue?, path: ElementPath) -> ElementID {
        if renumbers { return freshIDs.next() }
        if case .integer(let raw)? = saved, raw >= 0, ElementID(UInt64(raw)).isValid,
            seen[ElementID(UInt64(raw))] == nil
        {
            seen[ElementID(UInt64(raw))] = true
            return ElementID(UInt64(raw))
        }
        report.issues.append(.idReplaced(path: path.text))
        let fresh = freshIDs.next()
        seen[fresh] = true
        return fresh
    }

    private mutating func route(_ value: SnapshotValue, path: ElementPath) -> Route? {
        let route: Route
        do {
            route = try value.decoded(as: Route.self)
        } catch {
            report.issues.append(.undecodableRoute(path: path.text, reason: Restoration<Route>.reason(error)))
            return nil
        }
        guard isProvided(route) else {
            report.issues.append(.noProvider(path: path.text, route: route.readableDescription))
            return nil
        }
        if let name = deniedBy(route) {
            report.issues.append(.deniedByGuard(path: path.text, route: route.readableDescription, guard: name))
            return nil
        }
        switch policy(route) {
        case .restore:
            return route
        case .never:
            report.issues.append(.droppedByPolicy(path: path.text, route: route.readableDescription))
            return nil
        case .replace(let replacement):
            report.issues.append(
                .replaced(path: path.text, route: route.readableDescription, with: replacement.readableDescription))
            return replacement
        case .maximumAge(let seconds):
            guard age >= 0, age <= seconds else {
                report.issues.append(.expired(path: path.text, route: route.readableDescription))
                return nil
            }
            return route
        }
    }

    private mutating func stack(_ value: SnapshotValue, path: String, depth: Int) -> Stack<Route>? {
        guard case .array(let saved) = value, !saved.isEmpty else { return malformed(path, "a stack needs a root") }
        // The stack's links are built as its screens are read, root first: no list of them.
        var top: Stack<Route>.Link?
        var kept = 0
        for (index, element) in saved.enumerated() {
            // The element's path is written out only when an issue names it.
            let elementPath = ElementPath(path, stackIndex: index)
            guard let node = node(element, path: elementPath, layout: nil, depth: depth + 1) else { break }
            guard node.isScreen else {
                report.issues.append(.malformedElement(path: elementPath.text, reason: "a stack holds screens only"))
                break
            }
            top = Stack.Link(node, below: top)
            kept += 1
        }
        guard let top else { return nil }
        if kept < saved.count {
            report.issues.append(.stackTruncated(path: path, kept: kept, saved: saved.count))
        }
        return Stack(top: top)
    }

    private mutating func tabs(
        _ value: SnapshotValue, saved bar: SnapshotValue, path: String, layout: Layout<Route>?, depth: Int
    ) -> Tabs<Route>? {
        let selected = bar["selected"]
        guard case .array(let saved) = value else { return malformed(path, "tabs are not an array") }
        var layouts: [TabLayout<Route>] = []
        if case .tabs(let tabLayouts, _)? = layout { layouts = tabLayouts }
        var kept: [Tab<Route>] = []
        var names: Set<TabID> = []
        for (index, entry) in saved.enumerated() {
            guard case .string(let name)? = entry["id"] else {
                report.issues.append(.malformedElement(path: "\(path)/tabs[\(index)]", reason: "a tab needs a name"))
                continue
            }
            let tab = TabID(name)
            guard names.insert(tab).inserted else {
                report.issues.append(.malformedElement(path: "\(path)/tabs[\(name)]", reason: "two tabs share a name"))
                continue
            }
            let declared = layouts.first { $0.id == tab && $0.actionStyle == nil }
            let tabLayout = declared?.layout
            // A tab inserted while the app ran is kept though the layout lacks it.
            let inserted = entry["inserted"] == .bool(true)
            if !layouts.isEmpty, tabLayout == nil, !inserted {
                names.remove(tab)
                report.issues.append(.tabDropped(tab))
                continue
            }
            let decorated = { (node: NavigationNode<Route>) -> Tab<Route> in
                var kept = Tab(
                    id: tab, node: node, section: declared?.section ?? entry["section"]?.text,
                    role: declared?.role ?? entry["role"]?.text.flatMap(TabRole.init(rawValue:)))
                kept.isInserted = declared == nil && inserted
                return kept
            }
            if let saved = entry["node"],
                let node = node(saved, path: ElementPath("\(path)/tabs[\(name)]"), layout: tabLayout, depth: depth + 1)
            {
                kept.append(decorated(node))
            } else if let tabLayout, let node = try? tabLayout.makeNode(ids: &freshIDs) {
                needsCheck = true
                report.issues.append(.tabReset(tab))
                resetScreens += NavigationState(root: node).screens.count
                kept.append(decorated(node))
            } else {
                names.remove(tab)
                report.issues.append(
                    .malformedElement(
                        path: "\(path)/tabs[\(name)]", reason: "the tab is not in the layout, so it cannot be reset"))
            }
        }
        // Tabs of the layout that were not saved come back with their initial content, in the
        // layout's order.
        for tabLayout in layouts where tabLayout.actionStyle == nil && !names.contains(tabLayout.id) {
            guard let node = try? tabLayout.layout.makeNode(ids: &freshIDs) else { continue }
            needsCheck = true
            report.issues.append(.tabAdded(tabLayout.id))
            resetScreens += NavigationState(root: node).screens.count
            names.insert(tabLayout.id)
            kept.append(Tab(id: tabLayout.id, node: node, section: tabLayout.section, role: tabLayout.role))
        }
        // The saved order is the user's: kept as it was, the tabs added back after it.
        guard let first = kept.first else { return malformed(path, "no tab came back") }
        var hidden: Set<TabID> = []
        if case .array(let saved)? = bar["hidden"] {
            hidden = Set(saved.compactMap { $0.text.map(TabID.init(rawValue:)) }).intersection(names)
        }
        var selection = first.id
        if case .string(let name)? = selected, kept.contains(where: { $0.id.rawValue == name }) {
            selection = TabID(name)
        }
        if hidden.contains(selection) {
            guard let shown = kept.first(where: { !hidden.contains($0.id) }) else {
                return malformed(path, "every tab is hidden")
            }
            selection = shown.id
        }
        return Tabs(
            tabs: kept, selection: selection, hidden: hidden,
            actions: actions(bar, layouts: layouts, names: names, count: kept.count))
    }

    /// The action items: the saved ones that read, then those the layout declares that were
    /// not saved, at their place in the layout.
    private func actions(_ bar: SnapshotValue, layouts: [TabLayout<Route>], names: Set<TabID>, count: Int)
        -> [Tabs<Route>.Action]
    {
        var result = savedActions(bar, names: names, count: count)
        var placement = 0
        for item in layouts {
            guard let style = item.actionStyle else {
                placement += 1
                continue
            }
            guard !names.contains(item.id), !result.contains(where: { $0.id == item.id }) else { continue }
            result.append(
                Tabs.Action(
                    id: item.id, presents: item.layout, style: style, section: item.section,
                    placement: min(placement, count)))
        }
        return result
    }

    /// The saved action items that read, whose names no tab has.
    private func savedActions(_ bar: SnapshotValue, names: Set<TabID>, count: Int) -> [Tabs<Route>.Action] {
        guard case .array(let saved)? = bar["actions"] else { return [] }
        var seen = names
        return saved.compactMap { entry in
            guard let text = entry["id"]?.text, let presents = try? entry["presents"]?.decoded(as: Layout<Route>.self),
                let style = try? entry["style"]?.decoded(as: ModalStyle.self), seen.insert(TabID(text)).inserted
            else { return nil }
            var placement = 0
            if case .integer(let saved)? = entry["placement"] { placement = Int(clamping: saved) }
            return Tabs.Action(
                id: TabID(text), presents: presents, style: style, section: entry["section"]?.text,
                placement: min(max(placement, 0), count))
        }
    }

    private mutating func split(_ value: SnapshotValue, path: String, layout: Layout<Route>?, depth: Int) -> Split<
        Route
    >? {
        guard case .integer(let columns)? = value["columns"], columns == 2 || columns == 3 else {
            return malformed(path, "a split has 2 or 3 columns")
        }
        var sidebarLayout: Layout<Route>?
        var layoutPrimary: SplitColumn?
        if case .split(let layoutSidebar, _, _, let primary)? = layout {
            (sidebarLayout, layoutPrimary) = (layoutSidebar, primary)
        }
        let sidebar: NavigationNode<Route>
        if let saved = value["sidebar"],
            let node = node(saved, path: ElementPath(path + "/sidebar"), layout: sidebarLayout, depth: depth + 1)
        {
            sidebar = node
        } else if let sidebarLayout, let node = try? sidebarLayout.makeNode(ids: &freshIDs) {
            needsCheck = true
            // The other columns are worth keeping: only the sidebar starts afresh.
            report.issues.append(.sidebarReset(path: path + "/sidebar"))
            resetScreens += NavigationState(root: node).screens.count
            sidebar = node
        } else {
            return nil
        }
        var content: NavigationNode<Route>?
        if columns == 3, let saved = value["content"] {
            content = node(saved, path: ElementPath(path + "/content"), layout: nil, depth: depth + 1)
        }
        var detail: NavigationNode<Route>?
        if let saved = value["detail"] {
            detail = node(saved, path: ElementPath(path + "/detail"), layout: nil, depth: depth + 1)
        }
        // The primary column is the saved one when it fits, else the layout's.
        var primary = layoutPrimary
        if case .string(let name)? = value["primary"], let saved = SplitColumn(rawValue: name),
            columns == 3 || saved != .content
        {
            primary = saved
        }
        var collapsed = false
        if case .bool(let saved)? = value["collapsed"] { collapsed = saved }
        return Split(
            sidebar: sidebar, content: content, detail: detail, hasContentColumn: columns == 3, primary: primary,
            isCollapsed: collapsed)
    }

    private mutating func modal(_ value: SnapshotValue, path: String, depth: Int) -> Modal<Route>? {
        guard let savedStyle = value["style"], let style = try? savedStyle.decoded(as: ModalStyle.self),
            let savedContent = value["content"]
        else {
            report.issues.append(.modalDropped(path: path))
            return nil
        }
        guard let content = node(savedContent, path: ElementPath(path), layout: nil, depth: depth + 1),
            !style.isOverlay || (content.isScreen && content.modal == nil)
        else {
            report.issues.append(.modalDropped(path: path))
            return nil
        }
        return Modal(style: style, node: content)
    }

    private mutating func malformed<T>(_ path: String, _ reason: String) -> T? {
        report.issues.append(.malformedElement(path: path, reason: reason))
        return nil
    }
}

extension LenientReader {
    /// Where an element sits in the saved tree, as the report names it (`root/tabs[inbox]/stack[2]`),
    /// written out only when an issue names it.
    struct ElementPath {
        let parent: String
        let stackIndex: Int?

        init(_ path: String, stackIndex: Int? = nil) {
            self.parent = path
            self.stackIndex = stackIndex
        }

        var text: String {
            guard let stackIndex else { return parent }
            return "\(parent)/stack[\(stackIndex)]"
        }
    }
}

extension SnapshotValue {
    /// The string, when the value is one.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
