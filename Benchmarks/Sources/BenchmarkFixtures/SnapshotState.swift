import Destinations

extension NavigationState where Route == BenchRoute {
    /// A state of 200 screens: four tabs with stacks of 48 screens, the first tab's top
    /// presenting a sheet with a stack of 7 screens, whose top presents a second sheet of one
    /// screen.
    public static func snapshot() throws -> NavigationState<BenchRoute> {
        var number = 0
        func stack(_ count: Int) -> [BenchRoute] {
            defer { number += count }
            return (number..<number + count).map { BenchRoute.screen($0) }
        }
        let layout: Layout<BenchRoute> = .tabs([
            .tab("a", .stack(stack(48))),
            .tab("b", .stack(stack(48))),
            .tab("c", .stack(stack(48))),
            .tab("d", .stack(stack(48))),
        ])
        let sheetStack = stack(7)
        let innerSheet = stack(1)[0]
        return try NavigationState(layout)
            .applying(.present(.stack(sheetStack), style: .sheet))
            .applying(.sheet(innerSheet))
    }
}

/// One node of a state, flattened: the floor of a saved state.
public struct FlatNode: Codable, Hashable, Sendable {
    /// The node's id.
    public var id: UInt64
    /// The route, for a screen.
    public var route: BenchRoute?
    /// The id of the node that holds or presents it; `nil` for the root.
    public var parent: UInt64?

    /// Creates a flat node.
    public init(id: UInt64, route: BenchRoute?, parent: UInt64?) {
        self.id = id
        self.route = route
        self.parent = parent
    }
}

extension NavigationState where Route == BenchRoute {
    /// The state's nodes as a flat array, parents first.
    public var flatNodes: [FlatNode] {
        var result: [FlatNode] = []
        func visit(_ node: NavigationNode<BenchRoute>, parent: ElementID?) {
            result.append(FlatNode(id: node.id.rawValue, route: node.route, parent: parent?.rawValue))
            switch node.content {
            case .screen: break
            case .stack(let stack): for element in stack.elements { visit(element, parent: node.id) }
            case .tabs(let tabs): for tab in tabs.tabs { visit(tab.node, parent: node.id) }
            case .split(let split): for column in split.filledColumns { visit(column.node, parent: node.id) }
            }
            if let modal = node.modal { visit(modal.node, parent: node.id) }
        }
        visit(root, parent: nil)
        return result
    }
}
