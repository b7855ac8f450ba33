import Destinations
import Observation
import Testing

/// A Destination that runs a closure when it disappears.
@MainActor
final class DisappearingScreen: Destination {
    enum Event: Hashable, Sendable { case none }
    let context = DestinationContext<TestRoute, Event>()
    let route: TestRoute
    var onDisappear: ((DisappearingScreen) -> Void)?

    init(_ route: TestRoute) {
        self.route = route
    }

    func didDisappear() { onDisappear?(self) }
}

/// What a refused or unrelated change must not do: notify, run someone else's request, leave
/// side effects, accept a broken state, crash.
@MainActor
@Suite struct RefusalIsolationTests {
    @Test func aChangeThatNetsToNothingDoesNotNotifyObserversOfTheWholeState() throws {
        let flow = try makeFlow(.stack(.home, .list))
        for change in [
            { try flow.apply(.path([.push(.about), .back])) },
            { try flow.apply(UserAction.popped(stack: ElementID(1), to: ElementID(3))) },
            { try flow.apply(.dismissAll) },
            { try flow.restore(flow.state) },
        ] as [@MainActor () throws -> Void] {
            let flag = Flag()
            withObservationTracking {
                _ = flow.state
            } onChange: {
                flag.raise()
            }
            try change()
            #expect(!flag.isRaised)
        }
        let flag = Flag()
        withObservationTracking {
            _ = flow.state
        } onChange: {
            flag.raise()
        }
        try flow.apply(.push(.about))
        #expect(flag.isRaised)
    }

    @Test func aDeferredRequestOfARemovedDestinationNeverRunsAsTheDestinationThatReusesItsID() throws {
        let provider = Provider { (route: TestRoute) -> DisappearingScreen in
            let screen = DisappearingScreen(route)
            if route == .list { screen.onDisappear = { _ = try? $0.context.present(.push(.about)) } }
            return screen
        }
        let flow = try Flow(.stack(.home, .list), providers: Providers { _ in provider })
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        // The same ids, but #3 is another route now: the list's Destination is replaced.
        try flow.restore(try NavigationState<TestRoute>(.stack(.home, .detail(1))))
        #expect(flow.state.routes == [.home, .detail(1)])
        #expect(refusals == [.destinationRemoved(ElementID(3))])
    }

    @Test func aChangeRequestedWhileARefusedChangeWasBuiltIsRefusedToo() throws {
        final class FlowBox { weak var flow: Flow<TestRoute>? }
        let box = FlowBox()
        let log = Log()
        let provider = Provider { (route: TestRoute) -> Screen in
            if route == .failing { throw FixtureError.refused }
            if route == .about { _ = try? box.flow?.apply(.sheet(.login)) }
            return Screen(route, log: log)
        } events: { _ in
        }
        let flow = try Flow(.stack(.home), providers: Providers { _ in provider })
        box.flow = flow
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        let before = FlowSnapshot(flow)
        let failure = NavigationError.step(1, of: 2, .providerFailed(route: "failing", reason: "refused"))
        #expect(throws: failure) { try flow.apply(.path([.push(.about), .push(.failing)])) }
        #expect(FlowSnapshot(flow) == before)
        #expect(refusals == [failure, .requestedDuringRefusedChange(failure)])
    }

    @Test func restoreRefusesATabBarWithTwoTabsOfTheSameName() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        let saved = NavigationState<TestRoute>(
            root: NavigationNode(
                id: ElementID(10),
                content: .tabs(
                    Tabs(
                        tabs: [
                            Tab(id: .inbox, node: NavigationNode(id: ElementID(11), content: .screen(.home))),
                            Tab(id: .inbox, node: NavigationNode(id: ElementID(12), content: .screen(.settings))),
                        ], selection: .inbox))))
        #expect(throws: NavigationError.corruptState(.duplicateTab(.inbox, tabs: ElementID(10)))) {
            try flow.restore(saved)
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aNestedCustomPresentationThatAppliesToItsOuterChangeIsRefusedNotACrash() throws {
        final class Keep: @unchecked Sendable { var change: CustomPresentation<TestRoute>.Change? }
        let keep = Keep()
        let inner = CustomPresentation<TestRoute>("inner") { _ in try keep.change?.apply(.push(.list)) }
        let outer = CustomPresentation<TestRoute>("outer") { change in
            keep.change = change
            try change.apply(.custom(inner))
        }
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        #expect(
            throws: NavigationError.customFailed(name: "push", reason: "applied while the same change was applying")
        ) {
            try flow.apply(.custom(outer))
        }
        #expect(FlowSnapshot(flow) == before)
    }
}
