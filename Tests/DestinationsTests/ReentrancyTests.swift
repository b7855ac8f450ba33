import Destinations
import Testing

/// A Destination whose lifecycle hooks run code of the test's choosing: a session check that
/// presents sign-in, a screen that dismisses itself.
@MainActor
final class HookScreen: Destination {
    enum Event: Hashable, Sendable { case close }
    let context = DestinationContext<TestRoute, Event>()
    let route: TestRoute
    let log: Log
    var onPrepare: ((HookScreen) -> Void)?
    var onAppear: ((HookScreen) -> Void)?

    init(_ route: TestRoute, log: Log) {
        self.route = route
        self.log = log
    }

    func prepareForPresentation() {
        log.record("prepare \(route)")
        onPrepare?(self)
    }

    func didAppear() {
        log.record("appear \(route)")
        onAppear?(self)
    }

    func didDisappear() { log.record("disappear \(route)") }
    func cleanup() { log.record("cleanup \(route)") }
}

/// A flow of ``HookScreen``s; `configure` sets each new screen's hooks.
@MainActor
func hookFlow(
    _ layout: Layout<TestRoute>,
    log: Log,
    configure: @escaping @MainActor (HookScreen) -> Void
) throws -> Flow<TestRoute> {
    let provider = Provider { (route: TestRoute) -> HookScreen in
        let screen = HookScreen(route, log: log)
        configure(screen)
        return screen
    } events: { events in
        events.on(.close, .present(.dismiss))
    }
    return try Flow(layout, providers: Providers { _ in provider })
}

/// Changes requested while another is being committed run after it, in order, each as its own
/// transaction, so that lifecycle hooks and events keep their causal order.
@MainActor
@Suite struct ReentrancyTests {
    @Test func aScreenThatPresentsFromItsPreparationPresentsOnceItsOwnChangeIsCommitted() async throws {
        let log = Log()
        let flow = try hookFlow(.stack(.home), log: log) { screen in
            if screen.route == .detail(1) {
                screen.onPrepare = { _ = try? $0.context.present(.fullScreenCover(.login)) }
            }
        }
        var events = flow.events().makeAsyncIterator()
        _ = log.take()
        try flow.apply(.push(.detail(1)))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  detail(1) #3
                    fullScreenCover: login #4 ◀
                """)
        #expect(
            log.take() == [
                "disappear home", "prepare detail(1)", "appear detail(1)",
                "disappear detail(1)", "prepare login", "appear login",
            ])
        #expect(flow.destination(ElementID(3), as: HookScreen.self)?.context.isVisible == false)
        let push = try #require(await events.next())
        #expect(push.cause == .presentation(.push(.detail(1)), from: nil))
        #expect(push.state.presentedChain.isEmpty)
        let cover = try #require(await events.next())
        #expect(cover.cause == .presentation(.fullScreenCover(.login), from: ElementID(3)))
        #expect(cover.state == flow.state)
    }

    @Test func aScreenThatPresentsWhenItAppearsKeepsTheLifecycleInOrder() throws {
        let log = Log()
        let flow = try hookFlow(.stack(.home), log: log) { screen in
            if screen.route == .list { screen.onAppear = { _ = try? $0.context.present(.sheet(.login)) } }
        }
        _ = log.take()
        try flow.apply(.push(.list))
        #expect(
            log.take() == [
                "disappear home", "prepare list", "appear list", "disappear list", "prepare login", "appear login",
            ])
        #expect(flow.state.focusedScreen.route == .login)
        #expect(flow.destination(ElementID(3), as: HookScreen.self)?.context.isVisible == false)
    }

    @Test func aColumnThatCoversTheSplitWhenItAppearsLetsTheOtherColumnAppearFirst() async throws {
        let log = Log()
        let flow = try hookFlow(.stack(.home), log: log) { screen in
            if screen.route == .menu { screen.onAppear = { _ = try? $0.context.present(.fullScreenCover(.login)) } }
        }
        var events = flow.events().makeAsyncIterator()
        _ = log.take()
        try flow.apply(.replaceRoot(.split(sidebar: .screen(.menu), detail: .stack(.content(1)))))
        #expect(
            log.take() == [
                "disappear home", "cleanup home", "prepare menu", "prepare content(1)", "appear menu",
                "appear content(1)",
                "disappear menu", "disappear content(1)", "prepare login", "appear login",
            ])
        let content = try #require(flow.state.screens.first { $0.route == .content(1) })
        #expect(flow.destination(content.id, as: HookScreen.self)?.context.isVisible == false)
        let replaced = try #require(await events.next())
        #expect(replaced.state.presentedChain.isEmpty)
        let covered = try #require(await events.next())
        #expect(covered.cause.summary == "fullScreenCover from #4")
        #expect(covered.sequence == replaced.sequence + 1)
    }

    @Test func aSheetThatDismissesItselfWhenItAppearsDisappearsBeforeItIsCleanedUp() throws {
        let log = Log()
        let flow = try hookFlow(.stack(.home), log: log) { screen in
            if screen.route == .editor { screen.onAppear = { try? $0.context.dismiss() } }
        }
        _ = log.take()
        try flow.apply(.sheet(.editor))
        #expect(
            log.take() == [
                "disappear home", "prepare editor", "appear editor", "disappear editor", "cleanup editor",
                "appear home",
            ])
        #expect(flow.state == (try state(.stack(.home))))
    }

    @Test func changesRequestedDuringACommitRunInTheOrderTheyWereRequested() async throws {
        let log = Log()
        let flow = try hookFlow(.stack(.home), log: log) { screen in
            guard screen.route == .detail(1) else { return }
            screen.onPrepare = { screen in
                _ = try? screen.context.present(.push(.about))
                _ = try? screen.context.present(.push(.list))
            }
        }
        var events = flow.events().makeAsyncIterator()
        try flow.apply(.push(.detail(1)))
        #expect(flow.state.routes == [.home, .detail(1), .about, .list])
        var causes: [String] = []
        for _ in 0..<3 { causes.append(try #require(await events.next()).cause.summary) }
        #expect(causes == ["push", "push from #3", "push from #3"])
    }

    @Test func aDeferredChangeThatIsRefusedIsReportedNotThrownToTheCaller() async throws {
        let log = Log()
        let flow = try hookFlow(.stack(.home), log: log) { screen in
            if screen.route == .list { screen.onPrepare = { try? $0.context.dismiss() } }
        }
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        var events = flow.events().makeAsyncIterator()
        try flow.apply(.push(.list))
        #expect(refusals == [.nothingToDismiss(from: ElementID(3))])
        #expect(try #require(await events.next()).refusal == nil)
        #expect(try #require(await events.next()).refusal == .nothingToDismiss(from: ElementID(3)))
    }

    @Test func aChangeRequestedWhileAProviderBuildsWaitsForTheChangeUnderWay() throws {
        final class FlowBox { weak var flow: Flow<TestRoute>? }
        let box = FlowBox()
        let log = Log()
        let provider = Provider { (route: TestRoute) -> Screen in
            if route == .about { _ = try? box.flow?.apply(.push(.list)) }
            return Screen(route, log: log)
        } events: { _ in
        }
        let flow = try Flow(.stack(.home), providers: Providers { _ in provider })
        box.flow = flow
        try flow.apply(.push(.about))
        #expect(flow.state.routes == [.home, .about, .list])
        #expect(Set(flow.destinations.keys) == Set(flow.state.screens.map(\.id)))
    }

    @Test func aHookOfAScreenRemovedBeforeItsChangeRunsHasItsChangeRefused() throws {
        let log = Log()
        let flow = try hookFlow(.stack(.home), log: log) { screen in
            guard screen.route == .list else { return }
            screen.onPrepare = { screen in
                _ = try? screen.context.present(.back)  // removes the list itself…
                _ = try? screen.context.present(.push(.about))  // …so this comes from a screen that is gone
            }
        }
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        try flow.apply(.push(.list))
        #expect(flow.state.routes == [.home])
        #expect(refusals == [.destinationRemoved(ElementID(3))])
    }
}
