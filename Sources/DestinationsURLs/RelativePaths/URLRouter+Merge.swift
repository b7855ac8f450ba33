import Destinations

extension URLRouter {
    /// The state path `path` (without its leading `/`) of `scene`, merged into `state`: what it
    /// names is set, the tabs it leaves out keep their nodes as they are in `state` (URLS.md
    /// §5.4). Elements kept keep their ids; new ones take ids above `state`'s.
    func merging(
        _ path: [UInt8], into state: NavigationState<Route>, scene: String, ids: inout some ElementIDGenerator,
        limits: URLLimits
    ) throws(DeepLinkError) -> NavigationState<Route> {
        guard let index = scenes.firstIndex(where: { $0.name == scene }) else { throw .unknownScene(scene) }
        let bytes = [UInt8(ascii: "/")] + path
        let (parsed, elided) = try buildState(bytes, 1, bytes.count, scene: index, ids: &ids, limits: limits)
        let merged = parsed.root.keeping(Set(elided), from: state.root)
        var fresh = SequentialElementIDs()
        fresh.reserve(through: state.maxID)
        var numbering: any ElementIDGenerator = fresh
        return NavigationState(root: merged.aligned(to: state.root, ids: &numbering))
    }
}

extension NavigationNode {
    /// This node with each tab whose node is in `elided` showing that tab's node in `old` instead.
    fileprivate func keeping(_ elided: Set<ElementID>, from old: NavigationNode?) -> NavigationNode {
        let match = old.flatMap { $0.kind == kind && $0.route == route ? $0 : nil }
        var kept = content
        switch content {
        case .screen, .stack:
            break
        case .tabs(var tabs):
            for (index, tab) in tabs.tabs.enumerated() {
                let before = match?.tabs?.tabs.first { $0.id == tab.id }?.node
                let node = elided.contains(tab.node.id) ? before : nil
                tabs.replaceNode(at: index, with: node ?? tab.node.keeping(elided, from: before))
            }
            kept = .tabs(tabs)
        case .split(let split):
            let old = match?.split
            kept = .split(
                Split(
                    sidebar: split.sidebar.keeping(elided, from: old?.sidebar),
                    content: split.content.map { $0.keeping(elided, from: old?.content) },
                    detail: split.detail.map { $0.keeping(elided, from: old?.detail) },
                    hasContentColumn: split.hasContentColumn, primary: split.primary, isCollapsed: split.isCollapsed))
        }
        let presented = modal.map { Modal(style: $0.style, node: $0.node.keeping(elided, from: match?.modal?.node)) }
        return NavigationNode(id: id, content: kept, modal: presented)
    }
}
