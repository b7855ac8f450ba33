// Performance: the url-link and url-state figures (Benchmarks/README.md, "URLs"): the typed layer, specialised for the app's Route.
public import Destinations

extension URLRouter {
    /// Parses a URL: a state URL of one of the router's scenes, a deep link, or a one-route link,
    /// within the limits (by default the router's); a state takes its ids from `ids`.
    @inlinable public func parse(
        _ url: String, ids: inout some ElementIDGenerator, limits: URLLimits? = nil
    ) throws(DeepLinkError) -> ParsedURL<Route> {
        let limits = limits ?? self.limits
        var target: LinkTarget<Route>?
        let location = try engine.locate(url, limits: limits, environment: environment) {
            (index: Int, reader: inout ArgumentReader) throws(DeepLinkError) -> Bool in
            guard let made = try links[index].codec.make(&reader) else { return false }
            target = made
            return true
        }
        switch consume location {
        case .state(let scene, let bytes, let start, let end):
            let state = try buildState(bytes, start, end, scene: scene, ids: &ids, limits: limits).state
            return .state(scene: scenes[scene].name, state)
        case .link(let declaration, let host):
            // A link whose closure gave no target is not one: the typed layer answers every link.
            guard let target = target.take() else { throw .noMatchingLink(path: url) }
            // A state path is parsed now, with the caller's ids; other targets compile when asked.
            guard case .state(let path) = target else {
                return .link(LinkMatch(declaration, target: target, state: nil, host: host))
            }
            let scene = LinkMatch<Route>(declaration, target: target, state: nil, host: nil).scene
            let state = try parseState(path: path, scene: scene, ids: &ids, limits: limits)
            return .link(LinkMatch(declaration, target: target, state: state, host: host))
        case let other:
            return try parseUnmatched(url, other, limits: limits)
        }
    }
    /// Parses a state path of `scene`: what follows `scheme://scene/` in a state URL.
    public func parseState(
        path: String, scene: String, ids: inout some ElementIDGenerator, limits: URLLimits? = nil
    ) throws(DeepLinkError) -> NavigationState<Route> {
        guard let index = scenes.firstIndex(where: { $0.name == scene }) else { throw .unknownScene(scene) }
        let limits = limits ?? self.limits
        let length = path.utf8.count
        guard length <= limits.bytes else { throw .tooLong(bytes: length, limit: limits.bytes) }
        let bytes = Array(path.utf8)
        let start = bytes.first == UInt8(ascii: "/") ? 1 : 0
        return try buildState(bytes, start, bytes.count, scene: index, ids: &ids, limits: limits).state
    }
    /// The state the path `bytes[start..<end]` of the scene at `scene` describes, and the nodes of
    /// the tabs it leaves out: the engine parses, this builds what it asks, in its order.
    @inlinable func buildState(
        _ bytes: [UInt8], _ start: Int, _ end: Int, scene: Int, ids: inout some ElementIDGenerator, limits: URLLimits
    ) throws(DeepLinkError) -> (state: NavigationState<Route>, elidedTabs: [ElementID]) {
        var generator = ids
        // The engine asks for a screen right after its route is made: one route is pending at a time.
        var made: Route?
        // Most state URLs hold a few screens: the buffer rarely grows.
        var nodes: [NavigationNode<Route>] = []
        nodes.reserveCapacity(8)
        let patterns = self.patterns
        let parsed = try engine.parseState(
            bytes, start, end, scene: scene, limits: limits,
            make: { (pattern, reader) throws(DeepLinkError) in made = try patterns[pattern].codec.make(&reader) },
            build: { (step) throws(DeepLinkError) -> ElementID in
                switch step {
                case .id:
                    return generator.next()
                case .screen(let id):
                    guard let route = made.take() else {
                        preconditionFailure("a screen's route is made just before it")
                    }
                    nodes.append(NavigationNode(id: id, content: .screen(route)))
                    return id
                case .stack(let id, let elements):
                    nodes.append(NavigationNode(id: id, content: .stack(Stack(elements.lazy.map { nodes[$0] }))))
                    return id
                case .tabs(let id, let members, let selection, let declaredBy):
                    let tabs = members.map { Tab(id: TabID($0.label), node: nodes[$0.node]) }
                    var bar = Tabs(tabs: tabs, selection: TabID(selection))
                    if let declaredBy, case .tabs(let items, _) = layouts[declaredBy] {
                        bar = Tabs.read(bar, declaredBy: items)
                    }
                    nodes.append(NavigationNode(id: id, content: .tabs(bar)))
                    return id
                case .split(let id, let sidebar, let content, let detail, let hasContentColumn, let primary):
                    let split = Split(
                        sidebar: nodes[sidebar], content: content.map { nodes[$0] }, detail: detail.map { nodes[$0] },
                        hasContentColumn: hasContentColumn, primary: primary)
                    nodes.append(NavigationNode(id: id, content: .split(split)))
                    return id
                case .layout(let index):
                    do throws(NavigationError) {
                        let root = try NavigationState(layouts[index], ids: &generator).root
                        nodes.append(root)
                        return root.id
                    } catch {
                        throw .navigation(error)
                    }
                case .present(let node, let style, let content):
                    let presenter = nodes[node]
                    nodes[node] = NavigationNode(
                        id: presenter.id, content: presenter.content, modal: Modal(style: style, node: nodes[content]))
                    return presenter.id
                }
            })
        let state = NavigationState(root: nodes[parsed.root])
        // The grammar can spell states the core never holds: refuse them, a modal off focus at its `!`.
        do throws(NavigationError) {
            try state.validate()
        } catch {
            if case .corruptState(.modalOffFocus(let content)) = error,
                let modal = parsed.modalOffsets.first(where: { $0.content == content })
            {
                throw .malformed(.modalOffFocusPath, offset: modal.offset)
            }
            throw .navigation(error)
        }
        ids = generator
        return (state, parsed.elidedTabs)
    }
}
