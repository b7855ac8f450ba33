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
    static let screenRoutes: [TestRoute] = [.home, .list, .detail(1), .detail(2), .settings, .about, .menu, .content(3), .editor, .login]
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
            return .sheet(SheetOptions(
                detents: detents,
                selectedDetent: detents.isEmpty || random.chance(0.5) ? nil : random.pick(detents),
                showsDragIndicator: random.chance(0.3) ? random.chance(0.5) : nil,
                interactiveDismissDisabled: random.chance(0.2)
            ))
        }
    }

    /// A presentation that may or may not fit the state it is applied to.
    static func presentation(_ random: inout SeededRandom, in state: NavigationState<TestRoute>, depth: Int = 0) -> Presentation<TestRoute> {
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
            return .path((0..<(2 + Int(random.next() % 2))).map { _ in presentation(&random, in: state, depth: depth + 1) })
        }
    }

    /// A valid state: a random layout after a few random presentations from random anchors.
    static func state(_ random: inout SeededRandom, steps: Int = 8) -> NavigationState<TestRoute> {
        var state = (try? NavigationState(layout(&random))) ?? NavigationState(root: NavigationNode(id: ElementID(1), content: .screen(.home)))
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
            content = .tabs(Tabs(tabs: tabs.tabs.map { Tab(id: $0.id, node: renumbered($0.node, by: offset)) }, selection: tabs.selection))
        case .split(let split):
            content = .split(Split(
                sidebar: renumbered(split.sidebar, by: offset),
                content: split.content.map { renumbered($0, by: offset) },
                detail: split.detail.map { renumbered($0, by: offset) },
                hasContentColumn: split.hasContentColumn
            ))
        }
        return NavigationNode(id: id, content: content, modal: modal)
    }
}
