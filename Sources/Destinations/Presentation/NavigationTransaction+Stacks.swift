extension NavigationTransaction {
    /// The path to the nearest stack enclosing the anchor, within its modal.
    func nearestStack() throws(NavigationError) -> [NodeStep] {
        guard let path = try nearest(.stack, crossingModals: false) else { throw .noStack(from: anchor) }
        return path
    }

    mutating func push(_ route: Route) throws(NavigationError) {
        let stackPath = try nearestStack()
        let node = try makeScreen(route)
        let stackID = modify(at: stackPath) { stack in
            stack.modifyStack { $0.push(node) }
            return stack.id
        }
        markTouched(stackID)
        anchor = node.id
    }

    mutating func back() throws(NavigationError) {
        let stackPath = try nearestStack()
        let popped = modify(at: stackPath) { stack in stack.modifyStack { $0.pop() } }
        let stack = try node(at: stackPath)
        guard let popped else { throw .cannotGoBack(stack: stack.id) }
        recordRemoval(of: popped)
        markTouched(stack.id)
        anchor = focus(of: stack)
    }

    mutating func popToRoot() throws(NavigationError) {
        let stackPath = try nearestStack()
        let popped = modify(at: stackPath) { stack in
            stack.modifyStack { stack in
                var popped: [NavigationNode<Route>] = []
                while let node = stack.pop() { popped.append(node) }
                return popped
            }
        }
        let stack = try node(at: stackPath)
        popped.forEach { recordRemoval(of: $0) }
        if !popped.isEmpty { markTouched(stack.id) }
        anchor = focus(of: stack)
    }

    mutating func popTo(_ route: Route) throws(NavigationError) {
        let stackPath = try nearestStack()
        let stack = try node(at: stackPath)
        guard case .stack(let elements) = stack.content,
            let depth = elements.elementsFromTop.enumerated().dropFirst().first(where: { $0.element.route == route })?.offset
        else {
            throw .routeNotInStack(route: route.name, stack: stack.id)
        }
        try pop(depth, fromStackAt: stackPath)
    }

    mutating func popAbove(_ element: ElementID) throws(NavigationError) {
        guard let elementPath = state.root.path(to: element) else { throw .unknownElement(element) }
        guard case .stackElement(let depth)? = elementPath.last else { throw .noStack(from: element) }
        try pop(depth, fromStackAt: Array(elementPath.dropLast()))
    }

    /// Pops the `count` top screens of the stack at `stackPath` and moves the anchor to its
    /// focus.
    mutating func pop(_ count: Int, fromStackAt stackPath: [NodeStep]) throws(NavigationError) {
        if count > 0 {
            let popped = modify(at: stackPath) { stack in
                stack.modifyStack { stack in (0..<count).compactMap { _ in stack.pop() } }
            }
            popped.forEach { recordRemoval(of: $0) }
            markTouched(try node(at: stackPath).id)
        }
        anchor = try focus(of: node(at: stackPath))
    }

    mutating func setStack(_ routes: [Route]) throws(NavigationError) {
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
        var added: [NavigationNode<Route>] = []
        for route in routes[kept...] { added.append(try makeScreen(route)) }
        if kept == 0 {
            current.forEach { recordRemoval(of: $0) }
            modify(at: stackPath) { $0.content = .stack(Stack(added)) }
        } else {
            let popCount = current.count - kept
            let popped = modify(at: stackPath) { node in
                node.modifyStack { stack in
                    let popped = (0..<popCount).compactMap { _ in stack.pop() }
                    for screen in added { stack.push(screen) }
                    return popped
                }
            }
            popped.forEach { recordRemoval(of: $0) }
        }
        markTouched(stackNode.id)
        anchor = try focus(of: node(at: stackPath))
    }
}
