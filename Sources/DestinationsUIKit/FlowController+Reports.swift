#if canImport(UIKit) && !os(watchOS)
import Destinations
import UIKit

extension FlowController: ContainerObserver {
    /// Reports a change the user made, derived against what the window shows
    /// (`RenderScheduler.rendered`): the flow applies it, the scheduler acknowledges it, and
    /// a refused report puts the container back. `nil` (nothing changed) reports nothing.
    private func report(_ action: UserAction<Route>?) {
        guard let action else { return }
        scheduler.report(action, to: flow)
    }

    /// Whether the step under way changes `id` itself, so that its callbacks are not the user's.
    /// A step that waits for the user's transition does not hide that transition's report.
    private func isChanging(_ id: ElementID) -> Bool {
        !stepIsWaiting && scheduler.isChanging(id)
    }

    /// A navigation controller finished showing a controller. After a swipe back, the back
    /// button or its long-press menu, it holds fewer screens: one report names the new top. A
    /// cancelled swipe leaves the screens as they were, which reports nothing.
    func stackDidShow(_ navigation: UINavigationController) {
        guard let id = element(of: navigation), !isChanging(id), let rendered = scheduler.rendered else { return }
        let showing = navigation.viewControllers.compactMap { element(of: $0) }
        report(try? UserAction.stack(id, showing: showing, in: rendered))
    }

    /// The user tapped a tab (UIKit calls this for taps only).
    func tabsDidSelect(_ bar: UITabBarController) {
        guard let id = element(of: bar), let rendered = scheduler.rendered, let tabs = rendered.node(id)?.tabs,
            let shown = element(of: bar.selectedViewController),
            let tab = tabs.tabs.first(where: { $0.node.id == shown })
        else { return }
        report(try? UserAction.tab(tab.id, of: id, in: rendered))
    }

    /// Whether the user's tap on `item` (a tab's or an action item's identifier) selects it: a
    /// tap on an action item reports ``UserAction/tappedTabAction(_:tabs:)`` and selects
    /// nothing.
    func tabsShouldSelect(_ bar: UITabBarController, item: String?) -> Bool {
        guard let item, let id = element(of: bar), let tabs = scheduler.rendered?.node(id)?.tabs,
            tabs.actions.contains(where: { $0.id.rawValue == item })
        else { return true }
        report(.tappedTabAction(TabID(item), tabs: id))
        return false
    }

    /// The item a controller of a tab bar before iOS 18 shows: a tab's or an action item's.
    func tabItem(of controller: UIViewController, in bar: UITabBarController) -> String? {
        guard let id = element(of: bar) else { return nil }
        if let action = actionPlaceholders[id]?.first(where: { $0.value === controller })?.key {
            return action.rawValue
        }
        let shown = element(of: controller)
        return scheduler.rendered?.node(id)?.tabs?.tabs.first { $0.node.id == shown }?.id.rawValue
    }

    /// The user hid, showed or reordered tabs in the iOS 18 sidebar: the arrangement is reported.
    @available(iOS 18, *)
    func tabsDidArrange(_ bar: UITabBarController) {
        guard let id = element(of: bar), let tabs = scheduler.rendered?.node(id)?.tabs else { return }
        var orders: [String: [TabID]] = [:]
        var hidden: Set<TabID> = []
        for item in bar.tabs {
            if let group = item as? UITabGroup {
                orders[String(group.identifier.dropFirst("section.".count))] = group.displayOrderIdentifiers.map {
                    TabID($0)
                }
                for child in group.children where child.isHidden { hidden.insert(TabID(child.identifier)) }
            } else if item.isHidden {
                hidden.insert(TabID(item.identifier))
            }
        }
        let arrangement = tabs.arrangement(sectionOrders: orders, hidden: hidden.intersection(tabs.ids))
        guard arrangement != tabs.arrangement else { return }
        report(.arrangedTabs(arrangement, tabs: id))
    }

    /// The user swiped a sheet down, or tapped outside an iPad action sheet's popover (UIKit
    /// calls this for interactive dismissals only). The core decides what the tap outside means:
    /// the cancel button's tap, sent once even when UIKit also runs that button's handler.
    func modalWasDismissed(_ controller: UIViewController) {
        guard let id = element(of: controller) else { return }
        if controller is UIAlertController { return scheduler.alertClosed(id, in: flow) }
        guard let rendered = scheduler.rendered else { return }
        report(try? UserAction.dismissal(of: id, in: rendered))
    }

    /// The user dragged a sheet to another detent.
    func sheetDidMove(_ sheet: UISheetPresentationController) {
        guard let id = element(of: sheet.presentedViewController), let rendered = scheduler.rendered,
            case .sheet(let options)? = rendered.parent(of: id)?.modal?.style,
            let detent = options.offeredDetents.first(where: { $0.identifier == sheet.selectedDetentIdentifier })
        else { return }
        report(try? UserAction.sheet(id, movedTo: detent, in: rendered))
    }

    /// A side column folded or unfolded with the window's width class.
    func sideColumnWidthChanged(_ compact: Bool, of id: ElementID) {
        guard let split = scheduler.rendered?.node(id)?.split, split.isCollapsed != compact else { return }
        report(.changedWidth(isCompact: compact, split: id))
    }

    /// A split view collapsed (compact width) or expanded (regular width).
    func splitDidChangeWidth(_ split: UISplitViewController) {
        guard let id = element(of: split) else { return }
        sideColumnWidthChanged(split.isCollapsed, of: id)
    }

    /// A collapsed split view collapses onto the column with the focus.
    func topColumn(of split: UISplitViewController) -> UISplitViewController.Column? {
        guard let id = element(of: split) else { return nil }
        return scheduler.rendered?.node(id)?.focusedColumn?.uiKit
    }

    /// The back button of a collapsed split view hides the focused column: once the transition
    /// has finished (and was not cancelled), that column is reported closed. A column a step
    /// hides by showing the state's focused column is not the user's: not while the step runs,
    /// nor when UIKit's callback comes after it (the column is no longer the focused one then).
    func columnWillHide(_ column: UISplitViewController.Column, of split: UISplitViewController) {
        guard split.isCollapsed, let id = element(of: split), !isChanging(id), let rendered = scheduler.rendered,
            let hidden = SplitColumn.allCases.first(where: { $0.uiKit == column }),
            UserAction.hiddenColumn(hidden, of: id, in: rendered) != nil
        else { return }
        // Asked again when the transition ends: the column must still be the focused one, and
        // the report names what it shows then (a step may have put another element there).
        let closed: @MainActor () -> Void = { [weak self] in
            guard let self, let rendered = self.scheduler.rendered,
                let action = UserAction.hiddenColumn(hidden, of: id, in: rendered)
            else { return }
            self.report(action)
        }
        guard let coordinator = split.transitionCoordinator else { return closed() }
        coordinator.animate(alongsideTransition: nil) { context in
            let cancelled = context.isCancelled
            MainActor.assumeIsolated { if !cancelled { closed() } }
        }
    }

    /// The user tapped button `index` of an alert, which UIKit has already closed: the button's
    /// event goes to the alert's Destination, then the dismissal is acknowledged.
    func tapAlertButton(_ index: Int, of alert: ElementID) {
        scheduler.alertButtonTapped(index, of: alert, in: flow)
    }
}
#endif
