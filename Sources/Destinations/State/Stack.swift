/// A navigation stack: a root screen and the screens pushed on it.
///
/// The stack is persistent: pushing, popping and replacing the top share everything below with
/// the state it came from, so they cost O(1) however deep the stack is, and a state kept for
/// rollback or diffing costs nothing extra.
public struct Stack<Route: NavigationRoute>: Sendable {
    // `@unchecked` because `below` is a `var`: it never changes after `init` except in `deinit`,
    // when nothing else can see the link.
    final class Link: @unchecked Sendable {
        let node: NavigationNode<Route>
        private(set) var below: Link?
        let count: Int
        /// The nearest link below this one whose screen presents a modal. It does not own the
        /// link: `below` does, and every link this one reaches stays alive as long as it does.
        /// An owning reference would hold a second count on a link down the chain and stop
        /// `deinit`'s iterative release there.
        unowned(unsafe) let presenterBelow: Link?

        init(_ node: NavigationNode<Route>, below: Link?) {
            self.node = node
            self.below = below
            self.count = (below?.count ?? 0) + 1
            self.presenterBelow = below.flatMap { $0.node.modal != nil ? $0 : $0.presenterBelow }
        }

        /// Releases the links below one at a time: letting each link release the next would
        /// recurse once per screen and overflow the thread's stack for a deep enough stack.
        deinit {
            guard var link = below else { return }
            below = nil
            while isKnownUniquelyReferenced(&link) {
                guard let deeper = link.below else { return }
                link.below = nil
                link = deeper
            }
        }
    }

    private(set) var top: Link

    /// Creates a stack from its screens, root first.
    ///
    /// - Precondition: `elements` is not empty.
    public init(_ elements: [NavigationNode<Route>]) {
        var link: Link?
        for element in elements {
            link = Link(element, below: link)
        }
        guard let link else { preconditionFailure("a stack has at least its root") }
        top = link
    }

    /// The number of screens, root included.
    ///
    /// - Complexity: O(1).
    public var count: Int { top.count }

    /// The screen on top: the one that shows.
    ///
    /// - Complexity: O(1).
    public var topNode: NavigationNode<Route> { top.node }

    /// The screen with the focus and its depth below the top (0 is the top): the topmost
    /// screen that presents a modal, or else the top. A screen pushed under a modal its stack
    /// presents stays under it.
    ///
    /// - Complexity: O(1).
    var focusedElement: (depth: Int, node: NavigationNode<Route>) {
        guard top.node.modal == nil, let presenter = top.presenterBelow else { return (0, top.node) }
        return (top.count - presenter.count, presenter.node)
    }

    /// The root screen.
    ///
    /// - Complexity: O(*n*).
    public var root: NavigationNode<Route> {
        var link = top
        while let below = link.below { link = below }
        return link.node
    }

    /// The screens, root first.
    ///
    /// - Complexity: O(*n*).
    public var elements: [NavigationNode<Route>] {
        Array(elementsFromTop.reversed())
    }

    /// The screens, top first.
    public var elementsFromTop: some Sequence<NavigationNode<Route>> {
        sequence(first: top, next: \.below).lazy.map(\.node)
    }

    /// The screens pushed on the root, in order: what a SwiftUI `NavigationStack` path holds.
    ///
    /// - Complexity: O(*n*).
    public var path: [NavigationNode<Route>] {
        Array(elements.dropFirst())
    }

    mutating func push(_ node: NavigationNode<Route>) {
        top = Link(node, below: top)
    }

    /// Removes the top screen and returns it; `nil` when only the root is left.
    mutating func pop() -> NavigationNode<Route>? {
        guard let below = top.below else { return nil }
        let node = top.node
        top = below
        return node
    }

    /// Replaces the screen `depth` places below the top (0 is the top).
    ///
    /// - Complexity: O(`depth`).
    mutating func modify<Result, Failure: Error>(
        atDepth depth: Int,
        _ body: (inout NavigationNode<Route>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var above: [NavigationNode<Route>] = []
        var link = top
        for _ in 0..<depth {
            guard let below = link.below else { preconditionFailure("depth \(depth) outside a stack of \(count)") }
            above.append(link.node)
            link = below
        }
        var node = link.node
        let result = try body(&node)
        var rebuilt = Link(node, below: link.below)
        for element in above.reversed() {
            rebuilt = Link(element, below: rebuilt)
        }
        top = rebuilt
        return result
    }
}

extension Stack {
    /// Whether the two stacks hold the same screens by id, whatever those screens show.
    ///
    /// - Complexity: O(1) when they share their top link (a push and a pop); O(*n*) at worst.
    func hasSameElements(as other: Stack) -> Bool {
        guard count == other.count else { return false }
        var left: Link? = top
        var right: Link? = other.top
        while let l = left, let r = right {
            if l === r { return true }
            guard l.node.id == r.node.id else { return false }
            left = l.below
            right = r.below
        }
        return true
    }
}

extension Stack: Equatable {
    public static func == (lhs: Stack, rhs: Stack) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var left: Link? = lhs.top
        var right: Link? = rhs.top
        while let l = left, let r = right {
            if l === r { return true }
            guard l.node == r.node else { return false }
            left = l.below
            right = r.below
        }
        return true
    }
}

/// A tab bar: its tabs, in order, and which one is selected.
public struct Tabs<Route: NavigationRoute>: Sendable, Equatable {
    /// The tabs, in the order the bar shows them.
    public internal(set) var tabs: [Tab<Route>]
    /// The selected tab.
    public internal(set) var selection: TabID

    /// Creates a tab bar.
    ///
    /// - Precondition: `tabs` is not empty, its ids are unique and `selection` is one of them.
    public init(tabs: [Tab<Route>], selection: TabID) {
        precondition(!tabs.isEmpty, "a tab bar has at least one tab")
        precondition(tabs.contains { $0.id == selection }, "the selected tab \(selection) is not in the bar")
        self.tabs = tabs
        self.selection = selection
    }

    /// The selected tab's index.
    public var selectedIndex: Int {
        tabs.firstIndex { $0.id == selection } ?? 0
    }

    /// The selected tab.
    public var selectedTab: Tab<Route> { tabs[selectedIndex] }

    /// The ids of the tabs, in order.
    public var ids: [TabID] { tabs.map(\.id) }
}

/// One tab of a ``Tabs`` container.
public struct Tab<Route: NavigationRoute>: Sendable, Equatable, Identifiable {
    /// The tab's name.
    public let id: TabID
    /// What the tab shows: usually a stack.
    public internal(set) var node: NavigationNode<Route>

    /// Creates a tab.
    public init(id: TabID, node: NavigationNode<Route>) {
        self.id = id
        self.node = node
    }
}

/// A split view: a sidebar, an optional content column, and a detail column.
public struct Split<Route: NavigationRoute>: Sendable, Equatable {
    /// The leading column.
    public internal(set) var sidebar: NavigationNode<Route>
    /// The middle column; present only in a three-column split.
    public internal(set) var content: NavigationNode<Route>?
    /// The trailing column; `nil` until something is shown there.
    public internal(set) var detail: NavigationNode<Route>?
    /// Whether the split has a middle column.
    public let hasContentColumn: Bool

    /// Creates a split view.
    public init(
        sidebar: NavigationNode<Route>,
        content: NavigationNode<Route>? = nil,
        detail: NavigationNode<Route>? = nil,
        hasContentColumn: Bool? = nil
    ) {
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
        self.hasContentColumn = hasContentColumn ?? (content != nil)
    }

    /// The split's columns, leading first.
    public var columns: [SplitColumn] {
        hasContentColumn ? [.sidebar, .content, .detail] : [.sidebar, .detail]
    }

    /// What a column shows, if anything.
    public subscript(column: SplitColumn) -> NavigationNode<Route>? {
        get {
            switch column {
            case .sidebar: sidebar
            case .content: content
            case .detail: detail
            }
        }
        set {
            switch column {
            case .sidebar: if let newValue { sidebar = newValue }
            case .content: content = newValue
            case .detail: detail = newValue
            }
        }
    }

    /// The columns that show something, leading first.
    public var filledColumns: [(column: SplitColumn, node: NavigationNode<Route>)] {
        columns.compactMap { column in self[column].map { (column, $0) } }
    }
}
