extension Layout: CustomStringConvertible {
    /// The layout as code would write it: `.stack([.notes, .note(id: 12)])`,
    /// `.tabs([notes: .stack([.notes]), settings: .stack([.settings])], selected: settings)`.
    public var description: String {
        switch self {
        case .screen(let route):
            ".screen(\(route.readableDescription))"
        case .stack(let routes):
            ".stack([\(routes.map { $0.readableDescription }.joined(separator: ", "))])"
        case .tabs(let tabs, let selected):
            ".tabs([\(tabs.map { "\($0.id): \($0.layout)" }.joined(separator: ", "))]"
                + (selected.map { ", selected: \($0))" } ?? ")")
        case .split(let sidebar, let content, let detail, let primary):
            ".split(sidebar: \(sidebar)"
                + (content.map { ", content: \($0)" } ?? "")
                + (detail.map { ", detail: \($0)" } ?? "")
                + (primary.map { ", primary: .\($0)" } ?? "") + ")"
        }
    }
}
