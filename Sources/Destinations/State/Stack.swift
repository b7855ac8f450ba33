// Performance: the push-back, select-tab and sheet figures and the node read (Benchmarks/README.md, "Figures").
/// A navigation stack: a root screen and the screens pushed on it.
///
/// The stack is persistent: pushing, popping and replacing the top share everything below with
/// the state it came from, so they cost O(1) however deep the stack is, and a state kept for
/// rollback or diffing costs nothing extra. Any screen can be reached in O(log *n*).
public struct Stack<Route: NavigationRoute>: Sendable {
    // `@unchecked` because `below` is a `var`: it never changes after `init` except in `deinit`,
    // when nothing else can see the link.
    @usableFromInline final class Link: @unchecked Sendable {
        @usableFromInline let node: NavigationNode<Route>
        /// Written only in `init` and `deinit`, when no other access can overlap.
        @usableFromInline private(set) var below: Link?
        /// The number of screens from the root up to this one: its position from the bottom, plus 1.
        @usableFromInline let count: Int
        /// The nearest link below this one whose screen presents a modal. It does not own the
        /// link (a checked `unowned` reference): `below` does, and every link this one reaches
        /// stays alive as long as it does.
        /// An owning reference would hold a second count on a link down the chain and stop
        /// `deinit`'s iterative release there.
        @usableFromInline unowned let presenterBelow: Link?
        /// A link further down, chosen so that any link below is reached in O(log *n*) hops
        /// (Myers' applicative random-access stack). Not owned, like ``presenterBelow``.
        @usableFromInline unowned let jump: Link?

        @inlinable
        init(_ node: NavigationNode<Route>, below: Link?) {
            self.node = node
            self.below = below
            guard let below else {
                count = 1
                presenterBelow = nil
                jump = nil
                return
            }
            count = below.count + 1
            presenterBelow = below.node.presented != nil ? below : below.presenterBelow
            if let belowJump = below.jump,
                below.count - belowJump.count == belowJump.count - (belowJump.jump?.count ?? 0)
            {
                jump = belowJump.jump
            } else {
                jump = below
            }
        }

        /// The link at `count` (1 is the root), which must be at most this link's.
        ///
        /// - Complexity: O(log *n*).
        @inlinable
        func link(atCount target: Int) -> Link {
            var link = self
            while link.count > target {
                if let jump = link.jump, jump.count >= target {
                    link = jump
                } else if let below = link.below {
                    link = below
                } else {
                    break
                }
            }
            return link
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

    @usableFromInline private(set) var top: Link

    /// Creates a stack from its screens, root first: an array, or a lazy view of other storage.
    ///
    /// - Precondition: `elements` is not empty.
    @inlinable
    public init(_ elements: some Sequence<NavigationNode<Route>>) {
        var link: Link?
        for element in elements {
            link = Link(element, below: link)
        }
        guard let link else { preconditionFailure("a stack has at least its root") }
        top = link
    }

    init(top: Link) {
        self.top = top
    }

    /// The number of screens, root included.
    ///
    /// - Complexity: O(1).
    @inlinable
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
        guard top.node.presented == nil, let presenter = top.presenterBelow else { return (0, top.node) }
        return (top.count - presenter.count, presenter.node)
    }

    /// The root screen.
    ///
    /// - Complexity: O(log *n*).
    public var root: NavigationNode<Route> {
        top.link(atCount: 1).node
    }

    /// The screen at `index`, counted from the root (0 is the root).
    ///
    /// - Precondition: `index` is in `0..<count`.
    /// - Complexity: O(log *n*).
    @inlinable
    public subscript(index: Int) -> NavigationNode<Route> {
        precondition(index >= 0 && index < count, "index \(index) outside a stack of \(count)")
        return top.link(atCount: index + 1).node
    }

    /// The screens, root first.
    ///
    /// - Complexity: O(*n*).
    public var elements: [NavigationNode<Route>] {
        var result: [NavigationNode<Route>] = []
        result.reserveCapacity(count)
        for element in elementsFromTop { result.append(element) }
        result.reverse()
        return result
    }

    /// The screens, top first, without copying them.
    public var elementsFromTop: TopDown {
        TopDown(next: top)
    }

    /// The screens of a stack, top first.
    public struct TopDown: Sequence, IteratorProtocol {
        var upcoming: Link?

        init(next: Link?) {
            upcoming = next
        }

        /// The next screen down.
        public mutating func next() -> NavigationNode<Route>? {
            guard let link = upcoming else { return nil }
            upcoming = link.below
            return link.node
        }
    }

    /// The screens pushed on the root, in order: what a SwiftUI `NavigationStack` path holds.
    ///
    /// - Complexity: O(*n*).
    public var path: [NavigationNode<Route>] {
        Array(elements.dropFirst())
    }

    @inlinable
    mutating func push(_ node: NavigationNode<Route>) {
        top = Link(node, below: top)
    }

    /// Removes the top screen and returns it; `nil` when only the root is left.
    @inlinable
    mutating func pop() -> NavigationNode<Route>? {
        guard let below = top.below else { return nil }
        let node = top.node
        top = below
        return node
    }

    /// Replaces the screen `depth` places below the top (0 is the top).
    ///
    /// - Complexity: O(`depth`) (the links above it are rebuilt).
    @inlinable
    mutating func modify<Result, Failure: Error>(
        atDepth depth: Int,
        _ body: (inout NavigationNode<Route>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if depth == 0 {
            var node = top.node
            let result = try body(&node)
            top = Link(node, below: top.below)
            return result
        }
        var above: [NavigationNode<Route>] = []
        above.reserveCapacity(depth)
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
    /// The column that receives pushes and links, as the layout declares it
    /// (``Layout/split(sidebar:content:detail:primary:)``, ``Layout/sideColumn(_:beside:)``);
    /// `nil` when the layout declares none, and then the focus is the last filled column.
    /// A column that presents a modal takes the focus from it while the modal shows.
    public let primary: SplitColumn?
    /// Whether the window is compact, so the split shows its focused column alone: the
    /// renderer reports the width with ``UserAction/changedWidth(isCompact:split:)``. A split
    /// that folds keeps every column, stack and element id: only what shows changes.
    public internal(set) var isCollapsed: Bool

    /// Creates a split view.
    public init(
        sidebar: NavigationNode<Route>,
        content: NavigationNode<Route>? = nil,
        detail: NavigationNode<Route>? = nil,
        hasContentColumn: Bool? = nil,
        primary: SplitColumn? = nil,
        isCollapsed: Bool = false
    ) {
        self.sidebar = sidebar
        self.content = content
        self.detail = detail
        self.hasContentColumn = hasContentColumn ?? (content != nil)
        self.primary = primary
        self.isCollapsed = isCollapsed
    }

    /// Whether the split is a side column beside main content: its leading column is primary
    /// and it has no middle column (``Layout/sideColumn(_:beside:)``). Renderers show the
    /// detail column as a persistent column beside the leading one, not as a split view.
    public var isSideColumn: Bool {
        primary == .sidebar && !hasContentColumn
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
        set { set(column, to: newValue) }
    }

    /// Sets what a column shows; the sidebar always shows something.
    @usableFromInline mutating func set(_ column: SplitColumn, to node: NavigationNode<Route>?) {
        switch column {
        case .sidebar: if let node { sidebar = node }
        case .content: content = node
        case .detail: detail = node
        }
    }

    /// The columns that show something, leading first.
    public var filledColumns: [(column: SplitColumn, node: NavigationNode<Route>)] {
        var filled: [(column: SplitColumn, node: NavigationNode<Route>)] = []
        filled.append((.sidebar, sidebar))
        if hasContentColumn, let content = content { filled.append((.content, content)) }
        if let detail = detail { filled.append((.detail, detail)) }
        return filled
    }
}
