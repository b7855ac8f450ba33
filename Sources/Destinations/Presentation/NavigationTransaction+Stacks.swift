// Performance: the push-back figure (Benchmarks/README.md, "Figures").
extension NavigationTransaction {
    /// The path to the nearest stack enclosing the anchor, within its modal.
    @inlinable
    func nearestStack() throws(NavigationError) -> [NodeStep] {
        guard let path = try nearest(.stack, crossingModals: false) else { throw .noStack(from: anchor) }
        return path
    }

    /// Pushes a new screen for `route` on the stack at `stackPath` and returns it.
    ///
    /// One walk down to the stack both reads it and pushes: the screen's id is taken first, and
    /// a path that leads to no stack throws with the state unchanged.
    @inlinable
    mutating func push(_ route: Route, onStackAt stackPath: [NodeStep]) throws(NavigationError) -> NavigationNode<Route>
    {
        let screen = NavigationNode(id: try _ids.fresh(), content: .screen(route))
        let pushed = modify(at: stackPath) { node -> (stack: ElementID, index: Int)? in
            guard case .stack = node.content else { return nil }
            return (
                node.id,
                node.modifyStack { stack in
                    stack.push(screen)
                    return stack.count - 1
                }
            )
        }
        guard let pushed else { throw .noStack(from: anchor) }
        recordAddition(
            screen, at: ElementIndex.Location(parent: pushed.stack, step: .stackElement(index: pushed.index)))
        markTouched(pushed.stack)
        return screen
    }

    @inlinable
    mutating func push(_ route: Route) throws(NavigationError) {
        var stackPath = try stackForPush()
        // A push onto the side column of a side-column split at the root goes where a push from
        // the screen the user sees in the main content would (a modal it presents included):
        // notifications beside the tabs open a status in the selected tab. A modal the side
        // column presents keeps its pushes.
        if case .split(let split) = _state.root.content, split.isSideColumn, let primary = split.primary,
            case .column(let column)? = stackPath.first, column != primary, !stackPath.contains(.modal),
            var main = split[primary]
        {
            while let next = main.focusedChild?.node ?? main.modal?.node { main = next }
            anchor = main.id
            stackPath = try stackForPush()
        }
        anchor = try push(route, onStackAt: stackPath).id
    }

    /// Where a push lands (the placement rule, `OneWayIn.md`): the nearest stack within the
    /// anchor's modal; else, when the anchor is in a modal with no stack of its own (a plain
    /// sheet, an alert), the nearest stack outside it, once the modals in the way are dismissed.
    /// The dismissed screens are removed by the change, so the pipeline judges them by their
    /// `InterruptionPolicy` like any screen a change removes.
    @inlinable
    mutating func stackForPush() throws(NavigationError) -> [NodeStep] {
        if let path = try nearest(.stack, crossingModals: false) { return path }
        let anchorPath = try anchorPath()
        guard let outer = try nearest(.stack, crossingModals: true),
            let modalStep = anchorPath[outer.count...].firstIndex(of: .modal)
        else { throw .noStack(from: anchor) }
        try removeModal(at: Array(anchorPath[..<modalStep]))
        return outer
    }

    @inlinable
    mutating func back() throws(NavigationError) {
        let stackPath = try nearestStack()
        let (popped, stack, focus) = modify(at: stackPath) { stack in
            (stack.modifyStack { $0.pop() }, stack.id, stack.focusedID)
        }
        guard let popped else { throw .cannotGoBack(stack: stack) }
        recordRemoval(of: popped)
        markTouched(stack)
        anchor = focus
    }

    mutating func popToRoot() throws(NavigationError) {
        let stackPath = try nearestStack()
        guard case .stack(let stack) = try node(at: stackPath).content else { throw .noStack(from: anchor) }
        try pop(stack.count - 1, fromStackAt: stackPath)
    }

    mutating func popTo(_ route: Route) throws(NavigationError) {
        let stackPath = try nearestStack()
        let stack = try node(at: stackPath)
        guard case .stack(let elements) = stack.content,
            let depth = elements.elementsFromTop.enumerated().dropFirst().first(where: { $0.element.route == route })?
                .offset
        else {
            throw .routeNotInStack(route: route.name, stack: stack.id)
        }
        try pop(depth, fromStackAt: stackPath)
    }

    mutating func popAbove(_ element: ElementID) throws(NavigationError) {
        guard let elementPath = path(to: element) else { throw .unknownElement(element) }
        guard case .stackElement(let index)? = elementPath.last else { throw .noStack(from: element) }
        let stackPath = Array(elementPath.dropLast())
        guard case .stack(let stack) = try node(at: stackPath).content else { throw .noStack(from: element) }
        try pop(stack.count - 1 - index, fromStackAt: stackPath)
    }

    /// Pops the `count` top screens of the stack at `stackPath` and moves the anchor to its
    /// focus.
    mutating func pop(_ count: Int, fromStackAt stackPath: [NodeStep]) throws(NavigationError) {
        if count > 0 {
            let popped = modify(at: stackPath) { stack in
                stack.modifyStack { stack in
                    var popped: [NavigationNode<Route>] = []
                    popped.reserveCapacity(count)
                    for _ in 0..<count { if let node = stack.pop() { popped.append(node) } }
                    return popped
                }
            }
            for node in popped { recordRemoval(of: node) }
            markTouched(try node(at: stackPath).id)
        }
        anchor = try node(at: stackPath).focusedID
    }

    mutating func setStack(_ routes: [Route]) throws(NavigationError) {
        guard !routes.isEmpty else { throw .invalidLayout(.emptyStack) }
        let stackPath = try nearestStack()
        let stackNode = try node(at: stackPath)
        guard case .stack(let stack) = stackNode.content else { throw .noStack(from: anchor) }
        let current = stack.elements
        var kept = 0
        while kept < min(current.count, routes.count), current[kept].route == routes[kept] { kept += 1 }
        if kept == 0, let last = stackPath.last, case .column(let column) = last {
            throw .stackShapedPathInSplit(
                route: routes[0].name, column: column, split: try node(at: Array(stackPath.dropLast())).id)
        }
        guard kept < current.count || kept < routes.count else {
            anchor = stackNode.focusedID
            return
        }
        var added: [NavigationNode<Route>] = []
        for (index, route) in routes.enumerated().dropFirst(kept) {
            added.append(
                try makeScreen(
                    route, at: ElementIndex.Location(parent: stackNode.id, step: .stackElement(index: index))))
        }
        if kept == 0 {
            for node in current { recordRemoval(of: node) }
            modify(at: stackPath) { $0.content = .stack(Stack(added)) }
        } else {
            let popCount = current.count - kept
            let popped = modify(at: stackPath) { node in
                node.modifyStack { stack in
                    var popped: [NavigationNode<Route>] = []
                    for _ in 0..<popCount { if let node = stack.pop() { popped.append(node) } }
                    for screen in added { stack.push(screen) }
                    return popped
                }
            }
            for node in popped { recordRemoval(of: node) }
        }
        markTouched(stackNode.id)
        anchor = try node(at: stackPath).focusedID
    }
}
