/// A navigation change under way: a working copy of the state and a record of what changed.
///
/// Every presentation runs on a transaction, and a transaction applies one presentation
/// completely or not at all: when ``apply(_:)-(Presentation<Route>)`` throws, the transaction
/// is as it was before the call. A ``Flow`` commits the transaction's state only when every
/// step and every Destination it needs succeeded.
///
/// Presentations start at the ``anchor``, the screen that asked for them, and move it: after a
/// push the anchor is the pushed screen, so the next step of a path starts there.
public struct NavigationTransaction<Route: NavigationRoute>: Sendable {
    /// The state as the transaction has changed it so far.
    public private(set) var state: NavigationState<Route>
    /// The element the next presentation starts from.
    public var anchor: ElementID
    /// The id generator; advanced as elements are added.
    public private(set) var ids: any ElementIDGenerator

    private var addedOrder: [ElementID] = []
    private var addedNodes: [ElementID: NavigationNode<Route>] = [:]
    private var removedOrder: [ElementID] = []
    private var removedNodes: [ElementID: NavigationNode<Route>] = [:]
    private var removedAll: Set<ElementID> = []
    private var touched: Set<ElementID> = []
    private var pathSteps: [(index: Int, count: Int)] = []
    private var addedInStep: [ElementID: [(index: Int, count: Int)]] = [:]

    /// Starts a transaction on `state`, from `anchor` or else the focused screen.
    public init(state: NavigationState<Route>, anchor: ElementID? = nil, ids: any ElementIDGenerator) {
        self.state = state
        self.anchor = anchor ?? state.focusedScreen.id
        self.ids = ids
    }

    /// What the transaction has changed so far.
    public var changes: NavigationChanges<Route> {
        var changes = NavigationChanges<Route>()
        changes.added = addedOrder.compactMap { id in removedAll.contains(id) ? nil : addedNodes[id] }
        changes.removed = removedOrder.compactMap { id in addedNodes[id] == nil ? removedNodes[id] : nil }
        changes.removedIDs = removedAll.filter { addedNodes[$0] == nil }
        changes.touched = touched.subtracting(removedAll)
        return changes
    }

    /// Applies a presentation, all of it or nothing.
    ///
    /// - Throws: ``NavigationError``, and then the transaction is unchanged.
    public mutating func apply(_ presentation: Presentation<Route>) throws(NavigationError) {
        var working = self
        try working.run(presentation)
        self = working
    }

    /// Applies a user-driven change, all of it or nothing.
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` when the change does not fit the state.
    public mutating func apply(_ action: UserAction<Route>) throws(NavigationError) {
        var working = self
        try working.run(action)
        self = working
    }

    // MARK: - Presentations

    private mutating func run(_ presentation: Presentation<Route>) throws(NavigationError) {
        switch presentation {
        case .push(let route): try push(route)
        case .back: try back()
        case .popToRoot: try popToRoot()
        case .popTo(let route): try popTo(route)
        case .popAbove(let element): try popAbove(element)
        case .setStack(let routes): try setStack(routes)
        case .selectTab(let tab): try selectTab(tab)
        case .presentInTab(let tab, let route): try presentInTab(tab, route)
        case .show(let route, let column): try show(route, in: column)
        case .present(let layout, let style): try present(layout, style: style)
        case .dismiss: try dismiss()
        case .dismissAll: dismissAll()
        case .replaceCurrent(let route): try replaceCurrent(route)
        case .replaceRoot(let layout): try replaceRoot(layout)
        case .path(let steps):
            for (index, step) in steps.enumerated() {
                pathSteps.append((index, steps.count))
                defer { pathSteps.removeLast() }
                do throws(NavigationError) {
                    try run(step)
                } catch {
                    throw .step(index, of: steps.count, error)
                }
            }
        case .custom(let custom):
            try custom.run(on: &self)
        }
    }

    private mutating func push(_ route: Route) throws(NavigationError) {
        let stackPath = try nearestStack()
        let node = makeScreen(route)
        let stackID = state.root.modify(at: stackPath[...]) { stack in
            stack.modifyStack { $0.push(node) }
            return stack.id
        }
        touched.insert(stackID)
        anchor = node.id
    }

    private mutating func back() throws(NavigationError) {
        let stackPath = try nearestStack()
        let popped = state.root.modify(at: stackPath[...]) { stack in
            stack.modifyStack { $0.pop() }
        }
        let stack = try node(at: stackPath)
        guard let popped else { throw .cannotGoBack(stack: stack.id) }
        recordRemoval(of: popped)
        touched.insert(stack.id)
        anchor = focus(of: stack)
    }

    private mutating func popToRoot() throws(NavigationError) {
        let stackPath = try nearestStack()
        let popped = state.root.modify(at: stackPath[...]) { stack in
            stack.modifyStack { stack in
                var popped: [NavigationNode<Route>] = []
                while let node = stack.pop() { popped.append(node) }
                return popped
            }
        }
        let stack = try node(at: stackPath)
        popped.forEach { recordRemoval(of: $0) }
        if !popped.isEmpty { touched.insert(stack.id) }
        anchor = focus(of: stack)
    }

    private mutating func popTo(_ route: Route) throws(NavigationError) {
        let stackPath = try nearestStack()
        let stack = try node(at: stackPath)
        guard case .stack(let elements) = stack.content,
            let depth = elements.elementsFromTop.enumerated().dropFirst().first(where: { $0.element.route == route })?.offset
        else {
            throw .routeNotInStack(route: route.name, stack: stack.id)
        }
        let popped = state.root.modify(at: stackPath[...]) { stack in
            stack.modifyStack { stack in (0..<depth).compactMap { _ in stack.pop() } }
        }
        popped.forEach { recordRemoval(of: $0) }
        touched.insert(stack.id)
        anchor = try focus(of: node(at: stackPath))
    }

    private mutating func popAbove(_ element: ElementID) throws(NavigationError) {
        guard let elementPath = state.root.path(to: element) else { throw .unknownElement(element) }
        guard case .stackElement(let depth)? = elementPath.last else { throw .noStack(from: element) }
        let stackPath = Array(elementPath.dropLast())
        if depth > 0 {
            let popped = state.root.modify(at: stackPath[...]) { stack in
                stack.modifyStack { stack in (0..<depth).compactMap { _ in stack.pop() } }
            }
            popped.forEach { recordRemoval(of: $0) }
            touched.insert(try node(at: stackPath).id)
        }
        anchor = try focus(of: node(at: stackPath))
    }

    private mutating func setStack(_ routes: [Route]) throws(NavigationError) {
        guard !routes.isEmpty else { throw .invalidLayout(.emptyStack) }
        let stackPath = try nearestStack()
        let stackNode = try node(at: stackPath)
        guard case .stack(let stack) = stackNode.content else { throw .noStack(from: anchor) }
        let current = stack.elements
        var kept = 0
        while kept < min(current.count, routes.count), current[kept].route == routes[kept] { kept += 1 }
        guard kept < current.count || kept < routes.count else {
            anchor = focus(of: stackNode)
            return
        }
        let added = routes[kept...].map { makeScreen($0) }
        if kept == 0 {
            current.forEach { recordRemoval(of: $0) }
            state.root.modify(at: stackPath[...]) { $0.content = .stack(Stack(added)) }
        } else {
            let popCount = current.count - kept
            let popped = state.root.modify(at: stackPath[...]) { node in
                node.modifyStack { stack in
                    let popped = (0..<popCount).compactMap { _ in stack.pop() }
                    for screen in added { stack.push(screen) }
                    return popped
                }
            }
            popped.forEach { recordRemoval(of: $0) }
        }
        touched.insert(stackNode.id)
        anchor = try focus(of: node(at: stackPath))
    }

    private mutating func selectTab(_ tab: TabID) throws(NavigationError) {
        let (tabsPath, index) = try tabIndex(tab)
        let changed = state.root.modify(at: tabsPath[...]) { node in
            guard case .tabs(var tabs) = node.content, tabs.selection != tab else { return false }
            tabs.selection = tab
            node.content = .tabs(tabs)
            return true
        }
        let tabs = try node(at: tabsPath)
        if changed { touched.insert(tabs.id) }
        anchor = try focus(of: node(at: tabsPath + [.tab(index: index)]))
    }

    private mutating func presentInTab(_ tab: TabID, _ route: Route) throws(NavigationError) {
        try selectTab(tab)
        let (tabsPath, index) = try tabIndex(tab)
        let tabPath = tabsPath + [.tab(index: index)]
        let tabNode = try node(at: tabPath)
        if tabNode.kind == .stack {
            anchor = tabNode.id
            let node = makeScreen(route)
            state.root.modify(at: tabPath[...]) { stack in stack.modifyStack { $0.push(node) } }
            touched.insert(tabNode.id)
            anchor = node.id
        } else {
            try replaceNode(at: tabPath, with: makeScreen(route), parent: try node(at: tabsPath).id)
        }
    }

    private mutating func show(_ route: Route, in column: SplitColumn) throws(NavigationError) {
        guard let splitPath = try nearest(.split, crossingModals: true) else { throw .noSplit(from: anchor) }
        let splitNode = try node(at: splitPath)
        guard case .split(let split) = splitNode.content, split.columns.contains(column) else {
            throw .noSuchColumn(column, split: splitNode.id)
        }
        let screen = makeScreen(route)
        switch split[column] {
        case let existing? where existing.kind == .stack:
            existing.visit { if $0.id != existing.id { recordRemoval(of: $0, subtree: false) } }
            state.root.modify(at: (splitPath + [.column(column)])[...]) { stack in
                stack.content = .stack(Stack([screen]))
                stack.modal = nil
            }
            touched.insert(existing.id)
        case let existing?:
            recordRemoval(of: existing)
            state.root.modify(at: splitPath[...]) { node in
                guard case .split(var split) = node.content else { return }
                split[column] = screen
                node.content = .split(split)
            }
            touched.insert(splitNode.id)
        case nil:
            let stack = NavigationNode(id: ids.next(), content: .stack(Stack([screen])))
            recordAddition(stack)
            state.root.modify(at: splitPath[...]) { node in
                guard case .split(var split) = node.content else { return }
                split[column] = stack
                node.content = .split(split)
            }
            touched.insert(splitNode.id)
        }
        anchor = screen.id
    }

    private mutating func present(_ layout: Layout<Route>, style: ModalStyle) throws(NavigationError) {
        let path = try anchorPath()
        let presenter = try node(at: path)
        if let modalStep = path.lastIndex(of: .modal),
            let holder = state.root.node(at: path[..<modalStep]),
            holder.modal?.style.isOverlay == true
        {
            throw .overlayCannotPresent(presenter.id)
        }
        guard presenter.modal == nil else { throw .alreadyPresenting(presenter.id) }
        if style.isOverlay, case .screen = layout {} else if style.isOverlay {
            throw .overlayNeedsScreen(style)
        }
        var generator = ids
        let content = try layout.makeNode(ids: &generator)
        ids = generator
        content.visit { recordAddition($0) }
        state.root.modify(at: path[...]) { $0.modal = Modal(style: style, node: content) }
        touched.insert(presenter.id)
        anchor = focus(of: content)
    }

    private mutating func dismiss() throws(NavigationError) {
        let path = try anchorPath()
        guard let modalStep = path.lastIndex(of: .modal) else { throw .nothingToDismiss(from: anchor) }
        try removeModal(at: Array(path[..<modalStep]))
    }

    private mutating func dismissAll() {
        let focusPath = state.root.focusPath
        guard let modalStep = focusPath.firstIndex(of: .modal) else { return }
        try? removeModal(at: Array(focusPath[..<modalStep]))
    }

    private mutating func replaceCurrent(_ route: Route) throws(NavigationError) {
        let path = try anchorPath()
        let current = try node(at: path)
        guard current.isScreen else { throw .notAScreen(current.id, kind: current.kind) }
        let parent = path.isEmpty ? nil : state.root.node(at: path.dropLast())
        try replaceNode(at: path, with: makeScreen(route), parent: parent?.id)
    }

    private mutating func replaceRoot(_ layout: Layout<Route>) throws(NavigationError) {
        var generator = ids
        let root = try layout.makeNode(ids: &generator)
        ids = generator
        recordRemoval(of: state.root)
        root.visit { recordAddition($0) }
        state.root = root
        touched.insert(root.id)
        anchor = focus(of: root)
    }

    // MARK: - User actions

    private mutating func run(_ action: UserAction<Route>) throws(NavigationError) {
        switch action {
        case .popped(let stackID, let count):
            guard let path = state.root.path(to: stackID) else { throw .unknownElement(stackID) }
            let stack = try node(at: path)
            guard case .stack(let elements) = stack.content else {
                throw .staleUserAction(.notAStack(stackID))
            }
            guard count >= 1, count <= elements.count else {
                throw .staleUserAction(.stackTooShort(stack: stackID, count: elements.count, requested: count))
            }
            let popped = state.root.modify(at: path[...]) { node in
                node.modifyStack { stack in (0..<(elements.count - count)).compactMap { _ in stack.pop() } }
            }
            popped.forEach { recordRemoval(of: $0) }
            if !popped.isEmpty { touched.insert(stackID) }
        case .dismissed(let presenterID):
            guard let path = state.root.path(to: presenterID) else { throw .unknownElement(presenterID) }
            guard try node(at: path).modal != nil else { throw .staleUserAction(.notPresenting(presenterID)) }
            try removeModal(at: path)
        case .selectedTab(let tab, let tabsID):
            guard let path = state.root.path(to: tabsID) else { throw .unknownElement(tabsID) }
            guard case .tabs = try node(at: path).content else { throw .staleUserAction(.notTabs(tabsID)) }
            anchor = tabsID
            try selectTab(tab)
        }
        anchor = state.focusedScreen.id
    }

    // MARK: - Helpers

    private func anchorPath() throws(NavigationError) -> [NodeStep] {
        guard let path = state.root.path(to: anchor) else { throw .unknownElement(anchor) }
        return path
    }

    private func node(at path: [NodeStep]) throws(NavigationError) -> NavigationNode<Route> {
        guard let node = state.root.node(at: path) else { throw .unknownElement(anchor) }
        return node
    }

    /// The path to the nearest node of `kind` enclosing the anchor (the anchor included).
    private func nearest(_ kind: NodeKind, crossingModals: Bool) throws(NavigationError) -> [NodeStep]? {
        var path = try anchorPath()
        while true {
            if state.root.node(at: path)?.kind == kind { return path }
            guard let last = path.popLast() else { return nil }
            if last == .modal && !crossingModals { return nil }
        }
    }

    private func nearestStack() throws(NavigationError) -> [NodeStep] {
        guard let path = try nearest(.stack, crossingModals: false) else { throw .noStack(from: anchor) }
        return path
    }

    private func tabIndex(_ tab: TabID) throws(NavigationError) -> ([NodeStep], Int) {
        guard let tabsPath = try nearest(.tabs, crossingModals: true) else { throw .noTabs(from: anchor) }
        let tabsNode = try node(at: tabsPath)
        guard case .tabs(let tabs) = tabsNode.content, let index = tabs.ids.firstIndex(of: tab) else {
            throw .unknownTab(tab, tabs: tabsNode.id)
        }
        return (tabsPath, index)
    }

    private func focus(of node: NavigationNode<Route>) -> ElementID {
        node.node(at: node.focusPath)?.id ?? node.id
    }

    private mutating func makeScreen(_ route: Route) -> NavigationNode<Route> {
        let node = NavigationNode(id: ids.next(), content: .screen(route))
        recordAddition(node)
        return node
    }

    private mutating func replaceNode(
        at path: [NodeStep],
        with replacement: NavigationNode<Route>,
        parent: ElementID?
    ) throws(NavigationError) {
        let old = try node(at: path)
        recordRemoval(of: old)
        state.root.modify(at: path[...]) { $0 = replacement }
        touched.insert(parent ?? replacement.id)
        anchor = replacement.id
    }

    private mutating func removeModal(at presenterPath: [NodeStep]) throws(NavigationError) {
        let presenter = try node(at: presenterPath)
        guard let modal = presenter.modal else { throw .nothingToDismiss(from: anchor) }
        recordRemoval(of: modal.node)
        state.root.modify(at: presenterPath[...]) { $0.modal = nil }
        touched.insert(presenter.id)
        anchor = focus(of: try node(at: presenterPath))
    }

    /// Records an added element. Containers are remembered, so that removing them again in
    /// the same transaction nets out, but only screens are reported as added.
    /// Wraps an error about an element this transaction added (a provider that failed to build
    /// it) in the ``NavigationError/step(_:of:_:)`` of the path step that added it.
    func locating(_ error: NavigationError, addedElement id: ElementID) -> NavigationError {
        (addedInStep[id] ?? []).reversed().reduce(error) { inner, step in .step(step.index, of: step.count, inner) }
    }

    private mutating func recordAddition(_ node: NavigationNode<Route>) {
        if !pathSteps.isEmpty { addedInStep[node.id] = pathSteps }
        if node.isScreen { addedOrder.append(node.id) }
        addedNodes[node.id] = node
        touched.insert(node.id)
    }

    private mutating func recordRemoval(of node: NavigationNode<Route>, subtree: Bool = true) {
        let nodes = subtree ? node.subtree : [node]
        for node in nodes {
            removedAll.insert(node.id)
            if node.isScreen {
                removedOrder.append(node.id)
                removedNodes[node.id] = node
            }
        }
    }
}

extension NavigationState {
    /// Returns the state after `presentation`, starting from `anchor` (by default the focused
    /// screen), numbering new elements above the highest id in the state.
    ///
    /// - Throws: ``NavigationError`` when the presentation does not fit the state.
    public func applying(
        _ presentation: Presentation<Route>,
        from anchor: ElementID? = nil
    ) throws(NavigationError) -> NavigationState {
        var ids = SequentialElementIDs()
        ids.reserve(through: maxID)
        var transaction = NavigationTransaction(state: self, anchor: anchor, ids: ids)
        try transaction.apply(presentation)
        return transaction.state
    }
}
