@testable import Destinations

/// A seeded generator (SplitMix64): the same seed gives the same numbers on every run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 10_000) < probability * 10_000
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int(next() % UInt64(values.count))]
    }
}

/// Random routes, layouts, sheet options and presentations over ``TestRoute``.
enum RandomStates {
    static let screenRoutes: [TestRoute] = [
        .home, .list, .detail(1), .detail(2), .settings, .about, .menu, .content(3), .editor, .login,
    ]
    static let tabIDs: [TabID] = [.inbox, .profile, .search]

    static func route(_ random: inout SeededRandom) -> TestRoute {
        random.pick(screenRoutes)
    }

    static func routes(_ random: inout SeededRandom, max: Int = 3) -> [TestRoute] {
        (0..<(1 + Int(random.next() % UInt64(max)))).map { _ in route(&random) }
    }

    static func layout(_ random: inout SeededRandom, depth: Int = 0) -> Layout<TestRoute> {
        let roll = depth >= 2 ? random.next() % 2 : random.next() % 5
        switch roll {
        case 0: return .screen(route(&random))
        case 1: return .stack(routes(&random))
        case 2:
            let count = 1 + Int(random.next() % 3)
            let tabs = tabIDs.prefix(count).map { TabLayout($0, layout(&random, depth: depth + 1)) }
            return .tabs(tabs, selected: random.pick(Array(tabIDs.prefix(count))))
        case 3:
            return .split(
                sidebar: layout(&random, depth: depth + 1),
                content: random.chance(0.4) ? layout(&random, depth: depth + 1) : nil,
                detail: random.chance(0.6) ? .stack(routes(&random)) : nil
            )
        default:
            return .stack(routes(&random))
        }
    }

    static func detent(_ random: inout SeededRandom) -> SheetDetent {
        random.pick([.medium, .large, .fraction(0.25), .fraction(0.5), .height(120), .height(300.5)])
    }

    static func style(_ random: inout SeededRandom) -> ModalStyle {
        switch random.next() % 5 {
        case 0: return .fullScreenCover
        case 1: return .alert
        case 2: return .confirmationDialog
        default:
            let detents = (0..<Int(random.next() % 3)).map { _ in detent(&random) }
            return .sheet(
                SheetOptions(
                    detents: detents,
                    selectedDetent: detents.isEmpty || random.chance(0.5) ? nil : random.pick(detents),
                    showsDragIndicator: random.chance(0.3) ? random.chance(0.5) : nil,
                    interactiveDismissDisabled: random.chance(0.2)
                ))
        }
    }

    /// A presentation that may or may not fit the state it is applied to.
    static func presentation(_ random: inout SeededRandom, in state: NavigationState<TestRoute>, depth: Int = 0)
        -> Presentation<TestRoute>
    {
        let ids = state.nodes.map(\.id)
        switch random.next() % (depth > 0 ? 16 : 17) {
        case 0, 1: return .push(route(&random))
        case 2: return .back
        case 3: return .popToRoot
        case 4: return .popTo(route(&random))
        case 5: return .popAbove(random.pick(ids))
        case 6: return .setStack(routes(&random))
        case 7: return .selectTab(random.pick(tabIDs))
        case 8: return .presentInTab(random.pick(tabIDs), route(&random))
        case 9: return .show(route(&random), in: random.pick(SplitColumn.allCases))
        case 10, 11:
            let style = style(&random)
            return .present(style.isOverlay ? .screen(route(&random)) : layout(&random, depth: 1), style: style)
        case 12: return random.chance(0.5) ? .dismiss : .dismissPresented
        case 13: return .dismissAll
        case 14: return random.chance(0.8) ? .replaceCurrent(route(&random)) : .replaceRoot(layout(&random))
        case 15: return .push(.failing)
        default:
            return .path(
                (0..<(2 + Int(random.next() % 2))).map { _ in presentation(&random, in: state, depth: depth + 1) })
        }
    }

    /// A valid state: a random layout after a few random presentations from random anchors.
    static func state(_ random: inout SeededRandom, steps: Int = 8) -> NavigationState<TestRoute> {
        var state =
            (try? NavigationState(layout(&random)))
            ?? NavigationState(root: NavigationNode(id: ElementID(1), content: .screen(.home)))
        for _ in 0..<steps {
            let anchor = random.chance(0.3) ? random.pick(state.nodes.map(\.id)) : nil
            let change = presentation(&random, in: state)
            if let next = try? state.applying(change, from: anchor), !next.routes.contains(.failing) { state = next }
        }
        return state
    }

    /// The same tree with every id moved by `offset`.
    static func renumbered(_ state: NavigationState<TestRoute>, by offset: UInt64) -> NavigationState<TestRoute> {
        NavigationState(root: renumbered(state.root, by: offset))
    }

    static func renumbered(_ node: NavigationNode<TestRoute>, by offset: UInt64) -> NavigationNode<TestRoute> {
        let id = ElementID(node.id.rawValue + offset)
        let modal = node.modal.map { Modal(style: $0.style, node: renumbered($0.node, by: offset)) }
        let content: NavigationNode<TestRoute>.Content
        switch node.content {
        case .screen(let route): content = .screen(route)
        case .stack(let stack): content = .stack(Stack(stack.elements.map { renumbered($0, by: offset) }))
        case .tabs(let tabs):
            content = .tabs(
                Tabs(
                    tabs: tabs.tabs.map { Tab(id: $0.id, node: renumbered($0.node, by: offset)) },
                    selection: tabs.selection))
        case .split(let split):
            content = .split(
                Split(
                    sidebar: renumbered(split.sidebar, by: offset),
                    content: split.content.map { renumbered($0, by: offset) },
                    detail: split.detail.map { renumbered($0, by: offset) },
                    hasContentColumn: split.hasContentColumn
                ))
        }
        return NavigationNode(id: id, content: content, modal: modal)
    }

    /// The state with one attribute of one element changed — a route, a modal's style or sheet
    /// option, a tab selection or name, a split's column count — or `nil` when the element it
    /// picks has nothing to change. The result is never equivalent to `state`.
    static func mutatingOneAttribute(of state: NavigationState<TestRoute>, _ random: inout SeededRandom)
        -> NavigationState<TestRoute>?
    {
        let target = random.pick(state.nodes.map(\.id))
        let choice = random.next()
        var changed = false
        let root = rebuilt(state.root) { node in
            guard node.id == target else { return node }
            if let modal = node.modal, choice % 3 == 0 {
                let style = mutated(modal.style, choice)
                changed = style != modal.style
                return NavigationNode(id: node.id, content: node.content, modal: Modal(style: style, node: modal.node))
            }
            switch node.content {
            case .screen(let route):
                let other = screenRoutes[(screenRoutes.firstIndex(of: route).map { $0 + 1 } ?? 0) % screenRoutes.count]
                changed = true
                return NavigationNode(id: node.id, content: .screen(other), modal: node.modal)
            case .tabs(let tabs) where tabs.tabs.count > 1:
                changed = true
                if choice % 2 == 0 {
                    let others = tabs.tabs.map(\.id).filter { $0 != tabs.selection }
                    return NavigationNode(
                        id: node.id, content: .tabs(Tabs(tabs: tabs.tabs, selection: others[0])), modal: node.modal)
                }
                var renamed = tabs.tabs
                renamed[renamed.count - 1] = Tab(id: "renamed", node: renamed[renamed.count - 1].node)
                let selection = tabs.selection == tabs.tabs.last?.id ? "renamed" : tabs.selection
                return NavigationNode(
                    id: node.id, content: .tabs(Tabs(tabs: renamed, selection: selection)), modal: node.modal)
            case .split(let split) where split.content == nil:
                changed = true
                let other = Split(
                    sidebar: split.sidebar, content: nil, detail: split.detail,
                    hasContentColumn: !split.hasContentColumn)
                return NavigationNode(id: node.id, content: .split(other), modal: node.modal)
            default:
                return node
            }
        }
        return changed ? NavigationState(root: root) : nil
    }

    /// Another style or sheet option than `style`, chosen by `choice`.
    static func mutated(_ style: ModalStyle, _ choice: UInt64) -> ModalStyle {
        guard case .sheet(var options) = style else { return style == .alert ? .confirmationDialog : .alert }
        switch (choice / 3) % 5 {
        case 0:
            options.detents = options.detents == [.medium] ? [.large] : [.medium]
            options.selectedDetent = nil
        case 1:
            options.selectedDetent = options.selectedDetent == nil ? (options.detents.first ?? .large) : nil
            if options.detents.isEmpty {
                options.detents = [.large]
                options.selectedDetent = nil
            }
        case 2: options.showsDragIndicator = options.showsDragIndicator == true ? false : true
        case 3: options.interactiveDismissDisabled.toggle()
        default: return .fullScreenCover
        }
        return .sheet(options)
    }

    /// The tree with `transform` applied to every node, children first.
    static func rebuilt(
        _ node: NavigationNode<TestRoute>, _ transform: (NavigationNode<TestRoute>) -> NavigationNode<TestRoute>
    ) -> NavigationNode<TestRoute> {
        let modal = node.modal.map { Modal(style: $0.style, node: rebuilt($0.node, transform)) }
        let content: NavigationNode<TestRoute>.Content
        switch node.content {
        case .screen(let route): content = .screen(route)
        case .stack(let stack): content = .stack(Stack(stack.elements.map { rebuilt($0, transform) }))
        case .tabs(let tabs):
            content = .tabs(
                Tabs(
                    tabs: tabs.tabs.map { Tab(id: $0.id, node: rebuilt($0.node, transform)) }, selection: tabs.selection
                ))
        case .split(let split):
            content = .split(
                Split(
                    sidebar: rebuilt(split.sidebar, transform),
                    content: split.content.map { rebuilt($0, transform) },
                    detail: split.detail.map { rebuilt($0, transform) },
                    hasContentColumn: split.hasContentColumn
                ))
        }
        return transform(NavigationNode(id: node.id, content: content, modal: modal))
    }
}
