/// Which subtrees of a state another renderer draws — a SwiftUI `FlowView(flow, root: id)`
/// hosted inside UIKit, say — so that a render plan makes no step inside them.
///
/// The rule looks at each node, not at a list fixed in advance: element ids change when the
/// root is replaced (`replaceRoot`) or a state is restored, and a rule over what a node is keeps
/// marking the same subtree afterwards.
///
/// ```swift
/// // The settings tab's stack is drawn by SwiftUI, whatever its id.
/// let opaque = OpaqueSubtrees<AppRoute>.routes([.settings])
/// // Or any rule over the node.
/// let custom = OpaqueSubtrees<AppRoute> { node in node.stack?.elements.first?.route == .settings }
/// ```
///
/// Only the outermost node a rule marks counts: what lies inside it is the other renderer's.
/// A `RenderScheduler` asks the rule about each element once, when it first plans it, and the
/// element keeps that renderer while it stays (`RenderScheduler.isOpaque(_:)`): a stack
/// marked by its first screen stays opaque after `setStack` gives it another, and an unmarked
/// one is not handed over. A plan made directly (``NavigationState/renderPlan(from:opaque:animated:)-(_,OpaqueSubtrees<Route>,_)``)
/// asks the rule of both states, and rebuilds the whole window when an element's answer changed.
public struct OpaqueSubtrees<Route: NavigationRoute>: Sendable {
    private let rule: (@Sendable (NavigationNode<Route>) -> Bool)?

    /// Marks as opaque every node for which `isOpaque` is `true`, with its whole subtree.
    public init(_ isOpaque: @escaping @Sendable (NavigationNode<Route>) -> Bool) {
        rule = isOpaque
    }

    private init(rule: (@Sendable (NavigationNode<Route>) -> Bool)?) {
        self.rule = rule
    }

    /// No opaque subtree: the renderer draws everything.
    public static var none: OpaqueSubtrees { OpaqueSubtrees(rule: nil) }

    /// The elements with these ids, as they are now. Ids do not survive a replaced root or a
    /// restored state: prefer ``routes(_:)`` or a rule over the node for anything long-lived.
    public static func ids(_ ids: Set<ElementID>) -> OpaqueSubtrees {
        ids.isEmpty ? .none : OpaqueSubtrees { ids.contains($0.id) }
    }

    /// Screens showing one of `routes`, and stacks whose first screen shows one of them. A
    /// screen showing one of them is opaque wherever it is, pushed on a stack this renderer
    /// draws included: it is then drawn by the other renderer (UIKit's
    /// `FlowControllerOptions.subtree`).
    public static func routes(_ routes: Set<Route>) -> OpaqueSubtrees {
        routes.isEmpty
            ? .none
            : OpaqueSubtrees { node in
                guard let route = node.route ?? node.stack?.elements.first?.route else { return false }
                return routes.contains(route)
            }
    }

    /// Whether this marks no subtree at all.
    public var isEmpty: Bool { rule == nil }

    /// Whether `node` is the root of a subtree another renderer draws.
    public func contains(_ node: NavigationNode<Route>) -> Bool {
        rule?(node) ?? false
    }

    /// The subtrees that either rule marks.
    public func union(_ other: OpaqueSubtrees) -> OpaqueSubtrees {
        guard let mine = rule else { return other }
        guard let theirs = other.rule else { return self }
        return OpaqueSubtrees { mine($0) || theirs($0) }
    }
}
