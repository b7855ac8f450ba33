#if canImport(UIKit) && !os(watchOS)
import UIKit

/// What a ``FlowController`` hears from its containers, without its generic parameter.
@MainActor
protocol ContainerObserver: AnyObject {
    func stackDidShow(_ navigation: UINavigationController)
    func tabsDidSelect(_ tabs: UITabBarController)
    func tabsShouldSelect(_ tabs: UITabBarController, item: String?) -> Bool
    func tabItem(of controller: UIViewController, in tabs: UITabBarController) -> String?
    @available(iOS 18, *)
    func tabsDidArrange(_ tabs: UITabBarController)
    func modalWasDismissed(_ controller: UIViewController)
    func sheetDidMove(_ sheet: UISheetPresentationController)
    func columnWillHide(_ column: UISplitViewController.Column, of split: UISplitViewController)
    func topColumn(of split: UISplitViewController) -> UISplitViewController.Column?
    func splitDidChangeWidth(_ split: UISplitViewController)
}

/// The delegate of every container a flow controller makes. It reports what the user did to
/// its observer, and forwards every call — the ones it handles too — to the app's delegates,
/// so the app keeps its own (an `@objc` conformance cannot live on a generic class, hence one
/// non-generic proxy).
///
/// The class itself is not actor-isolated: UIKit asks `responds(to:)` and
/// `forwardingTarget(for:)`, whose `NSObject` overrides are nonisolated, and those read only the
/// app's delegates, fixed when the proxy is made. The delegate methods are main-actor isolated,
/// as their protocols are. The proxy is not `Sendable`, so the compiler keeps it on the actor
/// that made it.
final class DelegateProxy: NSObject {
    @MainActor weak var observer: (any ContainerObserver)?
    let navigationDelegate: (any UINavigationControllerDelegate)?
    let tabBarDelegate: (any UITabBarControllerDelegate)?
    let splitDelegate: (any UISplitViewControllerDelegate)?
    let presentationDelegate: (any UISheetPresentationControllerDelegate)?

    /// The app's delegates, to which the proxy forwards every call.
    init(
        navigation: (any UINavigationControllerDelegate)?,
        tabBar: (any UITabBarControllerDelegate)?,
        split: (any UISplitViewControllerDelegate)?,
        presentation: (any UISheetPresentationControllerDelegate)?
    ) {
        navigationDelegate = navigation
        tabBarDelegate = tabBar
        splitDelegate = split
        presentationDelegate = presentation
        super.init()
    }

    private var forwardees: [any NSObjectProtocol] {
        let delegates: [AnyObject?] = [navigationDelegate, tabBarDelegate, splitDelegate, presentationDelegate]
        return delegates.compactMap { $0 as? any NSObjectProtocol }
    }

    override func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || forwardees.contains { $0.responds(to: selector) }
    }

    override func forwardingTarget(for selector: Selector!) -> Any? {
        forwardees.first { $0.responds(to: selector) } ?? super.forwardingTarget(for: selector)
    }
}

extension DelegateProxy: UINavigationControllerDelegate, UITabBarControllerDelegate, UISplitViewControllerDelegate,
    UISheetPresentationControllerDelegate, UIPopoverPresentationControllerDelegate
{
    func navigationController(
        _ navigation: UINavigationController, didShow controller: UIViewController, animated: Bool
    ) {
        navigationDelegate?.navigationController?(navigation, didShow: controller, animated: animated)
        observer?.stackDidShow(navigation)
    }

    func tabBarController(_ tabs: UITabBarController, didSelect controller: UIViewController) {
        tabBarDelegate?.tabBarController?(tabs, didSelect: controller)
        observer?.tabsDidSelect(tabs)
    }

    func tabBarController(_ tabs: UITabBarController, shouldSelect controller: UIViewController) -> Bool {
        guard tabBarDelegate?.tabBarController?(tabs, shouldSelect: controller) ?? true else { return false }
        guard let observer else { return true }
        return observer.tabsShouldSelect(tabs, item: observer.tabItem(of: controller, in: tabs))
    }

    func presentationControllerDidDismiss(_ presentation: UIPresentationController) {
        presentationDelegate?.presentationControllerDidDismiss?(presentation)
        observer?.modalWasDismissed(presentation.presentedViewController)
    }

    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
        presentationDelegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier?(sheet)
        observer?.sheetDidMove(sheet)
    }

    func splitViewController(
        _ split: UISplitViewController,
        topColumnForCollapsingToProposedTopColumn proposed: UISplitViewController.Column
    ) -> UISplitViewController.Column {
        let answer = splitDelegate?.splitViewController?(split, topColumnForCollapsingToProposedTopColumn: proposed)
        return observer?.topColumn(of: split) ?? answer ?? proposed
    }

    func splitViewControllerDidCollapse(_ split: UISplitViewController) {
        splitDelegate?.splitViewControllerDidCollapse?(split)
        observer?.splitDidChangeWidth(split)
    }

    func splitViewControllerDidExpand(_ split: UISplitViewController) {
        splitDelegate?.splitViewControllerDidExpand?(split)
        observer?.splitDidChangeWidth(split)
    }

    func splitViewController(_ split: UISplitViewController, willHide column: UISplitViewController.Column) {
        splitDelegate?.splitViewController?(split, willHide: column)
        observer?.columnWillHide(column, of: split)
    }
}

@available(iOS 18, *)
@MainActor
extension DelegateProxy {
    func tabBarController(_ tabs: UITabBarController, shouldSelectTab tab: UITab) -> Bool {
        guard tabBarDelegate?.tabBarController?(tabs, shouldSelectTab: tab) ?? true else { return false }
        return observer?.tabsShouldSelect(tabs, item: tab.identifier) ?? true
    }

    func tabBarController(_ tabs: UITabBarController, visibilityDidChangeFor changed: [UITab]) {
        tabBarDelegate?.tabBarController?(tabs, visibilityDidChangeFor: changed)
        observer?.tabsDidArrange(tabs)
    }

    func tabBarController(_ tabs: UITabBarController, displayOrderDidChangeFor group: UITabGroup) {
        tabBarDelegate?.tabBarController?(tabs, displayOrderDidChangeFor: group)
        observer?.tabsDidArrange(tabs)
    }
}
#endif
