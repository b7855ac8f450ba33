@testable import Destinations

/// A model of UIKit's container rules, for driving a ``RenderScheduler`` on Linux.
///
/// Controllers sit in containers (navigation, tab bar and split controllers) or are presented.
/// As in UIKit, presentations form one chain per window: the window's root presents at most one
/// controller, which presents at most one, and so on (each level is a presentation context).
/// The model records every broken rule instead of crashing:
///
/// - a controller belongs to one container (or presentation) at a time;
/// - only a controller in the window presents, and a context presents one modal at a time;
/// - a dismissal needs something presented;
/// - the root is not replaced while it presents;
/// - nothing is called while an animated transition is under way: those finish only when the
///   test lets them (``finishNext()``).
@MainActor
final class FakeWindow {
    final class Controller {
        enum Kind: Equatable {
            case screen(TestRoute)
            case navigation
            case tabBar([TabID])
            case split(columns: [SplitColumn])
            /// A subtree another renderer draws (a hosting controller).
            case hosted
        }
        let id: ElementID
        /// What it is; a tab bar's tabs change with `setTabs`.
        var kind: Kind
        /// The container holding the controller, if any.
        weak var container: Controller?
        /// A navigation controller's screens, root first; a tab bar's tabs, in order.
        var children: [Controller] = []
        var selectedIndex = 0
        var columns: [SplitColumn: Controller] = [:]
        /// The controller this one presents (only the top controller of a context presents).
        var presented: Controller?
        /// The controller that presents this one.
        weak var presenting: Controller?
        /// The element the step named as presenter, and the style.
        var presentedFrom: ElementID?
        var style: ModalStyle?

        init(id: ElementID, kind: Kind) {
            self.id = id
            self.kind = kind
        }

        /// The controllers this one holds, in display order.
        var held: [Controller] {
            switch kind {
            case .screen, .hosted: []
            case .navigation, .tabBar: children
            case .split(let order): order.compactMap { columns[$0] }
            }
        }

        /// The controllers the user sees inside this one: a navigation controller's top, the
        /// selected tab, every column.
        var visibleChildren: [Controller] {
            switch kind {
            case .screen, .hosted: []
            case .navigation: children.last.map { [$0] } ?? []
            case .tabBar: children.indices.contains(selectedIndex) ? [children[selectedIndex]] : []
            case .split: held
            }
        }
    }

    struct Transition {
        let name: String
        let finish: () -> Void
    }

    private(set) var root: Controller?
    private(set) var violations: [String] = []
    private(set) var pending: [Transition] = []

    var isIdle: Bool { pending.isEmpty }

    func violate(_ rule: String) { violations.append(rule) }

    /// Finishes the oldest transition under way.
    func finishNext() {
        guard !pending.isEmpty else { return }
        pending.removeFirst().finish()
    }

    /// Finishes transitions until none is left (each may start the next).
    func finishAll(limit: Int = 1_000) {
        var count = 0
        while !pending.isEmpty, count < limit {
            finishNext()
            count += 1
        }
        if !pending.isEmpty { violate("transitions never stop") }
    }

    private func checkNoTransition(_ call: String) {
        if !pending.isEmpty { violate("\(call) while \(pending[0].name) is under way") }
    }

    private func run(_ name: String, animated: Bool, _ body: () -> Void, completion: @escaping () -> Void) {
        body()
        if animated {
            pending.append(Transition(name: name, finish: completion))
        } else {
            completion()
        }
    }

    // MARK: presentation levels

    /// The top controller of each presentation context, the window's root first.
    var levels: [Controller] {
        var result: [Controller] = []
        var level = root
        while let current = level {
            result.append(current)
            level = current.presented
        }
        return result
    }

    /// The top controller of the context that holds `controller`, if it is in the window.
    func context(of controller: Controller) -> Controller? {
        var node = controller
        while let container = node.container { node = container }
        return levels.contains { $0 === node } ? node : nil
    }

    /// Whether the user could see `controller`: every container shows it and its context is
    /// in the window.
    func isVisible(_ controller: Controller) -> Bool {
        var node = controller
        while let container = node.container {
            guard container.visibleChildren.contains(where: { $0 === node }) else { return false }
            node = container
        }
        return levels.contains { $0 === node }
    }

    /// Whether `controller` is attached to the window at all, visible or not.
    func isAttached(_ controller: Controller) -> Bool { context(of: controller) != nil }

    // MARK: calls a renderer makes

    func setRoot(_ controller: Controller) {
        checkNoTransition("setRoot")
        if root?.presented != nil { violate("setRoot while the root presents") }
        claim(controller, by: nil)
        root = controller
        checkPresenters()
    }

    func setChildren(
        _ children: [Controller], of container: Controller, animated: Bool, completion: @escaping () -> Void
    ) {
        checkNoTransition("setViewControllers")
        guard isAttached(container) else {
            violate("setViewControllers on \(container.id), which is not in the window")
            completion()
            return
        }
        if container.kind == .navigation, children.contains(where: { $0.isContainer }) {
            violate("a navigation controller of \(container.id) given a container")
        }
        for child in children where !container.children.contains(where: { $0 === child }) {
            claim(child, by: container)
        }
        for old in container.children where !children.contains(where: { $0 === old }) { old.container = nil }
        let changed = container.children.map(\.id) != children.map(\.id)
        run(
            "setViewControllers \(container.id)", animated: animated && changed,
            {
                container.children = children
                container.selectedIndex = min(container.selectedIndex, max(children.count - 1, 0))
                checkPresenters()
            }, completion: completion)
    }

    func select(_ index: Int, of tabBar: Controller) {
        checkNoTransition("selectedIndex")
        guard tabBar.children.indices.contains(index) else {
            violate("selectedIndex \(index) outside \(tabBar.id)")
            return
        }
        tabBar.selectedIndex = index
    }

    func setColumn(_ column: SplitColumn, of split: Controller, to controller: Controller?) {
        checkNoTransition("setViewController(_:for:)")
        if let controller, split.columns[column] !== controller { claim(controller, by: split) }
        split.columns[column]?.container = nil
        split.columns[column] = controller
        checkPresenters()
    }

    func present(
        _ controller: Controller,
        from presenter: Controller,
        naming element: ElementID,
        style: ModalStyle,
        animated: Bool,
        completion: @escaping () -> Void
    ) {
        checkNoTransition("present")
        guard isVisible(presenter), let context = context(of: presenter) else {
            violate("present \(controller.id) from \(presenter.id), which is not in the window")
            completion()
            return
        }
        if let already = context.presented {
            violate("present \(controller.id) from \(context.id), which already presents \(already.id)")
            completion()
            return
        }
        claim(controller, by: nil)
        run(
            "present \(controller.id)", animated: animated,
            {
                context.presented = controller
                controller.presenting = context
                controller.presentedFrom = element
                controller.style = style
            }, completion: completion)
    }

    /// Changes a presented controller's options in place; its kind of presentation stays.
    func restyle(_ controller: Controller, to style: ModalStyle) {
        checkNoTransition("restyle")
        guard controller.presenting != nil else { return violate("restyle \(controller.id), which is not presented") }
        if controller.style?.name != style.name {
            violate(
                "restyle \(controller.id) from \(controller.style.map { "\($0)" } ?? "?") to another kind, \(style)")
        }
        controller.style = style
    }

    /// Dismisses what `context` presents, and everything above it.
    func dismiss(presentedBy context: Controller, animated: Bool, completion: @escaping () -> Void) {
        checkNoTransition("dismiss")
        guard let presented = context.presented else {
            violate("dismiss on \(context.id), which presents nothing")
            completion()
            return
        }
        run(
            "dismiss \(presented.id)", animated: animated,
            {
                context.presented = nil
                presented.presenting = nil
            }, completion: completion)
    }

    /// A controller may join a container or be presented only when it is nowhere else.
    private func claim(_ controller: Controller, by container: Controller?) {
        if let current = controller.container, current !== container {
            violate("\(controller.id) moved from container \(current.id) without leaving it")
        }
        if controller.presenting != nil { violate("\(controller.id) is presented and joins a container") }
        if root === controller, container != nil { violate("the root \(controller.id) joins a container") }
        controller.container = container
    }

    /// Every live presentation's named presenter is still attached to the window.
    private func checkPresenters() {
        for level in levels.dropFirst() {
            guard let element = level.presentedFrom else { continue }
            if !attachedIDs.contains(element) { violate("\(element) left the window while presenting \(level.id)") }
        }
    }

    // MARK: the user's gestures (UIKit changes its containers itself, then calls delegates)

    func userPop(_ navigation: Controller, toCount count: Int) {
        for old in navigation.children[count...] { old.container = nil }
        navigation.children.removeSubrange(count...)
    }

    func userDismiss(_ presented: Controller) {
        presented.presenting?.presented = nil
        presented.presenting = nil
    }

    func userSelect(_ index: Int, of tabBar: Controller) { tabBar.selectedIndex = index }

    func userClose(_ column: SplitColumn, of split: Controller) {
        guard case .split(let order) = split.kind else { return }
        for closed in order.drop(while: { $0 != column }) {
            split.columns[closed]?.container = nil
            split.columns[closed] = nil
        }
    }

    // MARK: what the window shows

    var attached: [Controller] {
        var result: [Controller] = []
        func visit(_ controller: Controller) {
            result.append(controller)
            controller.held.forEach(visit)
        }
        levels.forEach(visit)
        return result
    }

    var attachedIDs: Set<ElementID> { Set(attached.map(\.id)) }

    /// The window as text: the root's tree, then the chain of presentations with their trees.
    var projection: String {
        guard let root else { return "(empty)" }
        var lines: [String] = []
        func describe(_ controller: Controller, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            switch controller.kind {
            case .screen(let route): lines.append("\(indent)\(route) \(controller.id)")
            case .hosted: lines.append("\(indent)hosted \(controller.id)")
            case .navigation: lines.append("\(indent)stack \(controller.id)")
            case .tabBar(let tabs):
                let selected =
                    controller.children.indices.contains(controller.selectedIndex)
                    ? tabs[controller.selectedIndex] : "?"
                lines.append("\(indent)tabs \(controller.id) (\(selected))")
            case .split: lines.append("\(indent)split \(controller.id)")
            }
            if case .split(let order) = controller.kind {
                for column in order {
                    if let child = controller.columns[column] {
                        lines.append("\(indent)  [\(column)]")
                        describe(child, depth: depth + 2)
                    }
                }
            } else {
                for child in controller.children { describe(child, depth: depth + 1) }
            }
        }
        describe(root, depth: 0)
        for level in levels.dropFirst() {
            lines.append("\(level.style.map { "\($0)" } ?? "?") from \(level.presentedFrom.map { "\($0)" } ?? "?"):")
            describe(level, depth: 1)
        }
        return lines.joined(separator: "\n")
    }

    /// What the window must show for `state`, in the format of ``projection``.
    static func projection(of state: NavigationState<TestRoute>, opaque: Set<ElementID> = []) -> String {
        projection(of: state, opaque: .ids(opaque))
    }

    /// What the window must show for `state`, with the subtrees `opaque` marks hosted.
    static func projection(of state: NavigationState<TestRoute>, opaque: OpaqueSubtrees<TestRoute>) -> String {
        var lines: [String] = []
        func describe(_ node: NavigationNode<TestRoute>, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            if opaque.contains(node) {
                lines.append("\(indent)hosted \(node.id)")
                return
            }
            switch node.content {
            case .screen(let route): lines.append("\(indent)\(route) \(node.id)")
            case .stack(let stack):
                lines.append("\(indent)stack \(node.id)")
                for element in stack.elements { describe(element, depth: depth + 1) }
            case .tabs(let tabs):
                lines.append("\(indent)tabs \(node.id) (\(tabs.selection))")
                for tab in tabs.tabs { describe(tab.node, depth: depth + 1) }
            case .split(let split):
                lines.append("\(indent)split \(node.id)")
                for (column, child) in split.filledColumns {
                    lines.append("\(indent)  [\(column)]")
                    describe(child, depth: depth + 2)
                }
            }
        }
        describe(state.root, depth: 0)
        for modal in state.ownChain(opaque: opaque) {
            lines.append("\(modal.style) from \(modal.presenter):")
            if let node = state.node(modal.modal) { describe(node, depth: 1) }
        }
        return lines.joined(separator: "\n")
    }
}

extension FakeWindow.Controller {
    fileprivate var isContainer: Bool {
        switch kind {
        case .screen, .hosted: false
        case .navigation, .tabBar, .split: true
        }
    }
}

/// A UIKit-like renderer over ``FakeWindow``: it maps steps to the window's calls, as a UIKit
/// adapter maps them to `UIViewController` calls, and keeps steps idempotent.
@MainActor
final class FakeUIKitHost: RenderHost {
    typealias Route = TestRoute
    let window: FakeWindow
    /// The subtrees another renderer draws.
    let opaque: OpaqueSubtrees<TestRoute>
    /// The scheduler driving this host: when set, an element is opaque as the scheduler
    /// settled it (``RenderScheduler/isOpaque(_:)``), as FlowController asks.
    weak var scheduler: RenderScheduler<FakeUIKitHost>?
    private(set) var controllers: [ElementID: FakeWindow.Controller] = [:]
    private(set) var performed: [RenderStep] = []
    /// Steps whose effect already held when they came: each is harmless (steps are
    /// idempotent), but since plans start from what the window shows, each also means the
    /// scheduler lost track of a change — typically a user's change it redid.
    private(set) var redundant: [RenderStep] = []

    convenience init(window: FakeWindow, opaque: Set<ElementID> = []) {
        self.init(window: window, opaque: .ids(opaque))
    }

    init(window: FakeWindow, opaque: OpaqueSubtrees<TestRoute>) {
        self.window = window
        self.opaque = opaque
    }

    private func opaqueNode(_ node: NavigationNode<TestRoute>) -> Bool {
        scheduler?.isOpaque(node) ?? opaque.contains(node)
    }

    /// Whether `id` lies inside a subtree another renderer draws (or is its root, when
    /// `includingRoots`), in `state`.
    func isOpaque(_ id: ElementID, in state: NavigationState<TestRoute>?, includingRoots: Bool) -> Bool {
        guard !opaque.isEmpty, let state, let path = state.root.path(to: id) else { return false }
        var node = state.root
        for step in path {
            if opaqueNode(node) { return true }
            guard let next = node.child(at: step) else { return false }
            node = next
        }
        return includingRoots && opaqueNode(node)
    }

    /// The elements of `state` the window shows with a controller made for the other renderer
    /// than the one the scheduler now gives them: a kept answer and a reused controller
    /// disagreeing.
    func staleRenderers(in state: NavigationState<TestRoute>) -> [ElementID] {
        guard let scheduler else { return [] }
        return ownIDs(of: state).sorted().filter { id in
            guard let node = state.node(id), let controller = controllers[id], window.isAttached(controller) else {
                return false
            }
            return (controller.kind == .hosted) != scheduler.isOpaque(node)
        }
    }

    /// The element ids a window drawn by this host shows for `state`: everything but what the
    /// opaque subtrees hold.
    func ownIDs(of state: NavigationState<TestRoute>) -> Set<ElementID> {
        var ids: Set<ElementID> = []
        var pending = [state.root]
        while let node = pending.popLast() {
            ids.insert(node.id)
            guard !opaqueNode(node) else { continue }
            pending.append(contentsOf: node.children)
            if let modal = node.modal { pending.append(modal.node) }
        }
        return ids
    }

    func perform(
        _ step: RenderStep,
        shown: NavigationState<TestRoute>?,
        target: NavigationState<TestRoute>,
        done: @escaping @MainActor () -> Void
    ) {
        performed.append(step)
        let named: [(ElementID, Bool)] =
            switch step.change {
            case .dismiss(let presenter, _), .present(let presenter, _, _), .restyle(let presenter, _, _):
                [(presenter, true)]
            case .setRoot: []
            case .setStack(let id, _), .setTab(_, _, let id, _), .setTabs(let id, _), .selectTab(_, _, let id),
                .setColumn(_, let id, _):
                [(id, true)]
            }
        // A dismissal concerns the window as it is: its presenter must be this renderer's in
        // what is shown, wherever its id lies in the target (a restore may reuse it).
        let checksTarget = if case .dismiss = step.change { false } else { true }
        for (id, includingRoot) in named
        where (checksTarget && isOpaque(id, in: target, includingRoots: includingRoot))
            || isOpaque(id, in: shown, includingRoots: includingRoot)
        {
            window.violate("\(step) reaches into a subtree another renderer draws")
        }
        let finish: () -> Void = { [self] in
            forgetDetached()
            done()
        }
        switch step.change {
        case .setRoot(let id):
            guard let node = target.node(id) else { return missing(id, step, finish) }
            if let root = window.root, let presented = root.presented {
                _ = presented
                window.violate("setRoot planned while the root presents")
            }
            controllers = [:]
            window.setRoot(build(node))
            finish()
        case .dismiss(_, let modal):
            guard let controller = controllers[modal], let context = controller.presenting else {
                redundant.append(step)
                return finish()
            }
            window.dismiss(presentedBy: context, animated: step.animated, completion: finish)
        case .setStack(let id, let elements):
            guard let navigation = controllers[id], let stack = target.node(id)?.stack else {
                return missing(id, step, finish)
            }
            var nodes: [ElementID: NavigationNode<TestRoute>] = [:]
            for element in stack.elementsFromTop { nodes[element.id] = element }
            let children = elements.compactMap { element in nodes[element].map(controller(for:)) }
            guard children.map(\.id) != navigation.children.map(\.id) else {
                redundant.append(step)
                return finish()
            }
            window.setChildren(children, of: navigation, animated: step.animated, completion: finish)
        case .setTab(_, let index, let tabs, let id):
            guard let bar = controllers[tabs], let node = target.node(id), bar.children.indices.contains(index)
            else { return missing(id, step, finish) }
            var children = bar.children
            guard children[index].id != id else {
                redundant.append(step)
                return finish()
            }
            children[index] = controller(for: node)
            window.setChildren(children, of: bar, animated: false, completion: finish)
        case .setTabs(let tabs, let ids):
            guard let bar = controllers[tabs], let wanted = target.node(tabs)?.tabs else {
                return missing(tabs, step, finish)
            }
            let children = ids.compactMap { id in wanted.tabs.first { $0.id == id }.map { controller(for: $0.node) } }
            let selected = bar.children.indices.contains(bar.selectedIndex) ? bar.children[bar.selectedIndex] : nil
            bar.kind = .tabBar(ids)
            window.setChildren(children, of: bar, animated: false) {
                // UIKit keeps the selected controller selected while it stays.
                bar.selectedIndex = children.firstIndex { $0 === selected } ?? wanted.selectedIndex
                finish()
            }
        case .selectTab(_, let index, let tabs):
            guard let bar = controllers[tabs] else { return missing(tabs, step, finish) }
            if bar.selectedIndex != index { window.select(index, of: bar) } else { redundant.append(step) }
            finish()
        case .setColumn(let column, let split, let id):
            guard let splitController = controllers[split] else { return missing(split, step, finish) }
            let node = id.flatMap { target.node($0) }
            if splitController.columns[column]?.id != id {
                window.setColumn(column, of: splitController, to: node.map(controller(for:)))
            } else {
                redundant.append(step)
            }
            finish()
        case .restyle(_, let modal, let style):
            // In place, as a sheet presentation controller's `animateChanges` does.
            guard let controller = controllers[modal], controller.presenting != nil else {
                return missing(modal, step, finish)
            }
            if controller.style == style { redundant.append(step) } else { window.restyle(controller, to: style) }
            finish()
        case .present(let presenter, let modal, let style):
            guard let from = controllers[presenter], let node = target.node(modal) else {
                return missing(presenter, step, finish)
            }
            if let existing = controllers[modal], existing.presenting != nil {
                redundant.append(step)
                return finish()
            }
            // Present from the nearest ancestor in the window, as UIKit requires.
            var anchor = from
            while !window.isVisible(anchor), let container = anchor.container { anchor = container }
            // As FlowController does: containers built from the target, screens (and hosted
            // subtrees) reused, so a sheet put back after a refused swipe keeps its screens.
            window.present(
                build(node, reusingScreens: true), from: anchor, naming: presenter, style: style,
                animated: step.animated, completion: finish)
        }
    }

    private func missing(_ id: ElementID, _ step: RenderStep, _ finish: () -> Void) {
        window.violate("\(step) names \(id), which the window or the target lacks")
        finish()
    }

    /// The controller shown for `node`: the one already made when it shows the same element.
    private func controller(for node: NavigationNode<TestRoute>) -> FakeWindow.Controller {
        if let existing = controllers[node.id], existing.kind == kind(of: node) { return existing }
        return build(node)
    }

    private func kind(of node: NavigationNode<TestRoute>) -> FakeWindow.Controller.Kind {
        if opaqueNode(node) { return .hosted }
        return switch node.content {
        case .screen(let route): .screen(route)
        case .stack: .navigation
        case .tabs(let tabs): .tabBar(tabs.ids)
        case .split(let split): .split(columns: split.columns)
        }
    }

    /// Builds the controller of a new element, with what its containers hold, without modals.
    private func build(_ node: NavigationNode<TestRoute>, reusingScreens: Bool = false) -> FakeWindow.Controller {
        let kind = kind(of: node)
        if reusingScreens, let existing = controllers[node.id], existing.kind == kind, node.isScreen || kind == .hosted
        {
            // UIKit moves a child out of its old container, which must be one that left the
            // window: a screen shown in two places at once is a renderer's bug.
            if let old = existing.container, window.isAttached(old) {
                window.violate("\(node.id) reused while its container \(old.id) is still on screen")
            }
            return existing
        }
        let controller = FakeWindow.Controller(id: node.id, kind: kind)
        controllers[node.id] = controller
        if controller.kind == .hosted { return controller }
        let child = { (node: NavigationNode<TestRoute>) in self.build(node, reusingScreens: reusingScreens) }
        switch node.content {
        case .screen: break
        case .stack(let stack):
            controller.children = stack.elements.map(child)
        case .tabs(let tabs):
            controller.children = tabs.tabs.map { child($0.node) }
            controller.selectedIndex = tabs.selectedIndex
        case .split(let split):
            for (column, child) in split.filledColumns {
                controller.columns[column] = self.build(child, reusingScreens: reusingScreens)
            }
        }
        for child in controller.held { child.container = controller }
        return controller
    }

    /// Forgets controllers that left the window.
    func forgetDetached() {
        let attached = window.attachedIDs
        controllers = controllers.filter { attached.contains($0.key) }
    }

    /// The controller of an element, if the window shows it.
    func controller(_ id: ElementID) -> FakeWindow.Controller? { controllers[id] }
}
