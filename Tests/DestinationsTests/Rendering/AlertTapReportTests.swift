import Observation
import Testing

@testable import Destinations

/// `RenderScheduler.alertButtonTapped(_:of:in:)`, which a UIKit renderer calls when an alert's
/// button is tapped (UIKit has already closed the alert), checked against the fake UIKit window.
@MainActor
@Suite struct AlertTapReportTests {
    func setUp() throws -> (Flow<TestRoute>, FakeWindow, FakeUIKitHost, RenderScheduler<FakeUIKitHost>) {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                switch route {
                case .confirm: ForwardingAlert.provider
                default:
                    screenProvider(log: Log()) { events in
                        standardEvents(&events)
                        events.on(.custom, .present(.sheet(.editor)))
                    }
                }
            })
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        scheduler.show(flow.state, animated: false)
        return (flow, window, host, scheduler)
    }

    @Test func aTapWhoseEventPresentsASheetEndsOnTheSheetWithNoStepRedone() throws {
        let (flow, window, host, scheduler) = try setUp()
        try flow.apply(.alert(.confirm))
        scheduler.show(flow.state)
        window.finishAll()
        let alert = try #require(flow.state.presentedChain.last?.modal)
        window.userDismiss(try #require(host.controller(alert)))
        scheduler.alertButtonTapped(0, of: alert, in: flow)
        window.finishAll()
        #expect(flow.state.presentedChain.map(\.style) == [.sheet(SheetOptions())])
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        #expect(window.violations.isEmpty, "\(window.violations)")
        #expect(host.redundant.isEmpty, "\(host.redundant)")
        #expect(scheduler.isIdle)
    }

    @Test func aLateTapChangesNothing() throws {
        let (flow, window, host, scheduler) = try setUp()
        try flow.apply(.alert(.confirm))
        scheduler.show(flow.state)
        window.finishAll()
        let alert = try #require(flow.state.presentedChain.last?.modal)
        try flow.apply(.dismiss)  // the state closed the alert first
        let before = flow.state
        window.userDismiss(try #require(host.controller(alert)))
        scheduler.alertButtonTapped(0, of: alert, in: flow)
        window.finishAll()
        #expect(flow.state == before)
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        #expect(window.violations.isEmpty, "\(window.violations)")
    }

    // MARK: Closed without a tap (an iPad action sheet's popover, tapped outside)

    func dialogSetUp(_ route: TestRoute) throws -> (
        Flow<TestRoute>, Log, FakeWindow, FakeUIKitHost, RenderScheduler<FakeUIKitHost>, ElementID
    ) {
        let log = Log()
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                switch route {
                case .confirm, .choice, .login: Dialog.provider(log: log)
                default: screenProvider(log: Log())
                }
            })
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        scheduler.show(flow.state, animated: false)
        try flow.apply(.confirmationDialog(route))
        scheduler.show(flow.state)
        window.finishAll()
        let dialog = try #require(flow.state.presentedChain.last?.modal)
        window.userDismiss(try #require(host.controller(dialog)))
        return (flow, log, window, host, scheduler, dialog)
    }

    /// Finishes the transitions and checks that the dialog is gone, from the state and the
    /// window. Takes the host, which the scheduler holds weakly, to keep it alive until then.
    func expectClosed(
        _ flow: Flow<TestRoute>, _ window: FakeWindow, _ host: FakeUIKitHost,
        _ scheduler: RenderScheduler<FakeUIKitHost>
    ) {
        window.finishAll()
        #expect(flow.state.presentedChain.isEmpty)
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        #expect(window.violations.isEmpty, "\(window.violations)")
        #expect(scheduler.isIdle)
    }

    @Test func aTapOutsideSendsTheCancelButtonsEventOnceWhicheverCallbackComesFirst() throws {
        for handlerFirst in [false, true] {
            let (flow, log, window, host, scheduler, dialog) = try dialogSetUp(.confirm)
            let cancel = try #require(flow.alertDisplay(of: dialog)?.cancelButton)
            if handlerFirst {
                scheduler.alertButtonTapped(cancel, of: dialog, in: flow)
                scheduler.alertClosed(dialog, in: flow)
            } else {
                scheduler.alertClosed(dialog, in: flow)
                scheduler.alertButtonTapped(cancel, of: dialog, in: flow)
            }
            #expect(log.take() == ["cancelled"], "handler first: \(handlerFirst)")
            expectClosed(flow, window, host, scheduler)
        }
    }

    @Test func aTapOutsideADialogWithoutCancelIsItsDismissalAndSendsNothing() throws {
        let (flow, log, window, host, scheduler, dialog) = try dialogSetUp(.choice)
        #expect(flow.alertDisplay(of: dialog)?.cancelButton == nil)
        scheduler.alertClosed(dialog, in: flow)
        scheduler.alertClosed(dialog, in: flow)
        expectClosed(flow, window, host, scheduler)
        #expect(flow.alertDisplay(of: dialog) == nil)
        _ = log
    }

    @Test func anAlertWithoutButtonsGetsAnOKCancelButtonThatCloses() throws {
        let (flow, log, window, host, scheduler, dialog) = try dialogSetUp(.login)
        let display = try #require(flow.alertDisplay(of: dialog))
        #expect(display.buttons.map(\.label) == ["OK"])
        #expect(display.cancelButton == 0)
        scheduler.alertClosed(dialog, in: flow)
        #expect(log.take().isEmpty)
        expectClosed(flow, window, host, scheduler)
    }

    @Test func theOKButtonOfAnAlertWithoutButtonsCanBeTapped() throws {
        let (flow, _, window, host, scheduler, dialog) = try dialogSetUp(.login)
        // Only the added OK button is there: one past it is refused while the dialog shows.
        #expect(throws: NavigationError.staleUserAction(.noSuchButton(1, alert: dialog))) {
            try flow.tapAlertButton(1, of: dialog)
        }
        #expect(flow.alertDisplay(of: dialog) != nil)
        scheduler.alertButtonTapped(0, of: dialog, in: flow)
        expectClosed(flow, window, host, scheduler)
    }

    @Test func aCloseTheFlowRefusesSendsTheCancelEventOnceThenTheDialogIsPutBack() throws {
        let (flow, log, window, host, scheduler, dialog) = try dialogSetUp(.confirm)
        flow.guards = [
            NavigationGuard("keep") { change in change.removed.contains(.confirm) ? .deny(reason: "kept") : .allow }
        ]
        let cancel = try #require(flow.alertDisplay(of: dialog)?.cancelButton)
        // UIKit tells the popover's delegate and runs the cancel handler; the flow refuses the
        // dismissal, so the dialog is still in the state when the second call comes.
        scheduler.alertClosed(dialog, in: flow)
        scheduler.alertButtonTapped(cancel, of: dialog, in: flow)
        #expect(log.take() == ["cancelled"])
        // The state wins: the window presents the dialog again, and a tap on that presentation
        // counts.
        window.finishAll()
        #expect(flow.state.presentedChain.last?.modal == dialog)
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        window.userDismiss(try #require(host.controller(dialog)))
        scheduler.alertButtonTapped(cancel, of: dialog, in: flow)
        #expect(log.take() == ["cancelled"])
        flow.guards = []
        window.finishAll()
        window.userDismiss(try #require(host.controller(dialog)))
        scheduler.alertButtonTapped(cancel, of: dialog, in: flow)
        #expect(log.take() == ["cancelled"])
        expectClosed(flow, window, host, scheduler)
    }

    @Test func theSameDialogPresentedAgainClosesAgain() throws {
        let (flow, log, window, host, scheduler, dialog) = try dialogSetUp(.confirm)
        let withDialog = flow.state
        scheduler.alertClosed(dialog, in: flow)
        #expect(log.take() == ["cancelled"])
        window.finishAll()
        // A restored state brings the dialog back under the same id: a new presentation, whose
        // tap outside counts again.
        try flow.restore(withDialog)
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        #expect(flow.state.presentedChain.last?.modal == dialog)
        window.userDismiss(try #require(host.controller(dialog)))
        scheduler.alertClosed(dialog, in: flow)
        #expect(log.take() == ["cancelled"])
        expectClosed(flow, window, host, scheduler)
    }
}

/// A confirmation dialog whose buttons record their events: `.confirm` has a cancel button,
/// `.choice` has none, `.login` has no buttons at all.
@MainActor
final class Dialog: AlertDestination {
    enum Event: Hashable, Sendable { case delete, cancelled }
    let context = DestinationContext<TestRoute, Event>()
    let route: TestRoute
    init(_ route: TestRoute) { self.route = route }

    var alert: AlertContent<Event> {
        switch route {
        case .confirm:
            AlertContent(
                "Delete?",
                buttons: [
                    AlertButton("Delete", role: .destructive, sends: .delete),
                    AlertButton("Cancel", role: .cancel, sends: .cancelled),
                ])
        case .choice:
            AlertContent(
                "Delete?", buttons: [AlertButton("Delete", role: .destructive, sends: .delete), AlertButton("Keep")])
        default:
            AlertContent("Saved", buttons: [])
        }
    }

    static func provider(log: Log) -> Provider<TestRoute> {
        Provider { (route: TestRoute) in
            Dialog(route)
        } events: { events in
            events.on(.delete, .perform { _ in log.record("delete") })
            events.on(.cancelled, .perform { _ in log.record("cancelled") })
        }
    }
}

/// Taps made during a commit, refused button events and events forwarded to the presenter.
extension AlertTapReportTests {
    /// A tap made during a commit (here from an observer's onChange, which runs inside the
    /// change) defers the button's event and then the dismissal; when the event dismisses the
    /// alert itself, the deferred dismissal is not reported as a refusal.
    @Test func aTapDuringACommitReportsNoSpuriousRefusal() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? SelfClosingAlert.provider : screenProvider(log: Log())
            })
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        var refusals: [String] = []
        flow.onRefusal = { error, cause in refusals.append("\(cause): \(error)") }
        withObservationTracking {
            _ = flow.state
        } onChange: {
            // "Close": its event dismisses the alert.
            MainActor.assumeIsolated { _ = try? flow.tapAlertButton(0, of: alert) }
        }
        try flow.apply(.push(.list), from: ElementID(1))  // any accepted change under the alert
        #expect(flow.state.presentedChain.isEmpty)
        #expect(refusals.isEmpty, "\(refusals)")
    }

    /// A button event refused before it reached a change is reported as the event, not as the
    /// user's dismissal, and the dismissal itself still succeeds.
    @Test func aRefusedButtonEventIsReportedAsTheEventNotAsTheDismissal() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? UnwiredAlert.provider : screenProvider(log: Log())
            })
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        var causes: [FlowEvent<TestRoute>.Cause] = []
        flow.onRefusal = { _, cause in causes.append(cause) }
        try flow.tapAlertButton(0, of: alert)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(causes.count == 1)
        if case .userAction? = causes.first { Issue.record("refusal of the button's event reported as \(causes[0])") }
    }

    /// A button forwarded to a presenter of another type than the one there is refused with
    /// `presenterMismatch`, naming the presenter that is still there; the alert goes.
    @Test func aButtonForwardedToAPresenterOfAnotherTypeIsRefusedWithPresenterMismatch() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? MisdirectedAlert.provider : screenProvider(log: Log())
            })
        let home = flow.focusedScreen.id
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        try flow.apply(.alert(.confirm))
        try flow.tapAlertButton(0, of: try #require(flow.state.presentedChain.last?.modal))
        #expect(refusals == [.presenterMismatch(expected: "UnwiredAlert", presenter: home)], "\(refusals)")
        #expect(flow.state.presentedChain.isEmpty)
    }

    /// The documented pattern — the alert's button forwards to its presenter (`toPresenter`) —
    /// works when the presenter answers with a modal: the alert goes, the presenter's sheet
    /// shows, and nothing is refused.
    @Test func aForwardedEventPresentsASheetFromThePresenter() throws {
        let log = Log()
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                switch route {
                case .confirm: ForwardingAlert.provider
                default:
                    screenProvider(log: log) { events in
                        standardEvents(&events)
                        events.on(.custom, .present(.sheet(.editor)))
                    }
                }
            })
        var refusals: [String] = []
        flow.onRefusal = { error, cause in refusals.append("\(cause): \(error)") }
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        try flow.tapAlertButton(0, of: alert)
        #expect(refusals.isEmpty, "\(refusals)")
        #expect(flow.state.presentedChain.map(\.style) == [.sheet(SheetOptions())], "\(flow.state)")
    }
}

@MainActor
final class ForwardingAlert: AlertDestination {
    enum Event: Hashable, Sendable { case go }
    let context = DestinationContext<TestRoute, Event>()
    var alert: AlertContent<Event> { AlertContent("Edit?", buttons: [AlertButton("Edit", sends: .go)]) }
    static let provider = Provider { (_: TestRoute) in
        ForwardingAlert()
    } events: { events in
        events.on(.go, .toPresenter(Screen.self, .custom))
    }
}

/// An alert whose button is forwarded to a presenter of a type that never presents it.
@MainActor
final class MisdirectedAlert: AlertDestination {
    enum Event: Hashable, Sendable { case go }
    let context = DestinationContext<TestRoute, Event>()
    var alert: AlertContent<Event> { AlertContent("Go?", buttons: [AlertButton("Go", sends: .go)]) }
    static let provider = Provider { (_: TestRoute) in
        MisdirectedAlert()
    } events: { events in
        events.on(.go, .toPresenter(UnwiredAlert.self, .unwired))
    }
}

/// An alert whose only button sends an event its provider does not configure.
@MainActor
final class UnwiredAlert: AlertDestination {
    enum Event: Hashable, Sendable { case unwired }
    let context = DestinationContext<TestRoute, Event>()
    var alert: AlertContent<Event> { AlertContent("Unwired", buttons: [AlertButton("Go", sends: .unwired)]) }
    static let provider = Provider { (_: TestRoute) in
        UnwiredAlert()
    } events: { _ in
    }
}
