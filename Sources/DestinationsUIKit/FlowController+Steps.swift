#if canImport(UIKit) && !os(watchOS)
import Destinations
import UIKit

extension FlowController: RenderHost {
    /// Carries out one step of a render plan with UIKit, and calls `done` when its transition
    /// has finished: from `present`/`dismiss` completions, or the transition coordinator's.
    /// A step whose effect already holds calls `done` at once.
    public func perform(
        _ step: RenderStep,
        shown: NavigationState<Route>?,
        target: NavigationState<Route>,
        done: @escaping @MainActor () -> Void
    ) {
        // The step finishes once: by its transition, or by the watchdog when UIKit drops the
        // completion (see ``FlowControllerOptions/stepTimeout``).
        let completion = StepCompletion(done)
        let timeout = options.stepTimeout
        Task { @MainActor in
            try? await Task.sleep(for: timeout)
            completion.finish()
        }
        run(step, shown: shown, target: target, done: completion.finish)
    }

    private func run(
        _ step: RenderStep,
        shown: NavigationState<Route>?,
        target: NavigationState<Route>,
        done: @escaping @MainActor () -> Void
    ) {
        forgetControllers(keeping: shown, target)
        let animated = step.animated && view.window != nil
        switch step.change {
        case .setRoot(let id):
            guard let node = target.node(id) else { return done() }
            controllers = [:]
            embed(build(node), animated: animated, done: done)
        case .dismiss(_, let modal):
            guard let controller = controllers[modal], let presenting = controller.presentingViewController else {
                return done()
            }
            // A dismissal already under way (the user's, or UIKit closing an alert) finishes the
            // step, unless the user lets the sheet snap back: then the flow's dismissal runs.
            if controller.isBeingDismissed, let coordinator = controller.transitionCoordinator {
                coordinator.animate(alongsideTransition: nil) { context in
                    MainActor.assumeIsolated {
                        if context.isCancelled {
                            presenting.dismiss(animated: animated) { done() }
                        } else {
                            done()
                        }
                    }
                }
                return
            }
            presenting.dismiss(animated: animated) { done() }
        case .setStack(let id, let elements):
            guard let navigation = controllers[id] as? UINavigationController, let stack = target.node(id)?.stack else {
                return done()
            }
            var nodes: [ElementID: NavigationNode<Route>] = [:]
            for element in stack.elementsFromTop { nodes[element.id] = element }
            let children = elements.compactMap { nodes[$0].map(controller(for:)) }
            guard !children.isEmpty, children != navigation.viewControllers else { return done() }
            let animates = animated && navigation.view.window != nil
            navigation.setViewControllers(children, animated: animates)
            afterTransition(of: navigation, animated: animates, done)
        case .setTab(_, let index, let tabs, _):
            let tabList = target.node(tabs)?.tabs?.tabs ?? []
            guard let bar = controllers[tabs] as? UITabBarController, var children = bar.viewControllers,
                tabList.indices.contains(index), children.indices.contains(index)
            else { return done() }
            let child = tabController(for: tabList[index])
            if children[index] !== child {
                children[index] = child
                bar.setViewControllers(children, animated: false)
            }
            done()
        case .selectTab(_, let index, let tabs):
            if let bar = controllers[tabs] as? UITabBarController, bar.selectedIndex != index { bar.selectedIndex = index }
            done()
        case .setColumn(let column, let split, let id):
            guard let splitController = controllers[split] as? UISplitViewController else { return done() }
            let child = id.flatMap { target.node($0) }.map(controller(for:)) ?? options.emptyColumn(column)
            if splitController.viewController(for: column.uiKit) !== child {
                splitController.setViewController(child, for: column.uiKit)
            }
            // A collapsed split view shows one column: the one with the focus, also when this
            // step emptied the column it showed.
            if splitController.isCollapsed, let focused = target.node(split)?.focusedColumn {
                splitController.show(focused.uiKit)
            }
            done()
        case .present(let presenter, let modal, let style):
            guard let from = controllers[presenter], let node = target.node(modal) else { return done() }
            if controllers[modal]?.presentingViewController != nil { return done() }
            let work: () -> Void = { [weak self] in
                guard let self else { return done() }
                self.present(node, style: style, from: from, animated: step.animated && self.view.window != nil, done: done)
            }
            // Nothing presents before the window shows this controller (launch, restoration).
            if hasAppeared { work() } else { waitingForAppearance.append(work) }
        }
    }

    /// Calls `done` when the container's transition has finished.
    private func afterTransition(of controller: UIViewController, animated: Bool, _ done: @escaping @MainActor () -> Void) {
        guard animated, let coordinator = controller.transitionCoordinator else { return done() }
        coordinator.animate(alongsideTransition: nil) { _ in
            MainActor.assumeIsolated { done() }
        }
    }

    /// Presents `node` from the controller of its presenter, or from the nearest ancestor of it
    /// that is in the window.
    private func present(
        _ node: NavigationNode<Route>,
        style: ModalStyle,
        from presenter: UIViewController,
        animated: Bool,
        done: @escaping @MainActor () -> Void
    ) {
        var anchor = presenter
        while anchor.view.window == nil, let parent = anchor.parent { anchor = parent }
        if let leaving = anchor.presentedViewController {
            // UIKit closes an alert before running its button's handler, whose change may present
            // from the same controller: present once that dismissal has finished.
            guard leaving.isBeingDismissed, let coordinator = leaving.transitionCoordinator else { return done() }
            coordinator.animate(alongsideTransition: nil) { _ in
                MainActor.assumeIsolated {
                    self.present(node, style: style, from: presenter, animated: animated, done: done)
                }
            }
            return
        }
        let controller: UIViewController
        switch style {
        case .alert, .confirmationDialog:
            controller = alertController(for: node.id, style: style, anchor: anchor)
            controllers[node.id] = controller
        case .sheet(let sheet):
            // The controllers made before, if any: a sheet put back after a refused swipe-down
            // keeps its screens.
            controller = self.controller(for: node)
            // The style first: reading the presentation controller fixes it.
            controller.modalPresentationStyle = .pageSheet
            controller.isModalInPresentation = sheet.interactiveDismissDisabled
            if let presentation = controller.sheetPresentationController {
                presentation.detents = sheet.offeredDetents.map(\.uiKit)
                presentation.selectedDetentIdentifier = sheet.restingDetent.identifier
                presentation.prefersGrabberVisible = sheet.showsDragIndicator ?? (sheet.offeredDetents.count > 1)
                presentation.delegate = proxy
            }
        case .fullScreenCover:
            controller = self.controller(for: node)
            controller.modalPresentationStyle = .fullScreen
            controller.presentationController?.delegate = proxy
        }
        anchor.present(controller, animated: animated) { done() }
    }

    /// The alert controller of an alert or confirmation dialog, from its content in the flow.
    private func alertController(for id: ElementID, style: ModalStyle, anchor: UIViewController) -> UIAlertController {
        let display = flow.alertDisplay(of: id)
        let alert = UIAlertController(
            title: display?.title ?? flow.node(id)?.route?.name,
            message: display?.message,
            preferredStyle: style == .alert ? .alert : .actionSheet
        )
        let buttons = display?.buttons.map { ($0.label, $0.role) } ?? [("OK", AlertRole.cancel)]
        for (index, (label, role)) in buttons.enumerated() {
            let actionStyle: UIAlertAction.Style = switch role {
            case .cancel: .cancel
            case .destructive: .destructive
            case nil: .default
            }
            // UIKit has closed the alert when the handler runs: the tap is the report.
            alert.addAction(UIAlertAction(title: label, style: actionStyle) { [weak self] _ in
                self?.tapAlertButton(index, of: id)
            })
        }
        // An action sheet on iPad is a popover, which needs an anchor.
        if let popover = alert.popoverPresentationController {
            popover.sourceView = anchor.view
            popover.sourceRect = CGRect(x: anchor.view.bounds.midX, y: anchor.view.bounds.midY, width: 0, height: 0)
            popover.permittedArrowDirections = []
            // A tap outside closes the popover without running any button's handler: the
            // proxy reports it as the dialog's dismissal.
            popover.delegate = proxy
        }
        return alert
    }
}
/// A step's `done`, called at most once.
@MainActor
final class StepCompletion {
    private var done: (@MainActor () -> Void)?

    init(_ done: @escaping @MainActor () -> Void) { self.done = done }

    func finish() {
        let call = done
        done = nil
        call?()
    }
}
#endif
