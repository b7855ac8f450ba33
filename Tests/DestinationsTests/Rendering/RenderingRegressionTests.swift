@testable import Destinations
import Observation
import Testing

@MainActor
/// Regressions found by review: accepted reports run no steps, a tab tap during a
/// presentation leaves no stray sheet, alert taps during a commit and forwarded presentations.
@Suite struct RenderingRegressionTests {
    /// P1: an accepted swipe back, reported through `RenderScheduler.report` with an up-to-date
    /// target, must not make the window do anything: the user already did it.
    @Test func p1AnAcceptedPopIsNotUndoneThenRedone() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(.stack(.home, .list, .detail(1)))
        scheduler.show(flow.state, animated: false)
        #expect(host.performed.count == 1)  // setRoot
        let navigation = try #require(host.controller(ElementID(1)))
        window.userPop(navigation, toCount: 2)
        let rendered = try #require(scheduler.rendered)
        let pop = try #require(try UserAction.stack(ElementID(1), showing: navigation.children.map { $0.id }, in: rendered))
        #expect(scheduler.report(pop, to: flow) == nil)
        // Nothing left to do: the window already shows [home, list].
        #expect(host.performed.dropFirst().map { "\($0)" } == [], "steps run after an accepted pop")
        #expect(window.isIdle, "a transition was started after an accepted pop")
        window.finishAll()
        #expect(window.projection == FakeWindow.projection(of: flow.state))
    }

    /// P1b: same for a tab tap, via the documented acknowledge-then-show order.
    @Test func p1bAnAcceptedTabTapDoesNotFlipTheTabBack() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(threeTabs)
        scheduler.show(flow.state, animated: false)
        let bar = try #require(host.controller(ElementID(1)))
        window.userSelect(1, of: bar)
        let rendered = try #require(scheduler.rendered)
        let tap = try #require(try UserAction.tab(.profile, of: ElementID(1), in: rendered))
        try flow.apply(tap)
        scheduler.acknowledge(tap)
        #expect(bar.selectedIndex == 1, "acknowledge alone re-selected the old tab")
        scheduler.show(flow.state)
        #expect(host.performed.dropFirst().map { "\($0)" } == [])
    }

    /// P3: a tap made during a commit (here from an observer's onChange, which runs inside the
    /// change) defers the button's event and then the dismissal; when the event dismisses the
    /// alert itself, the deferred dismissal is refused as stale: a spurious refusal.
    @Test func p3ATapDuringACommitReportsNoSpuriousRefusal() throws {
        let flow = try Flow(.stack(TestRoute.home), providers: Providers { route in
            route == .confirm ? SelfClosingAlert.provider : screenProvider(log: Log())
        })
        try flow.apply(.alert(.confirm))
        let alert = try #require(flow.state.presentedChain.last?.modal)
        var refusals: [String] = []
        flow.onRefusal = { error, cause in refusals.append("\(cause): \(error)") }
        withObservationTracking { _ = flow.state } onChange: {
            MainActor.assumeIsolated { _ = try? flow.tapAlertButton(0, of: alert) }  // "Close": its event dismisses the alert
        }
        try flow.apply(.push(.list), from: ElementID(1))  // any accepted change under the alert
        #expect(flow.state.presentedChain.isEmpty)
        #expect(refusals.isEmpty, "\(refusals)")
    }

    /// P4: a button event refused before it reached a change is reported with the cause
    /// "user dismissed(alert)", and the very same dismissal then succeeds.
    @Test func p4ARefusedButtonEventIsReportedAsTheEventNotAsTheDismissal() throws {
        let flow = try Flow(.stack(TestRoute.home), providers: Providers { route in
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
}

extension RenderingRegressionTests {
    /// P5: a tab tap acknowledged while a presentation from the tab being left is under way.
    /// The flow dismisses the sheet (one chain); when the presentation finishes, the scheduler
    /// applies it to the acknowledged state, leaving a modal off the focus in `rendered`, which
    /// the next plan (built from `ownChain`) never dismisses.
    @Test func p5ATabTapDuringAPresentationLeavesNoOrphanedSheet() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(threeTabs)
        scheduler.show(flow.state, animated: false)
        try flow.apply(.sheet(.editor))
        scheduler.show(flow.state)  // present editor from #3: under way
        #expect(!window.isIdle)
        let bar = try #require(host.controller(ElementID(1)))
        window.userSelect(1, of: bar)
        let rendered = try #require(scheduler.rendered)
        let tap = try #require(try UserAction.tab(.profile, of: ElementID(1), in: rendered))
        #expect(scheduler.report(tap, to: flow) == nil)
        window.finishAll()
        #expect(scheduler.isIdle)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(window.levels.count == 1, "the window still presents a sheet the state dismissed")
        #expect(window.projection == FakeWindow.projection(of: flow.state))
    }
}

extension RenderingRegressionTests {
    /// P6: the stage property with explicit anchors and with unrelated (restored) states.
    @Test func p6StagePropertyWithAnchorsAndRestores() throws {
        var problems: [String] = []
        var checked = 0
        for seed in 0..<400 {
            var random = SeededRandom(seed: UInt64(seed) &+ 70_000)
            var start = RandomStates.state(&random)
            for _ in 0..<20 {
                let target: NavigationState<TestRoute>
                if random.chance(0.2) {
                    target = RandomStates.state(&random)
                } else {
                    let anchor = random.chance(0.5) ? random.pick(start.nodes.map(\.id)) : nil
                    let count = 1 + Int(random.next() % 3)
                    let path = (0..<count).map { _ in RandomStates.presentation(&random, in: start) }
                    guard let next = try? start.applying(.path(path), from: anchor), !next.routes.contains(.failing) else { continue }
                    target = next
                }
                checked += 1
                let stages = target.renderStages(from: start)
                if stages.last != target { problems.append("seed \(seed): last stage is not the target") }
                var previous = start
                for stage in stages {
                    if (try? stage.validate()) == nil { problems.append("seed \(seed): invalid stage\n\(stage)") }
                    let n = RenderWalkTests.modalTransitions(from: previous, to: stage)
                    if n > 1 { problems.append("seed \(seed): \(n) transitions\n\(previous)\n→\n\(stage)") }
                    previous = stage
                }
                start = target
            }
        }
        #expect(checked > 1000)
        #expect(problems.isEmpty, "\(problems.count) problems; first: \(problems.first ?? "")")
    }
}

extension RenderingRegressionTests {
    /// P7: the documented pattern — the alert's button forwards to its presenter
    /// (`toPresenter`) — when the presenter's answer is a modal: the event arrives while the
    /// alert is still up, so the presenter's sheet is refused, then the alert goes.
    @Test func p7AForwardedEventThatPresentsASheetFromThePresenter() throws {
        let log = Log()
        let flow = try Flow(.stack(TestRoute.home), providers: Providers { route in
            switch route {
            case .confirm: ForwardingAlert.provider
            default: screenProvider(log: log) { events in standardEvents(&events); events.on(.custom, .present(.sheet(.editor))) }
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
    static let provider = Provider { (_: TestRoute) in ForwardingAlert() } events: { events in
        events.on(.go, .toPresenter(Screen.self, .custom))
    }
}

/// An alert whose only button sends an event its provider does not configure.
@MainActor
final class UnwiredAlert: AlertDestination {
    enum Event: Hashable, Sendable { case unwired }
    let context = DestinationContext<TestRoute, Event>()
    var alert: AlertContent<Event> { AlertContent("Unwired", buttons: [AlertButton("Go", sends: .unwired)]) }
    static let provider = Provider { (_: TestRoute) in UnwiredAlert() } events: { _ in }
}
