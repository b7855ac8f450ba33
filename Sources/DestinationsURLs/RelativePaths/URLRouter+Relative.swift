public import Destinations

extension URLRouter {
    /// Resolves an in-app relative path against the screen that sends it (URLS.md §5.1).
    ///
    /// | path | meaning | result |
    /// |---|---|---|
    /// | `.` | the anchor itself | `.presentation(.path([]))` |
    /// | `note/13` | keep the anchor's stack up to the anchor, push | `.popAbove(anchor)`, `.push` |
    /// | `..` | the screen below the anchor; at a stack root inside a modal, dismiss the modal | `.popAbove(below)` or `.dismiss` |
    /// | `../note/13` | replace the anchor | `.popAbove(below)`, `.push` |
    /// | `./!sheet/edit/12` | present from the anchor | `.present` |
    /// | `/settings/settings/about` | a state path of the scene | `.state`, to merge |
    ///
    /// Paths are resolved over the tree, never by string manipulation. Apply a
    /// ``NavigationTarget/presentation(_:)`` from `anchor`.
    ///
    /// - Parameters:
    ///   - path: The relative path.
    ///   - state: The current state.
    ///   - scene: The scene kind, for an absolute path.
    ///   - anchor: The screen that sends the path.
    ///   - ids: The generator of an absolute path's state.
    ///   - limits: The limits; by default those for the app itself.
    /// - Throws: ``DeepLinkError/relativePathEscapesRoot`` when `..` climbs out of a tab's, a
    ///   column's or the scene's root stack; ``DeepLinkError/navigation(_:)`` with
    ///   `NavigationError.unknownElement(_:)` for an anchor not in the state; the parsing
    ///   errors of the path.
    public func resolve(
        relative path: String,
        in state: NavigationState<Route>,
        scene: String,
        from anchor: ElementID,
        ids: inout some ElementIDGenerator,
        limits: URLLimits = .trusted
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
