import Foundation

extension NavigationState: Codable where Route: Codable {
    /// Decodes a saved state and checks that it is whole: every stack has a root and holds
    /// screens, every tab bar selects one of its own tabs, no element has a key the encoding
    /// does not write, and the state keeps every rule ``validate()`` checks (unique ids at most
    /// ``ElementID/maximum``, alerts that hold one screen, one presentation chain). A state that
    /// fails any check throws `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        // The reader checks every rule of the model as it reads, but the presentation chain,
        // which needs the whole state: no second walk of the tree.
        var check = SavedStateCheck()
        let root = try NavigationNode<Route>.read(decoder.container(keyedBy: SavedKey.self), &check)
        let state = NavigationState(root: root)
        if let problem = check.duplicate.map({ StateProblem.duplicateID($0) })
            ?? state.modalOffFocus(among: check.modals)
        {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "corrupt state: \(problem)")
            )
        }
        assert(state.firstProblem == nil, "the reader let through a state that breaks a rule")
        self = state
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SavedKey.self)
        try root.write(into: &container)
    }
}

/// What reading a saved state has seen so far, for the rules that span elements: the ids (to
/// find the first one used twice) and the modals, in pre-order.
struct SavedStateCheck {
    var ids: Set<ElementID> = []
    var duplicate: ElementID?
    var modals: [ElementID] = []

    init() {
        ids.reserveCapacity(256)
    }

    mutating func record(_ id: ElementID) {
        if !ids.insert(id).inserted, duplicate == nil { duplicate = id }
    }
}

/// A key of a saved element. It takes any name, so that one container both reads the
/// element and finds the keys it should not have.
struct SavedKey: CodingKey, Hashable {
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
    static let primary = SavedKey(stringValue: "primary")
    static let collapsed = SavedKey(stringValue: "collapsed")
    static let modal = SavedKey(stringValue: "modal")
    static let style = SavedKey(stringValue: "style")
    static let node = SavedKey(stringValue: "node")
    static let hidden = SavedKey(stringValue: "hidden")
    static let actions = SavedKey(stringValue: "actions")
    static let section = SavedKey(stringValue: "section")
    static let role = SavedKey(stringValue: "role")
    static let inserted = SavedKey(stringValue: "inserted")
    static let presents = SavedKey(stringValue: "presents")
    static let placement = SavedKey(stringValue: "placement")
}

extension NavigationNode: Codable where Route: Codable {
    private typealias Key = SavedKey

    /// Decodes a saved element strictly: exactly one of `screen`, `stack`, `tabs` and `split`,
    /// and no key the encoding does not write, so that a state saved by another version or
    /// edited by hand is refused rather than half understood.
    public init(from decoder: any Decoder) throws {
        var check = SavedStateCheck()
        self = try Self.read(decoder.container(keyedBy: Key.self), &check)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try write(into: &container)
    }

    /// Reads the element in `container` and everything inside it, through nested containers
    /// rather than a decoder per element, recording ids and modals in `check`.
    static func read(_ container: KeyedDecodingContainer<SavedKey>, _ check: inout SavedStateCheck) throws
        -> NavigationNode
    {
        let number = try container.decode(UInt64.self, forKey: .id)
        guard number <= ElementID.maximum.rawValue else {
            throw DecodingError.dataCorruptedError(
                forKey: Key.id,
                in: container,
                debugDescription: "element id \(number) is above the largest id, \(ElementID.maximum.rawValue)"
            )
        }
        let id = ElementID(number)
        check.record(id)
        func corrupt(_ message: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "element \(id): \(message)"))
        }
        func rejectUnknownKeys(_ keys: [Key], allowed: [Key]) throws {
            for key in keys where !allowed.contains(key) {
                throw corrupt("unknown key '\(key.stringValue)'")
            }
        }
        let keys = container.allKeys
        var kind: Key?
        var presents = false
        for key in keys {
            if key == .modal {
                presents = true
            } else if key == .screen || key == .stack || key == .tabs || key == .split {
                guard kind == nil else { throw corrupt("more than one of screen, stack, tabs and split") }
                kind = key
            }
        }
        guard let kind else { throw corrupt("no screen, stack, tabs or split") }
        try rejectUnknownKeys(
            keys, allowed: kind == .tabs ? [.id, .modal, .tabs, .selected, .hidden, .actions] : [.id, .modal, kind])
        // The modal's place in pre-order comes before what the element holds.
        let modalSlot = check.modals.count
        if presents { check.modals.append(id) }
        let content: Content
        switch kind {
        case .screen:
            content = .screen(try container.decode(Route.self, forKey: .screen))
        case .stack:
            var list = try container.nestedUnkeyedContainer(forKey: .stack)
            var top: Stack<Route>.Link?
            while !list.isAtEnd {
                let element = try read(list.nestedContainer(keyedBy: Key.self), &check)
                guard element.isScreen else { throw corrupt("a stack holds screens only") }
                top = Stack.Link(element, below: top)
            }
            guard let top else { throw corrupt("a stack needs a root") }
            content = .stack(Stack(top: top))
        case .tabs:
            content = .tabs(try readTabs(container, &check, corrupt: corrupt))
        default:
            let split = try container.nestedContainer(keyedBy: Key.self, forKey: .split)
            try rejectUnknownKeys(
                split.allKeys, allowed: [.columns, .sidebar, .content, .detail, .primary, .collapsed])
            let columns = try split.decode(Int.self, forKey: .columns)
            guard columns == 2 || columns == 3 else { throw corrupt("a split has 2 or 3 columns, not \(columns)") }
            func column(_ key: Key) throws -> NavigationNode? {
                guard split.contains(key), try !split.decodeNil(forKey: key) else { return nil }
                return try read(split.nestedContainer(keyedBy: Key.self, forKey: key), &check)
            }
            let sidebar = try read(split.nestedContainer(keyedBy: Key.self, forKey: .sidebar), &check)
            let middle = try column(.content)
            guard columns == 3 || middle == nil else { throw corrupt("a two-column split has no content column") }
            let detail = try column(.detail)
            let primary = try split.decodeIfPresent(SplitColumn.self, forKey: .primary)
            guard columns == 3 || primary != .content else { throw corrupt("a two-column split has no content column") }
            let collapsed = try split.decodeIfPresent(Bool.self, forKey: .collapsed) ?? false
            content = .split(
                Split(
                    sidebar: sidebar, content: middle, detail: detail, hasContentColumn: columns == 3, primary: primary,
                    isCollapsed: collapsed))
        }
        guard presents else { return NavigationNode(id: id, content: content) }
        let nested = try container.nestedContainer(keyedBy: Key.self, forKey: .modal)
        try rejectUnknownKeys(nested.allKeys, allowed: [.style, .content])
        let style = try nested.decode(ModalStyle.self, forKey: .style)
        let node = try read(nested.nestedContainer(keyedBy: Key.self, forKey: .content), &check)
        guard !style.isOverlay || (node.isScreen && node.presented == nil) else {
            throw corrupt("an \(style.name) shows one screen and presents nothing")
        }
        check.modals[modalSlot] = node.id
        return NavigationNode(id: id, content: content, modal: Modal(style: style, node: node))
    }

    /// Writes the element and everything inside it into `container`, through nested
    /// containers rather than an encoder per element.
    func write(into container: inout KeyedEncodingContainer<SavedKey>) throws {
        try container.encode(id.rawValue, forKey: .id)
        switch content {
        case .screen(let route):
            try container.encode(route, forKey: .screen)
        case .stack(let stack):
            // The links, root first: references, cheaper to gather than the nodes.
            var links: [Stack<Route>.Link] = []
            links.reserveCapacity(stack.count)
            var link: Stack<Route>.Link? = stack.top
            while let current = link {
                links.append(current)
                link = current.below
            }
            var list = container.nestedUnkeyedContainer(forKey: .stack)
            for current in links.reversed() {
                var element = list.nestedContainer(keyedBy: Key.self)
                try current.node.write(into: &element)
            }
        case .tabs(let tabs):
            try writeTabs(tabs, into: &container)
        case .split(let split):
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .split)
            try nested.encode(split.hasContentColumn ? 3 : 2, forKey: .columns)
            try nested.encodeIfPresent(split.primary, forKey: .primary)
            if split.isCollapsed { try nested.encode(true, forKey: .collapsed) }
            var sidebar = nested.nestedContainer(keyedBy: Key.self, forKey: .sidebar)
            try split.sidebar.write(into: &sidebar)
            if let middle = split.content {
                var column = nested.nestedContainer(keyedBy: Key.self, forKey: .content)
                try middle.write(into: &column)
            }
            if let detail = split.detail {
                var column = nested.nestedContainer(keyedBy: Key.self, forKey: .detail)
                try detail.write(into: &column)
            }
        }
        if let box = presented {
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .modal)
            try nested.encode(box.modal.style, forKey: .style)
            var content = nested.nestedContainer(keyedBy: Key.self, forKey: .content)
            try box.modal.node.write(into: &content)
        }
    }
}
