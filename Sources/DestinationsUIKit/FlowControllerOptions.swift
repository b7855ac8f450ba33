#if canImport(UIKit) && !os(watchOS)
public import Destinations
public import UIKit

/// What a ``FlowController`` needs besides the screens: tab items, empty columns, subtrees
/// another renderer draws, and the app's own container delegates.
///
/// ```swift
/// var options = FlowControllerOptions()
/// options.tabItem = { tab in UITabBarItem(title: tab.rawValue.capitalized, image: nil, tag: 0) }
/// let root = FlowController(flow, options: options) { screen in … }
/// ```
@MainActor
public struct FlowControllerOptions {
    /// The tab bar item of each tab; by default, the tab's id as its title.
    public var tabItem: (TabID) -> UITabBarItem = { tab in UITabBarItem(title: tab.rawValue, image: nil, tag: 0) }
    /// What an empty split view column shows; by default, an empty controller.
    public var emptyColumn: (SplitColumn) -> UIViewController = { _ in UIViewController() }
    /// The width of a side column (``/Destinations/Layout/sideColumn(_:beside:)``) in regular
    /// width: 320 points unless set.
    public var sideColumnWidth: CGFloat = 320
    /// Elements whose whole subtree another renderer draws — a SwiftUI `FlowView(flow, root: id)`
    /// in a `UIHostingController`, say. The flow controller makes no step inside them: no
    /// pushes, no presentations. Ids change when the root is replaced or a state restored, and
    /// these marks are then lost: prefer the `opaque:` rule of ``FlowController``'s initializer.
    public var opaque: Set<ElementID> = []
    /// The controller of each opaque element (``opaque`` and the flow controller's rule),
    /// usually a `UIHostingController`; it gets the element's current id. Without it an opaque
    /// element shows an empty controller.
    public var subtree: ((ElementID) -> UIViewController)?
    /// Whether a new root (launch, ``/Destinations/Flow/apply(_:)`` with `replaceRoot`) appears with a
    /// cross-dissolve.
    public var animatesRootChanges = false
    /// How long a step waits for a transition that is not the user's (and then for UIKit's
    /// completion) before it goes on anyway, so that a refused call never stops the rendering.
    public var stepTimeout: TimeInterval = 1

    /// The app's delegate for every navigation controller. The flow controller keeps the
    /// delegate slot for itself and forwards every call to this object.
    ///
    /// The app's delegates are retained for as long as the flow controller lives: UIKit asks a
    /// delegate once which methods it has, so a delegate that went away mid-life would leave
    /// calls with nobody to answer them. Do not make a delegate own the flow controller.
    public var navigationDelegate: (any UINavigationControllerDelegate)?
    /// The app's delegate for every tab bar controller, forwarded to; retained.
    public var tabBarDelegate: (any UITabBarControllerDelegate)?
    /// The app's delegate for every split view controller, forwarded to; retained. The
    /// collapse column is the state's focused column whatever it answers.
    public var splitDelegate: (any UISplitViewControllerDelegate)?
    /// The app's delegate for every sheet and cover presentation, forwarded to; retained. It
    /// also hears about action sheets shown in a popover (iPad): its
    /// `presentationControllerShouldDismiss(_:)` and `adaptivePresentationStyle(for:)` apply to
    /// them, and `presentationControllerDidDismiss(_:)` is called when one is tapped away — check
    /// `presentedViewController is UIAlertController` to tell them apart.
    public var presentationDelegate: (any UISheetPresentationControllerDelegate)?

    /// Options with the defaults.
    public init() {}
}

extension SplitColumn {
    /// The UIKit column that shows this column.
    public var uiKit: UISplitViewController.Column {
        switch self {
        case .sidebar: .primary
        case .content: .supplementary
        case .detail: .secondary
        }
    }
}

extension SheetDetent {
    /// The UIKit detent for this one. Fractions resolve against the largest height the sheet
    /// may take; heights are points.
    @MainActor
    public var uiKit: UISheetPresentationController.Detent {
        switch self {
        case .medium: return .medium()
        case .large: return .large()
        case .fraction(let value):
            return .custom(identifier: identifier) { context in
                // The resolver is not declared on the main actor, but UIKit calls it there.
                MainActor.assumeIsolated { context.maximumDetentValue * CGFloat(value) }
            }
        case .height(let value):
            return .custom(identifier: identifier) { _ in CGFloat(value) }
        }
    }

    /// The identifier UIKit gives this detent.
    public var identifier: UISheetPresentationController.Detent.Identifier {
        switch self {
        case .medium: .medium
        case .large: .large
        case .fraction, .height: UISheetPresentationController.Detent.Identifier("destinations.\(description)")
        }
    }
}
#endif
