public import Destinations

extension URLRouter {
    /// The canonical URL of a scene's whole state (URLS.md §4): the focus path
    /// (`notes://main/notes/notes/note/12/!sheet+large/edit/12`), what is off it in side groups,
    /// what equals the scene layout's default left out. Parsing it gives an equivalent state.
    public func stateURL(for state: NavigationState<Route>, scene: String) throws(URLPrintError) -> String {
        let path = try statePathBytes(for: state, scene: scene)
        let url = prefixes[0] + scene
        return path.isEmpty ? url : url + "/" + String(decoding: path, as: UTF8.self)
    }
    /// The path of ``stateURL(for:scene:)``, what follows `scheme://scene/`.
    public func statePath(for state: NavigationState<Route>, scene: String) throws(URLPrintError) -> String {
        String(decoding: try statePathBytes(for: state, scene: scene), as: UTF8.self)
    }
    private func statePathBytes(for state: NavigationState<Route>, scene: String) throws(URLPrintError) -> [UInt8] {
        guard let kind = self.scene(named: scene) else { throw .unknownScene(scene) }
        var printer = StateURLPrinter(routes: routes)
        try printer.root(state.root, layout: kind.layout)
        return printer.out
    }
    /// The canonical URL of the state cut at the screen `element`, for breadcrumbs.
    public func stateURL(for state: NavigationState<Route>, scene: String, upTo element: ElementID)
        throws(URLPrintError) -> String
    {
        guard let cut = state.cut(at: element) else { throw .notAWaypoint(element) }
        return try stateURL(for: cut, scene: scene)
    }
    /// The link that shares `route`, from the first `https` prefix (``DeepLink/shares(_:match:)``).
    public func shareLink(for route: Route) -> String? {
        links.lazy.compactMap { shareLink(for: route, with: $0) }.first
    }
    func shareLink(for route: Route, with link: DeepLink<Route>) -> String? {
        guard let share = link.share, let values = share.values(route), values.count == link.parameters.count else {
            return nil
        }
        let prefix = parsedPrefixes.first { $0.isHTTPS } ?? parsedPrefixes[0]
        var out = Array(prefix.text.utf8)
        var segments: [String] = []
        for segment in link.segments {
            switch segment {
            case .constant(let constant): segments.append(constant)
            case .parameter(let index): segments.append(values[index].first ?? "")
            case .catchAll(let index) where link.parameters[index].type.multiplicity == .repeated:
                segments += values[index]
            case .catchAll(let index):
                segments += (values[index].first ?? "").split(separator: "/", omittingEmptySubsequences: false).map(
                    String.init)
            }
        }
        for (position, segment) in segments.enumerated() {
            if position > 0 { out.append(UInt8(ascii: "/")) }
            PercentCoding.appendSegment(segment, to: &out)
        }
        _ = link.parameters.appendNamed(values, open: UInt8(ascii: "?"), separator: UInt8(ascii: "&"), to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
