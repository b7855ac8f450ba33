// Performance: the url-state figure (Benchmarks/README.md, "URLs"): the steps the app's module builds a state from.
public import Destinations

/// A scene layout as the state parser reads it, without its route type. `layout` indexes the
/// router's table of layouts (``Layout/shape(into:screens:)``), which builds a part the URL
/// leaves out and declares a tab bar's sections, roles and action items.
indirect enum LayoutShape: Sendable {
    case screen(layout: Int)
    case stack(layout: Int)
    /// The tabs that are not action items: their labels and layouts.
    case tabs(layout: Int, labels: [String], members: [LayoutShape])
    case split(layout: Int, sidebar: LayoutShape, content: LayoutShape?, detail: LayoutShape?, primary: SplitColumn?)
    var layout: Int {
        switch self {
        case .screen(let layout), .stack(let layout), .tabs(let layout, _, _), .split(let layout, _, _, _, _): layout
        }
    }
}

extension Layout {
    /// The layout's shape; the layout and each one inside it appended to `table`, the screens
    /// each builds to `screens`.
    func shape(into table: inout [Layout], screens: inout [Int]) -> LayoutShape {
        let index = table.count
        table.append(self)
        screens.append(routes.count)
        switch self {
        case .screen: return .screen(layout: index)
        case .stack: return .stack(layout: index)
        case .tabs(let items, _):
            var labels: [String] = []
            var members: [LayoutShape] = []
            for item in items where item.actionStyle == nil {
                labels.append(item.id.rawValue)
                members.append(item.layout.shape(into: &table, screens: &screens))
            }
            return .tabs(layout: index, labels: labels, members: members)
        case .split(let sidebar, let content, let detail, let primary):
            let sidebarShape = sidebar.shape(into: &table, screens: &screens)
            let contentShape = content?.shape(into: &table, screens: &screens)
            let detailShape = detail?.shape(into: &table, screens: &screens)
            return .split(
                layout: index, sidebar: sidebarShape, content: contentShape, detail: detailShape, primary: primary)
        }
    }
}

/// What the state parser asks the router's typed layer to build, in the order it parses: each
/// step but ``id`` and ``present(_:_:content:)`` adds one node, which later steps name by its
/// position among the nodes added.
@usableFromInline enum StateBuildStep {
    /// A fresh element id.
    case id
    /// A screen of the route made last: the engine asks for it right after its route.
    case screen(ElementID)
    case stack(ElementID, [Int])
    /// A tab bar of the members (label, node), decorated by the tabs layout at that index if any.
    case tabs(ElementID, [(label: String, node: Int)], selection: String, declaredBy: Int?)
    case split(ElementID, sidebar: Int, content: Int?, detail: Int?, hasContentColumn: Bool, primary: SplitColumn?)
    /// What the layout at that index builds, ids from the generator.
    case layout(Int)
    /// The node at the first index presenting the node at `content`; adds no node.
    case present(Int, ModalStyle, content: Int)
}
