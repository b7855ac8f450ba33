/// A navigation change under way: a working copy of the state and a record of what changed.
///
/// Every presentation runs on a transaction, and a transaction applies one presentation
/// completely or not at all: when ``apply(_:)-(Presentation<Route>)`` throws, the transaction
/// is as it was before the call. A ``Flow`` commits the transaction's state only when every
/// step and every Destination it needs succeeded.
///
/// Presentations start at the ``anchor``, the screen that asked for them, and move it: after a
/// push the anchor is the pushed screen, so the next step of a path starts there.
///
/// Transactions keep the state's one presentation chain: every modal lies on the focus path.
/// Leaving a tab dismisses the modals inside it, and presenting from an element that another
/// modal hides throws ``NavigationError/presenterHidden(_:by:)``.
public struct NavigationTransaction<Route: NavigationRoute>: Sendable {
    /// The state as the transaction has changed it so far.
    public private(set) var state: NavigationState<Route>
    /// The element the next presentation starts from.
    public var anchor: ElementID
    /// The id generator; advanced as elements are added.
    public private(set) var ids: any ElementIDGenerator

    /// The state the transaction started from.
    let initial: NavigationState<Route>
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
        self.initial = state
        self.anchor = anchor ?? state.focusedScreen.id
        self.ids = ids
    }

    /// What the transaction has changed so far.
    ///
    /// An element counts as touched only when its own content differs from the start: a stack
    /// pushed and popped again within the transaction is not touched.
    public var changes: NavigationChanges<Route> {
        var changes = NavigationChanges<Route>()
        changes.added = addedOrder.compactMap { id in removedAll.contains(id) ? nil : addedNodes[id] }
        changes.removed = removedOrder.compactMap { id in addedNodes[id] == nil ? removedNodes[id] : nil }
        changes.removedIDs = removedAll.filter { addedNodes[$0] == nil }
        changes.touched = touched.filter { id in
            guard !removedAll.contains(id) else { return false }
            if addedNodes[id] != nil { return true }
            guard let before = initial.node(id), let after = state.node(id) else { return true }
            return !before.hasSameOwnContent(as: after)
        }
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
        case .dismissPresented: try dismissPresented()
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

    // MARK: - Lookups

    func anchorPath() throws(NavigationError) -> [NodeStep] {
        guard let path = state.root.path(to: anchor) else { throw .unknownElement(anchor) }
        return path
    }

    func node(at path: [NodeStep]) throws(NavigationError) -> NavigationNode<Route> {
        guard let node = state.root.node(at: path) else { throw .unknownElement(anchor) }
        return node
    }

    /// The path to the nearest node of `kind` enclosing the anchor (the anchor included).
    func nearest(_ kind: NodeKind, crossingModals: Bool) throws(NavigationError) -> [NodeStep]? {
        var path = try anchorPath()
        while true {
            if state.root.node(at: path)?.kind == kind { return path }
            guard let last = path.popLast() else { return nil }
            if last == .modal && !crossingModals { return nil }
        }
    }

    func focus(of node: NavigationNode<Route>) -> ElementID {
        node.node(at: node.focusPath)?.id ?? node.id
    }

    // MARK: - Editing

    mutating func modify<Result>(at path: [NodeStep], _ body: (inout NavigationNode<Route>) -> Result) -> Result {
        state.root.modify(at: path[...], body)
    }

    mutating func makeScreen(_ route: Route) throws(NavigationError) -> NavigationNode<Route> {
        let node = NavigationNode(id: try ids.fresh(), content: .screen(route))
        recordAddition(node)
        return node
    }

    mutating func makeNode(_ layout: Layout<Route>) throws(NavigationError) -> NavigationNode<Route> {
        var generator = ids
        let node = try layout.makeNode(ids: &generator)
        ids = generator
        node.visit { recordAddition($0) }
        return node
    }

    mutating func makeStackNode(_ screen: NavigationNode<Route>) throws(NavigationError) -> NavigationNode<Route> {
        let stack = NavigationNode(id: try ids.fresh(), content: .stack(Stack([screen])))
        recordAddition(stack)
        return stack
    }

    mutating func replaceNode(
        at path: [NodeStep],
        with replacement: NavigationNode<Route>,
        parent: ElementID?
    ) throws(NavigationError) {
        let old = try node(at: path)
        recordRemoval(of: old)
        modify(at: path) { $0 = replacement }
        touched.insert(parent ?? replacement.id)
        anchor = replacement.id
    }

    mutating func markTouched(_ id: ElementID) {
        touched.insert(id)
    }

    // MARK: - Bookkeeping

    /// Wraps an error about an element this transaction added (a provider that failed to build
    /// it) in the ``NavigationError/step(_:of:_:)`` of the path step that added it.
    func locating(_ error: NavigationError, addedElement id: ElementID) -> NavigationError {
        (addedInStep[id] ?? []).reversed().reduce(error) { inner, step in .step(step.index, of: step.count, inner) }
    }

    /// Records an added element. Containers are remembered, so that removing them again in
    /// the same transaction nets out, but only screens are reported as added.
    mutating func recordAddition(_ node: NavigationNode<Route>) {
        if !pathSteps.isEmpty { addedInStep[node.id] = pathSteps }
        if node.isScreen { addedOrder.append(node.id) }
        addedNodes[node.id] = node
        touched.insert(node.id)
    }

    mutating func recordRemoval(of node: NavigationNode<Route>, subtree: Bool = true) {
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
