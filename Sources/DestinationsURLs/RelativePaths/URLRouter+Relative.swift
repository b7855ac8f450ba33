public import Destinations

extension URLRouter {
    /// Resolves an in-app relative path against the screen `anchor` that sends it (URLS.md
    /// §5.1), over the tree: `.` is the anchor, `note/13` pushes above it, `..` is the screen
    /// below it (or dismisses the modal whose root it is), `../note/13` replaces it,
    /// `./!sheet/edit/12` presents from it, and `/settings/settings/about` is a state path of
    /// `scene` to merge. Apply a ``NavigationTarget/presentation(_:)`` from `anchor`; `..` out of
    /// a root stack throws ``DeepLinkError/relativePathEscapesRoot``.
    public func resolve(
        relative path: String, in state: NavigationState<Route>, scene: String, from anchor: ElementID,
        ids: inout some ElementIDGenerator, limits: URLLimits = .trusted
    ) throws(DeepLinkError) -> NavigationTarget<Route> {
        let length = path.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        if path.utf8.first == UInt8(ascii: "/") {
            return .state(try parseState(path: path, scene: scene, ids: &ids, limits: limits))
        }
        let relative = try StateURLParser<Route, SequentialElementIDs>.parseRelative(
            Array(path.utf8), routes: routes, limits: limits)
        guard state.contains(anchor) else { throw .navigation(.unknownElement(anchor)) }
        var steps: [Presentation<Route>] = []
        var current = anchor
        var popTarget: ElementID?
        for _ in 0..<relative.ups {
            if let below = Self.element(below: current, in: state) {
                current = below
                popTarget = below
                continue
            }
            guard let presenter = Self.presenter(ofModalHolding: current, in: state) else {
                throw .relativePathEscapesRoot
            }
            popTarget = nil
            steps.append(.dismiss)
            current = presenter
        }
        if let popTarget { steps.append(.popAbove(popTarget)) }
        if !relative.routes.isEmpty {
            if popTarget == nil, state.stack(containing: current) != nil {
                steps.append(.popAbove(current))
            }
            steps += relative.routes.map { .push($0) }
        }
        for modal in relative.modals {
            steps.append(.present(modal.layout, style: modal.style))
        }
        return .presentation(steps.count == 1 ? steps[0] : .path(steps))
    }
    /// The element below `element` in its stack, if it is in a stack and not its root.
    private static func element(below element: ElementID, in state: NavigationState<Route>) -> ElementID? {
        guard let stack = state.stack(containing: element)?.stack,
            let index = stack.elements.firstIndex(where: { $0.id == element }), index > 0
        else { return nil }
        return stack[index - 1].id
    }
    /// The element presenting the innermost modal that holds `element`; `nil` outside modals.
    private static func presenter(ofModalHolding element: ElementID, in state: NavigationState<Route>) -> ElementID? {
        var child = element
        while let parent = state.parent(of: child) {
            if parent.modal?.node.id == child { return parent.id }
            child = parent.id
        }
        return nil
    }
}
