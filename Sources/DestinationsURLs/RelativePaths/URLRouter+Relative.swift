public import Destinations

extension URLRouter {
    /// Resolves an in-app relative path against the screen `anchor` that sends it (URLS.md
    /// §5.1), over the tree: `.` and the empty path are the anchor, `note/13` pushes above it,
    /// `..` is the screen below it (or dismisses the modal whose root it is), `../note/13`
    /// replaces it, `./!sheet/edit/12` presents from it, and `/settings/settings/about` is a
    /// state path of `scene` to merge. Dot segments inside the path are removed first, as RFC 3986
    /// §5.2.4 does (`about/../note/2` is `note/2`), and `..` above the root of a root stack stops
    /// there. Apply a ``NavigationTarget/presentation(_:)`` from `anchor`.
    public func resolve(
        relative path: String, in state: NavigationState<Route>, scene: String, from anchor: ElementID,
        ids: inout some ElementIDGenerator, limits: URLLimits = .trusted
    ) throws(DeepLinkError) -> NavigationTarget<Route> {
        let length = path.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        let bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "/") {
            // `..` above the root stops at the root (RFC 3986 §5.2.4).
            let absolute = DotSegments(bytes[1...])
            do throws(DeepLinkError) {
                return .state(try merging(absolute.bytes, into: state, scene: scene, ids: &ids, limits: limits))
            } catch {
                throw absolute.located(error, after: 1)
            }
        }
        let dotless = DotSegments(bytes[...])
        let relative: RelativePath<Route>
        do throws(DeepLinkError) {
            relative = try parseRelative(dotless.bytes, ups: dotless.ups, limits: limits)
        } catch {
            throw dotless.located(error)
        }
        guard state.contains(anchor) else { throw .navigation(.unknownElement(anchor)) }
        var steps: [Presentation<Route>] = []
        var current = anchor
        var popTarget: ElementID?
        for _ in 0..<relative.ups {
            if let below = Self.element(below: current, in: state) {
                (current, popTarget) = (below, below)
            } else if let presenter = Self.presenter(ofModalHolding: current, in: state) {
                (current, popTarget) = (presenter, nil)
                steps.append(.dismiss)
            } else {
                break  // The root of a root stack: `..` stops here.
            }
        }
        if let popTarget { steps.append(.popAbove(popTarget)) }
        if !relative.routes.isEmpty {
            if popTarget == nil, state.stack(containing: current) != nil {
                steps.append(.popAbove(current))
            }
            steps += relative.routes.map { .push($0) }
        }
        steps += relative.modals.map { .present($0.layout, style: $0.style) }
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

/// A relative path, not yet resolved: the levels it climbs, the routes it pushes, the modals.
struct RelativePath<Route: NavigationRoute> {
    var ups = 0
    var routes: [Route] = []
    var modals: [(style: ModalStyle, layout: Layout<Route>)] = []
}

extension URLRouter {
    /// Parses a relative path without dot segments (``DotSegments``) that climbs `ups` levels
    /// first; not an absolute one, which is a state path. An empty path is the anchor itself.
    func parseRelative(_ bytes: [UInt8], ups: Int, limits: URLLimits) throws(DeepLinkError) -> RelativePath<Route> {
        var relative = RelativePath<Route>(ups: ups)
        guard !bytes.isEmpty else { return relative }
        // A trailing `/` closes the last route or modal, as in state URLs and deep links.
        let end = bytes.count > 1 && bytes[bytes.count - 1] == UInt8(ascii: "/") ? bytes.count - 1 : bytes.count
        var scan = StateURLScanner(bytes, 0, end, patterns: engine.patterns, limits: limits)
        try StateURLScanner.prescan(bytes, scan.position, end, limits: limits)
        var made: [Route] = []
        let make = { (pattern: Int, reader: inout ArgumentReader) throws(DeepLinkError) in
            made.append(try routes.patterns[pattern].codec.make(&reader))
        }
        if scan.position < scan.end && scan.peek != UInt8(ascii: "!") {
            try scan.parseRoutes(make)
            relative.routes = made
        }
        if scan.atModal { scan.position += 1 }
        var overlay = false
        while scan.peek == UInt8(ascii: "!") {
            if overlay { throw .malformed(.overlayCannotPresent, offset: scan.position) }
            guard relative.modals.count < limits.depth else {
                throw .tooDeep(depth: relative.modals.count + 1, limit: limits.depth)
            }
            scan.position += 1
            let style = try scan.parseStyle()
            try scan.expect(UInt8(ascii: "/"))
            let stacked = scan.bytes[scan.position...].starts(with: "*stack/".utf8)
            if scan.peek == UInt8(ascii: "*") && !stacked {
                throw .malformed(.unknownMarker, offset: scan.position)
            }
            if stacked && style.isOverlay { throw .malformed(.overlayNeedsScreen, offset: scan.position) }
            scan.position += stacked ? 7 : 0
            made = []
            if stacked { try scan.parseRoutes(make) } else { try scan.parseRoute(make) }
            relative.modals.append((style, stacked ? .stack(made) : .screen(made[0])))
            overlay = style.isOverlay
            guard scan.atModal else { break }
            scan.position += 1
        }
        if scan.position != scan.end { throw .malformed(.trailingInput, offset: scan.position) }
        let screens = relative.routes.count + relative.modals.reduce(0) { $0 + $1.layout.routes.count }
        guard screens <= limits.screens else {
            throw .tooManyScreens(count: relative.routes.count, limit: limits.screens)
        }
        return relative
    }
}

extension StateURLScanner {
    /// Routes separated by `/`, up to a modal.
    mutating func parseRoutes(_ make: (Int, inout ArgumentReader) throws(DeepLinkError) -> Void)
        throws(DeepLinkError)
    {
        repeat {
            try parseRoute(make)
        } while !atModal && take(UInt8(ascii: "/"))
    }
}
