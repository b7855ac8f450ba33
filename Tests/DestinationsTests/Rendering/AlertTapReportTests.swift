@testable import Destinations
import Testing

/// `RenderScheduler.alertButtonTapped(_:of:in:)`, which a UIKit renderer calls when an alert's
/// button is tapped (UIKit has already closed the alert), checked against the fake UIKit window.
@MainActor
@Suite struct AlertTapReportTests {
    func setUp() throws -> (Flow<TestRoute>, FakeWindow, FakeUIKitHost, RenderScheduler<FakeUIKitHost>) {
        let flow = try Flow(.stack(TestRoute.home), providers: Providers { route in
            switch route {
            case .confirm: ForwardingAlert.provider
            default: screenProvider(log: Log()) { events in standardEvents(&events); events.on(.custom, .present(.sheet(.editor))) }
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
}
