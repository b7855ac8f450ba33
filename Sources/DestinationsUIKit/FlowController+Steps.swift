#if canImport(UIKit) && !os(watchOS)
import Destinations
import UIKit

extension FlowController: RenderHost {
    /// Carries out one step of a render plan with UIKit, and calls `done` when its transition
    /// has finished: from `present`/`dismiss` completions, or the transition coordinator's.
    /// A step whose effect already holds calls `done` at once.
    package func perform(
        _ step: RenderStep,
        shown: NavigationState<Route>?,
        target: NavigationState<Route>,
        done: @escaping @MainActor () -> Void
    ) {
        forgetControllers(keeping: shown, target)
        if case .present(let presenter, let modal, let style) = step.change {
            guard controllers[presenter] != nil, let node = target.node(modal) else { return done() }
            let work: () -> Void = { [weak self] in
                guard let self else { return done() }
                self.whenSettled({ [weak self] in self?.presentingChain(from: presenter) }, done: done) { finish in
                    self.present(node, style: style, from: presenter, animated: step.animated, finish: finish)
                } stalled: { [weak self] in
                    if self?.controllers[modal]?.presentingViewController == nil { self?.notPresented(modal) }
                }
            }
            // Nothing presents while the window does not show this controller (launch, restoration).
            return hasAppeared ? work() : waitingForAppearance.append(work)
        }
        let involved: ElementID? =
            switch step.change {
            case .setRoot: nil
            case .dismiss(_, let modal), .restyle(_, let modal, _): modal
            case .setStack(let id, _): id
            case .setTab(_, _, let id, _), .setTabs(let id, _), .selectTab(_, _, let id), .setColumn(_, let id, _): id
            case .present: nil
            }
        whenSettled(
            { [weak self] in [involved.flatMap { self?.controllers[$0] } ?? self?.content].compactMap { $0 } },
            done: done
        ) {
            [weak self] finish in
            guard let self else { return finish() }
            self.run(step, target: target, animated: step.animated && self.view.window != nil, finish)
        }
    }

    /// Carries out a step that is not a presentation once no transition is under way.
    private func run(
        _ step: RenderStep, target: NavigationState<Route>, animated: Bool, _ done: @escaping @MainActor () -> Void
    ) {
        switch step.change {
        case .setRoot(let id):
            guard let node = target.node(id) else { return done() }
            controllers = [:]
            madeAs = [:]
            embed(build(node), animated: animated, done: done)
        case .dismiss(_, let modal):
            // Gone already (the user's swipe, UIKit closing an alert) finishes the step; a sheet the
            // user dragged and let snap back is still presented, so it is dismissed now.
            guard let presenting = controllers[modal]?.presentingViewController else { return done() }
            presenting.dismiss(animated: animated) { done() }
        case .setStack(let id, let elements):
            guard let navigation = controllers[id] as? UINavigationController, let stack = target.node(id)?.stack else {
                return done()
            }
            var nodes: [ElementID: NavigationNode<Route>] = [:]
            for element in stack.elementsFromTop { nodes[element.id] = element }
            let children = elements.compactMap { nodes[$0].map { controller(for: $0) } }
            guard !children.isEmpty, children != navigation.viewControllers else { return done() }
            let animates = animated && navigation.view.window != nil
            navigation.setViewControllers(children, animated: animates)
            afterTransition(of: navigation, animated: animates, done)
        case .setTab(_, _, let tabs, _), .setTabs(let tabs, _):
            if let bar = controllers[tabs] as? UITabBarController, let wanted = target.node(tabs)?.tabs {
                fill(bar, id: tabs, with: wanted)
            }
            done()
        case .selectTab(let tab, _, let tabs):
            if let bar = controllers[tabs] as? UITabBarController { select(tab, in: bar, id: tabs) }
            done()
        case .setColumn(let column, let split, let id) where controllers[split] is SideColumnController:
            let child = id.flatMap { target.node($0) }.map { controller(for: $0) } ?? options.emptyColumn(column)
            (controllers[split] as? SideColumnController)?.setColumn(child, for: column)
            done()
        case .setColumn(let column, let split, let id):
            guard let splitController = controllers[split] as? UISplitViewController else { return done() }
            let child = id.flatMap { target.node($0) }.map { controller(for: $0) } ?? options.emptyColumn(column)
            if splitController.viewController(for: column.uiKit) !== child {
                splitController.setViewController(child, for: column.uiKit)
            }
            // A collapsed split view shows one column: the one with the focus in the state, also
            // when this step emptied the column it showed.
            if splitController.isCollapsed, let focused = target.node(split)?.focusedColumn {
                splitController.show(focused.uiKit)
            }
            done()
        case .restyle(_, let modal, let style):
            guard case .sheet(let sheet) = style, let controller = controllers[modal],
                controller.presentingViewController != nil
            else { return done() }
            controller.isModalInPresentation = sheet.interactiveDismissDisabled
            if let presentation = controller.sheetPresentationController {
                let change = { self.configure(presentation, for: sheet) }
                animated ? presentation.animateChanges(change) : change()
            }
            done()
        case .present:
            done()
        }
    }

    /// Calls `done` when the container's transition has finished.
    private func afterTransition(
        of controller: UIViewController, animated: Bool, _ done: @escaping @MainActor () -> Void
    ) {
        guard animated, let coordinator = controller.transitionCoordinator else { return done() }
        coordinator.animate(alongsideTransition: nil) { _ in
            MainActor.assumeIsolated { done() }
        }
    }

    /// Whether `controller`, or a container or presentation around it, is in a transition.
    private func isInTransition(_ controller: UIViewController) -> Bool {
        var next: UIViewController? = controller
        while let current = next {
            if current.isBeingPresented || current.isBeingDismissed || current.transitionCoordinator != nil {
                return true
            }
            next = current.parent
        }
        return false
    }

    /// Runs `action` once none of the controllers `involved` returns is in a transition — the
    /// user's swipe or sheet drag, a dismissal UIKit is finishing — and `involved` is not `nil`
    /// (something else stands in the way). It waits for a coordinator's completion, or re-checks
    /// every 0.05 s; the user's interactive transitions as long as they last, anything else for
    /// ``FlowControllerOptions/stepTimeout`` at most, after which `action` runs anyway.
    /// `action` gets a `finish` that calls `done` once; when UIKit drops the completion (it
    /// refused the call), `stalled` runs and the step finishes `stepTimeout` later anyway, so the
    /// scheduler never stops.
    private func whenSettled(
        _ involved: @escaping @MainActor () -> [UIViewController]?,
        since start: Date = Date(),
        done: @escaping @MainActor () -> Void,
        _ action: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void,
        stalled: @escaping @MainActor () -> Void = {}
    ) {
        let controllers = involved()
        let busy = controllers?.filter(isInTransition)
        let coordinator = busy?.lazy.compactMap(\.transitionCoordinator).first
        let waiting = controllers == nil || busy?.isEmpty == false
        if waiting, coordinator?.isInteractive == true || Date().timeIntervalSince(start) < options.stepTimeout {
            stepIsWaiting = true
            let retry: @MainActor () -> Void = { [weak self] in
                guard let self else { return done() }
                self.whenSettled(involved, since: start, done: done, action, stalled: stalled)
            }
            guard let coordinator else {
                return DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { MainActor.assumeIsolated { retry() } }
            }
            coordinator.animate(alongsideTransition: nil) { _ in MainActor.assumeIsolated { retry() } }
            return
        }
        stepIsWaiting = false
        let once = StepCompletion(done)
        action { once.call() }
        DispatchQueue.main.asyncAfter(deadline: .now() + options.stepTimeout) {
            MainActor.assumeIsolated {
                guard once.isPending else { return }
                once.call()
                stalled()
            }
        }
    }

    /// The anchor a presentation from `presenter` uses and what it presents now, or `nil` while
    /// it presents something (a foreign modal, one still leaving) or is not in a window.
    private func presentingChain(from presenter: ElementID) -> [UIViewController]? {
        guard let anchor = controllers[presenter].map(anchor(of:)), anchor.view.window != nil else { return nil }
        guard let presented = anchor.presentedViewController else { return [anchor] }
        return isInTransition(presented) ? [anchor, presented] : nil
    }

    /// The controller a presentation from `presenter` starts from: itself, or its nearest
    /// ancestor in the window.
    private func anchor(of presenter: UIViewController) -> UIViewController {
        var anchor = presenter
        while anchor.view.window == nil, let parent = anchor.parent { anchor = parent }
        return anchor
    }

    /// A presentation that could not happen: the scheduler must not count it as shown, and the
    /// next plan presents it again.
    private func notPresented(_ modal: ElementID) {
        scheduler.acknowledge(.dismissed(modal: modal))
        scheduler.show(flow.state)
    }

    /// Presents `node` from the controller of its presenter, or from the nearest ancestor of it
    /// that is in the window; when something still stands in the way, the step finishes without
    /// counting the presentation as shown.
    private func present(
        _ node: NavigationNode<Route>,
        style: ModalStyle,
        from presenter: ElementID,
        animated: Bool,
        finish: @escaping @MainActor () -> Void
    ) {
        guard let presenterController = controllers[presenter] else { return finish() }
        if controllers[node.id]?.presentingViewController != nil { return finish() }
        let anchor = anchor(of: presenterController)
        guard anchor.view.window != nil, anchor.presentedViewController == nil else {
            finish()
            return notPresented(node.id)
        }
        let animated = animated && view.window != nil
        let controller: UIViewController
        switch style {
        case .alert, .confirmationDialog:
            controller = alertController(for: node.id, style: style, anchor: anchor)
            controllers[node.id] = controller
            madeAs[node.id] = nil
        case .sheet(let sheet):
            // Containers from the state now; a sheet put back after a refused swipe-down keeps
            // its screens' controllers, but not a stack that has changed since.
            controller = self.controller(for: node, freshContainers: true)
            // The style first: reading the presentation controller fixes it.
            controller.modalPresentationStyle = .pageSheet
            controller.isModalInPresentation = sheet.interactiveDismissDisabled
            if let presentation = controller.sheetPresentationController {
                configure(presentation, for: sheet)
                presentation.delegate = proxy
            }
        case .fullScreenCover:
            controller = self.controller(for: node, freshContainers: true)
            controller.modalPresentationStyle = .fullScreen
            controller.presentationController?.delegate = proxy
        }
        anchor.present(controller, animated: animated) { finish() }
    }

    /// Gives a sheet's presentation controller the sheet's detents, resting detent and grabber.
    private func configure(_ presentation: UISheetPresentationController, for sheet: SheetOptions) {
        presentation.detents = sheet.offeredDetents.map(\.uiKit)
        presentation.selectedDetentIdentifier = sheet.restingDetent.identifier
        presentation.prefersGrabberVisible = sheet.showsDragIndicator ?? (sheet.offeredDetents.count > 1)
    }

    /// The alert controller of an alert or confirmation dialog, from its content in the flow.
    private func alertController(for id: ElementID, style: ModalStyle, anchor: UIViewController) -> UIAlertController {
        let display = flow.alertDisplay(of: id)
        let alert = UIAlertController(
            title: display?.title ?? flow.node(id)?.route?.name,
            message: display?.message,
            preferredStyle: style == .alert ? .alert : .actionSheet
        )
        // The core gives an alert without buttons an OK button, so that it can always close.
        let buttons = display?.buttons.map { ($0.label, $0.role) } ?? [("OK", AlertDisplay.Role.cancel)]
        for (index, (label, role)) in buttons.enumerated() {
            let actionStyle: UIAlertAction.Style =
                switch role {
                case .cancel: .cancel
                case .destructive: .destructive
                case nil: .default
                }
            // UIKit has closed the alert when the handler runs: the tap is the report.
            alert.addAction(
                UIAlertAction(title: label, style: actionStyle) { [weak self] _ in
                    self?.tapAlertButton(index, of: id)
                })
        }
        // An action sheet on iPad is a popover, which needs an anchor.
        if let popover = alert.popoverPresentationController {
            popover.sourceView = anchor.view
            popover.sourceRect = CGRect(x: anchor.view.bounds.midX, y: anchor.view.bounds.midY, width: 0, height: 0)
            popover.permittedArrowDirections = []
            // A tap outside closes the popover and stands for the hidden cancel button; the
            // proxy reports it through the core, which sends that button's event once.
            popover.delegate = proxy
        }
        return alert
    }
}
#endif
