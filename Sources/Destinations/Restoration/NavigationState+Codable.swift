import Foundation

extension NavigationState: Codable where Route: Codable {
    /// Decodes a saved state and checks that it is whole: every stack has a root and holds
    /// screens, every tab bar selects one of its own tabs, no element has a key the encoding
    /// does not write, and the state keeps every rule ``validate()`` checks (unique ids at most
    /// ``ElementID/maximum``, alerts that hold one screen, one presentation chain). A state that
    /// fails any check throws `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let root = try NavigationNode<Route>(from: decoder)
        let state = NavigationState(root: root)
        if let problem = state.firstProblem {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "corrupt state: \(problem)")
            )
        }
        self = state
    }

    public func encode(to encoder: any Encoder) throws {
        try root.encode(to: encoder)
    }
}

/// A key of a saved element. It takes any name, so that one container both reads the
/// element and finds the keys it should not have.
private struct SavedKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let id = SavedKey(stringValue: "id")
    static let screen = SavedKey(stringValue: "screen")
    static let stack = SavedKey(stringValue: "stack")
    static let tabs = SavedKey(stringValue: "tabs")
    static let selected = SavedKey(stringValue: "selected")
    static let split = SavedKey(stringValue: "split")
    static let sidebar = SavedKey(stringValue: "sidebar")
    static let content = SavedKey(stringValue: "content")
    static let detail = SavedKey(stringValue: "detail")
    static let columns = SavedKey(stringValue: "columns")
    static let modal = SavedKey(stringValue: "modal")
    static let style = SavedKey(stringValue: "style")
}

extension NavigationNode: Codable where Route: Codable {
    private typealias Key = SavedKey

    private struct CodableTab: Codable {
        var id: TabID
        var node: NavigationNode
    }

    /// Decodes a saved element strictly: exactly one of `screen`, `stack`, `tabs` and `split`,
    /// and no key the encoding does not write, so that a state saved by another version or
    /// edited by hand is refused rather than half understood.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let id = try container.decode(ElementID.self, forKey: .id)
        func corrupt(_ message: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "element \(id): \(message)"))
        }
        func rejectUnknownKeys<K: CodingKey>(_ keys: [K], allowed: [Key]) throws {
            for key in keys where !allowed.contains(where: { $0.stringValue == key.stringValue }) {
                throw corrupt("unknown key '\(key.stringValue)'")
            }
        }
        let keys = container.allKeys
        var kind: Key?
        for key in keys where key == .screen || key == .stack || key == .tabs || key == .split {
            guard kind == nil else { throw corrupt("more than one of screen, stack, tabs and split") }
            kind = key
        }
        guard let kind else { throw corrupt("no screen, stack, tabs or split") }
        try rejectUnknownKeys(keys, allowed: kind == .tabs ? [.id, .modal, .tabs, .selected] : [.id, .modal, kind])
        let content: Content
        switch kind {
        case .screen:
            content = .screen(try container.decode(Route.self, forKey: .screen))
        case .stack:
            let elements = try container.decode([NavigationNode].self, forKey: .stack)
            guard !elements.isEmpty else { throw corrupt("a stack needs a root") }
            guard elements.allSatisfy({ $0.isScreen }) else { throw corrupt("a stack holds screens only") }
            content = .stack(Stack(elements))
        case .tabs:
            let tabs = try container.decode([CodableTab].self, forKey: .tabs)
            let selected = try container.decode(TabID.self, forKey: .selected)
            guard !tabs.isEmpty else { throw corrupt("a tab bar needs a tab") }
            guard Set(tabs.map { $0.id }).count == tabs.count else { throw corrupt("two tabs share a name") }
            guard tabs.contains(where: { $0.id == selected }) else {
                throw corrupt("selected tab '\(selected)' is not in the bar")
            }
            content = .tabs(Tabs(tabs: tabs.map { Tab(id: $0.id, node: $0.node) }, selection: selected))
        default:
            let split = try container.nestedContainer(keyedBy: Key.self, forKey: .split)
            try rejectUnknownKeys(split.allKeys, allowed: [.columns, .sidebar, .content, .detail])
            let columns = try split.decode(Int.self, forKey: .columns)
            guard columns == 2 || columns == 3 else { throw corrupt("a split has 2 or 3 columns, not \(columns)") }
            let middle = try split.decodeIfPresent(NavigationNode.self, forKey: .content)
            guard columns == 3 || middle == nil else { throw corrupt("a two-column split has no content column") }
            content = .split(
                Split(
                    sidebar: try split.decode(NavigationNode.self, forKey: .sidebar),
                    content: middle,
                    detail: try split.decodeIfPresent(NavigationNode.self, forKey: .detail),
                    hasContentColumn: columns == 3
                )
            )
        }
        var modal: Modal<Route>?
        if keys.contains(.modal) {
            let nested = try container.nestedContainer(keyedBy: Key.self, forKey: .modal)
            try rejectUnknownKeys(nested.allKeys, allowed: [.style, .content])
            let style = try nested.decode(ModalStyle.self, forKey: .style)
            let node = try nested.decode(NavigationNode.self, forKey: .content)
            guard !style.isOverlay || (node.isScreen && node.modal == nil) else {
                throw corrupt("an \(style.name) shows one screen and presents nothing")
            }
            modal = Modal(style: style, node: node)
        }
        self.init(id: id, content: content, modal: modal)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        switch content {
        case .screen(let route):
            try container.encode(route, forKey: .screen)
        case .stack(let stack):
            try container.encode(stack.elements, forKey: .stack)
        case .tabs(let tabs):
            try container.encode(tabs.tabs.map { CodableTab(id: $0.id, node: $0.node) }, forKey: .tabs)
            try container.encode(tabs.selection, forKey: .selected)
        case .split(let split):
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .split)
            try nested.encode(split.hasContentColumn ? 3 : 2, forKey: .columns)
            try nested.encode(split.sidebar, forKey: .sidebar)
            try nested.encodeIfPresent(split.content, forKey: .content)
            try nested.encodeIfPresent(split.detail, forKey: .detail)
        }
        if let modal {
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .modal)
            try nested.encode(modal.style, forKey: .style)
            try nested.encode(modal.node, forKey: .content)
        }
    }
}
