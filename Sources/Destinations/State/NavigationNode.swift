// Performance: the push-back, select-tab and sheet figures and the node read (Benchmarks/README.md, "Figures").
/// One element of a navigation state: a screen or a container, with whatever it presents.
///
/// A node is a value. Its ``id`` is stable for as long as the element stays in the state, so
/// renderers and Destinations can follow it across changes.
public struct NavigationNode<Route: NavigationRoute>: Sendable {
    /// What a node is.
    public enum Content: Sendable {
        /// One screen, shown by the Destination the route's provider builds.
        indirect case screen(Route)
        /// A navigation stack of screens.
        case stack(Stack<Route>)
        /// A tab bar; each tab keeps its own subtree while another is selected.
        indirect case tabs(Tabs<Route>)
        /// A split view of two or three columns.
        indirect case split(Split<Route>)
    }

    /// The element's identity.
    public let id: ElementID

    /// What the element is.
    public var content: Content
    @usableFromInline var presented: ModalBox<Route>?

    /// The modal this element presents, if any.
    @inlinable
    public internal(set) var modal: Modal<Route>? {
        get { presented?.modal }
        set { presented = newValue.map { ModalBox($0) } }
    }

    /// Creates a node. Most code builds states from a ``Layout`` instead.
    @inlinable
    public init(id: ElementID, content: Content, modal: Modal<Route>? = nil) {
        self.id = id
        self.content = content
        self.presented = modal.map { ModalBox($0) }
    }

    /// Creates a node that presents nothing, without the modal's generic wrapping.
    @inlinable
    init(id: ElementID, content: Content) {
        self.id = id
        self.content = content
        self.presented = nil
    }

    /// The route, when the node is a screen.
    @inlinable
    public var route: Route? {
        if case .screen(let route) = content { return route }
        return nil
    }

    /// Whether the node is a screen.
    @inlinable
    public var isScreen: Bool {
        if case .screen = content { return true }
        return false
    }

    /// Whether the node is a screen that presents nothing: its subtree is itself.
    @inlinable
    var isLeaf: Bool {
        if case .screen = content, presented == nil { return true }
        return false
    }

    /// The node's kind, for messages and renderings.
    @inlinable
    public var kind: NodeKind {
        switch content {
        case .screen: .screen
        case .stack: .stack
        case .tabs: .tabs
        case .split: .split
        }
    }
}

/// The kinds of ``NavigationNode``.
public enum NodeKind: String, Hashable, Codable, Sendable, CustomStringConvertible {
    /// A screen.
    case screen
    /// A navigation stack.
    case stack
    /// A tab bar.
    case tabs
    /// A split view.
    case split

    /// The kind's name.
    public var description: String { rawValue }
}

/// A modal presentation: how it is presented and what it shows.
public struct Modal<Route: NavigationRoute>: Sendable, Equatable {
    /// How the modal is presented.
    public var style: ModalStyle
    /// What the modal shows: a screen, or a container such as a stack.
    public var node: NavigationNode<Route>
    /// Creates a modal.
    @inlinable
    public init(style: ModalStyle, node: NavigationNode<Route>) {
        self.style = style
        self.node = node
    }
}

/// Immutable storage that lets a node hold a modal that holds a node.
@usableFromInline final class ModalBox<Route: NavigationRoute>: Sendable {
    @usableFromInline let modal: Modal<Route>

    @inlinable
    init(_ modal: Modal<Route>) {
        self.modal = modal
    }
}

extension NavigationNode: Equatable {
    public static func == (lhs: NavigationNode, rhs: NavigationNode) -> Bool {
        guard lhs.id == rhs.id else { return false }
        switch (lhs.presented, rhs.presented) {
        case (nil, nil): break
        case (let left?, let right?):
            guard left === right || left.modal == right.modal else { return false }
        default: return false
        }
        return lhs.content == rhs.content
    }
}

extension NavigationNode.Content: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.screen(let left), .screen(let right)): left == right
        case (.stack(let left), .stack(let right)): left == right
        case (.tabs(let left), .tabs(let right)): left == right
        case (.split(let left), .split(let right)): left == right
        default: false
        }
    }
}

extension NavigationNode: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(kind)
        route.map { hasher.combine($0) }
    }
}

extension NavigationNode {
    /// Whether the two nodes have the same own content: the same route, the same stack
    /// screens (by id), tab selection, tabs, hidden tabs and action items, columns, and modal. What the children show is not
    /// compared: that is their own content.
    @usableFromInline
    func hasSameOwnContent(as other: NavigationNode) -> Bool {
        switch (modal, other.modal) {
        case (nil, nil): break
        case (let left?, let right?):
            guard left.style == right.style, left.node.id == right.node.id else { return false }
        default: return false
        }
        switch (content, other.content) {
        case (.screen(let left), .screen(let right)):
            return left == right
        case (.stack(let left), .stack(let right)):
            return left.hasSameElements(as: right)
        case (.tabs(let left), .tabs(let right)):
            return left.selection == right.selection && left.tabs.map { $0.node.id } == right.tabs.map { $0.node.id }
                && left.ids == right.ids && left.hidden == right.hidden && left.actions == right.actions
        case (.split(let left), .split(let right)):
            return left.hasContentColumn == right.hasContentColumn && left.primary == right.primary
                && left.isCollapsed == right.isCollapsed
                && SplitColumn.allCases.allSatisfy { left[$0]?.id == right[$0]?.id }
        default:
            return false
        }
    }
}
