#if canImport(SwiftUI)
import Observation
import Destinations
import SwiftUI

/// What every view of a ``FlowView`` shares: the flow, the screen builder, the options, and the
/// display state, which the core's `StagedDisplayDriver` moves toward the flow's state one
/// stage at a time, making every decision; this type only turns what it shows into
/// observation.
///
/// Views read elements through ``node(_:)``: the display state's element, never the flow's. So
/// what shows changes only when the driver moves the display, element by element (a change in
/// one tab re-renders nothing in another), with the elements the flow's transaction worked out,
/// inside a transaction of this renderer's choosing: a restore shows without animation. Views
/// pass what the platform says to ``driver``.
@MainActor @Observable
final class FlowRenderer<Route: NavigationRoute, Screen: View> {
    /// Follows the flow and says what shows; views report to it.
    @ObservationIgnored let driver: StagedDisplayDriver<Route>
    /// The options and the screen builder of the latest `FlowView` value.
    @ObservationIgnored var options: FlowViewOptions
    @ObservationIgnored var screen: @MainActor (ScreenContext<Route>) -> Screen
    /// Bumped each time what views show changes.
    @ObservationIgnored private(set) var shownChanges = 0
    /// Alert content seen last, so that an alert on its way out keeps its buttons.
    @ObservationIgnored private var lastAlert: (id: ElementID, display: AlertDisplay)?
    /// The root element's id, as shown.
    private(set) var rootID: ElementID
    /// Bumped when the scene becomes active after what shows changed meanwhile: each stack
    /// view checks whether it still shows the state, since SwiftUI may have dropped path writes.
    private(set) var resyncRequest = 0

    /// Starts following `flow` at once (`StagedDisplayDriver`), drawing the subtree of
    /// `scope` when set.
    init(
        flow: Flow<Route>, scope: ElementID?, options: FlowViewOptions,
        screen: @escaping @MainActor (ScreenContext<Route>) -> Screen
    ) {
        driver = StagedDisplayDriver(flow: flow, scope: scope, timing: options.staging)
        self.options = options
        self.screen = screen
        rootID = driver.shown.root.id
        driver.show = { [weak self] animated, publish in self?.render(animated: animated, publish: publish) }
    }

    /// The flow drawn.
    var flow: Flow<Route> { driver.flow }

    /// The element `id` as shown. Reading it tracks that element only, or, when it does not
    /// show, the arrival of elements: a view animating away makes no observation point that
    /// would outlive it.
    func node(_ id: ElementID) -> NavigationNode<Route>? {
        driver.node(id)
    }

    /// The state as shown, for checks made outside view bodies.
    var shownState: NavigationState<Route> { driver.shown }
    /// How long stages wait, as read when the view was first created.
    var timing: StageTiming { driver.display.timing }

    /// What the alert whose content is `alert` shows, or what it showed last.
    func alertDisplay(of alert: ElementID) -> AlertDisplay? {
        if let live = flow.alertDisplay(of: alert) { lastAlert = (alert, live) }
        return lastAlert?.id == alert ? lastAlert?.display : nil
    }

    /// Called when the scene's phase changes: stack views check what they show when the
    /// driver says so.
    func sceneBecame(active: Bool) {
        if driver.sceneBecame(active: active) { resyncRequest += 1 }
    }

    /// Re-renders the elements the driver says changed, and the root when it is another.
    private func render(animated: Bool, publish: @escaping @MainActor () -> Void) {
        let rootID = driver.shown.root.id
        shownChanges += 1
        let update = {
            if self.rootID != rootID { self.rootID = rootID }
            publish()
        }
        if animated {
            update()
        } else {
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction, update)
        }
    }
}
#endif
