import Observation
import Testing

@testable import Destinations

@MainActor
final class Joiner: Destination {
    enum Event: Hashable, Sendable { case none }
    let context = DestinationContext<TestRoute, Event>()
    let onAppear: () -> Void
    init(onAppear: @escaping () -> Void) { self.onAppear = onAppear }
    func didAppear() { onAppear() }
}

@MainActor
final class FlowBox {
    weak var flow: Flow<TestRoute>?
    var streams: [AsyncStream<FlowEvent<TestRoute>>] = []
}

@MainActor
func joinerFlow(_ layout: Layout<TestRoute>, box: FlowBox) throws -> Flow<TestRoute> {
    let log = Log()
    let screens = screenProvider(log: log)
    let joiner = Provider { (route: TestRoute) -> Joiner in
        Joiner { if let flow = box.flow { box.streams.append(flow.events()) } }
    } events: { _ in
    }
    let flow = try Flow(
        layout,
        providers: Providers { route in
            switch route {
            case .detail: joiner
            case .unprovided: nil
            default: screens
            }
        })
    box.flow = flow
    return flow
}

@MainActor
/// Who is told of a change: state observers of every real change, subscribers that joined
/// before it, and validation of every provider a route value can have.
@Suite struct ChangeNotificationTests {
    /// Restore of a state that differs from the current one only in a split's column count.
    @Test func restoringAnotherColumnCountNotifiesStateObservers() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), content: .screen(.list), detail: .screen(.about)))
        try flow.apply(.closedColumn(showing: ElementID(3)))
        let before = flow.state
        guard case .split(let split) = before.root.content else {
            Issue.record("no split")
            return
        }
        #expect(split.hasContentColumn && split.content == nil && split.detail == nil)
        let saved = NavigationState(
            root: NavigationNode(
                id: before.root.id, content: .split(Split(sidebar: split.sidebar, hasContentColumn: false))))
        #expect(saved != before)
        let flag = Flag()
        withObservationTracking {
            _ = flow.state
        } onChange: {
            flag.raise()
        }
        try flow.restore(saved)
        #expect(flow.state == saved)
        #expect(flag.isRaised, "state changed (3 → 2 columns) but observers of flow.state were not told")
    }

    /// A subscriber that joins in a hook during a push starts with the next change.
    @Test func aSubscriberJoiningDuringAPushStartsWithTheNextChange() async throws {
        let box = FlowBox()
        let flow = try joinerFlow(.stack(.home), box: box)
        try flow.apply(.push(.detail(1)))
        #expect(box.streams.count == 1)
        try flow.apply(.push(.list))
        var iterator = box.streams[0].makeAsyncIterator()
        let first = await iterator.next()
        #expect(
            first?.changes.added.first?.route == .list,
            "first event: \(String(describing: first?.changes.added.map(\.route)))")
    }

    /// With a subscriber there before the push (so the push is published), one that joins in
    /// a hook during it still starts with the next change, and the first hears both.
    @Test func aSubscriberJoiningDuringAPushIsNotToldOfItWhileAnEarlierOneIs() async throws {
        let box = FlowBox()
        let flow = try joinerFlow(.stack(.home), box: box)
        var early = flow.events().makeAsyncIterator()
        try flow.apply(.push(.detail(1)))
        #expect(box.streams.count == 1)
        try flow.apply(.push(.list))
        #expect(await early.next()?.changes.added.first?.route == .detail(1))
        #expect(await early.next()?.changes.added.first?.route == .list)
        var joiner = box.streams[0].makeAsyncIterator()
        let first = await joiner.next()
        #expect(
            first?.changes.added.first?.route == .list,
            "first event: \(String(describing: first?.changes.added.map(\.route)))")
    }

    /// The same holds for a change that adds nothing: a tab selection.
    @Test func aSubscriberJoiningDuringATabSelectionStartsWithTheNextChange() async throws {
        let box = FlowBox()
        let flow = try joinerFlow(.tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.detail(1)))]), box: box)
        try flow.apply(.selectTab(.profile))
        #expect(box.streams.count == 1)
        try flow.apply(.push(.list))
        var iterator = box.streams[0].makeAsyncIterator()
        let first = await iterator.next()
        #expect(
            first?.changes.added.first?.route == .list,
            "first event: \(String(describing: first?.changes.added.map(\.route)))")
    }

    /// An observer's onChange that reads another element (registering its observation) while
    /// the flow is notifying per-node observers: an exclusivity probe for `observations`.
    @Test func anObserverThatObservesAnotherNodeInOnChange() throws {
        let flow = try makeFlow(threeTabs)
        let flag = Flag()
        withObservationTracking {
            _ = flow.node(ElementID(2))
        } onChange: {
            flag.raise()
            MainActor.assumeIsolated {
                _ = flow.node(ElementID(4))
                _ = flow.node(ElementID(1))
            }
        }
        try flow.apply(.push(.list))
        #expect(flag.isRaised)
    }

    /// Two routes with one name can have different providers: validation checks each.
    @Test func validationChecksTheProviderOfEveryRouteValue() {
        let log = Log()
        let good = screenProvider(log: log)
        let bad = screenProvider(log: log) { events in
            standardEvents(&events)
            events.on(.next, .present(.back))
        }
        let providers = Providers<TestRoute> { route in route == .detail(1) ? bad : route == .unprovided ? nil : good }
        #expect(
            Flow.validate(.stack(.detail(1), .detail(2)), providers: providers) == [
                .duplicateEvent(event: "next", route: "detail")
            ])
    }
}
