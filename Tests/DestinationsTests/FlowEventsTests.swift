import Destinations
import Testing

@MainActor
@Suite struct FlowEventsTests {
    @Test func eachChangeIsAnEventWithItsCauseChangesAndState() async throws {
        let flow = try makeFlow(.stack(.home))
        var events = flow.events().makeAsyncIterator()
        try flow.apply(.push(.list))
        let event = try #require(await events.next())
        #expect(event.cause == .presentation(.push(.list), from: nil))
        #expect(event.changes.added.map(\.id) == [ElementID(3)])
        #expect(event.changes.removed.isEmpty)
        #expect(event.changes.touched == [ElementID(1), ElementID(3)])
        #expect(event.state == flow.state)
    }

    @Test func aDestinationsEventSaysWhichEventOfWhichScreenLedWhere() async throws {
        let flow = try makeFlow(.stack(.home))
        var events = flow.events().makeAsyncIterator()
        try flow.focused?.send(.choose, content: 5)
        let event = try #require(await events.next())
        #expect(
            event.cause
                == .event(AnyEvent(Screen.Event.choose(.listed)), route: .home, from: ElementID(2), .push(.detail(5))))
        #expect(event.cause.summary == "home.choose from #2 → push")
    }

    @Test func userActionsAndRestoresAreEventsToo() async throws {
        let flow = try makeFlow(.stack(.home, .list))
        var events = flow.events().makeAsyncIterator()
        try flow.apply(UserAction.popped(stack: ElementID(1), to: ElementID(2)))
        try flow.restore(try state(.stack(.about)))
        let popped = try #require(await events.next())
        #expect(popped.cause == .userAction(.popped(stack: ElementID(1), to: ElementID(2))))
        #expect(popped.changes.removed.map(\.route) == [.list])
        let restored = try #require(await events.next())
        #expect(restored.cause == .restore)
        #expect(restored.changes.added.map(\.route) == [.about])
        #expect(restored.changes.removed.map(\.route) == [.home])
    }

    @Test func aRefusedChangeIsAnEventWithItsErrorAndNoChanges() async throws {
        let flow = try makeFlow(.stack(.home))
        var events = flow.events().makeAsyncIterator()
        let before = flow.state
        #expect(throws: NavigationError.self) { try flow.apply(.back) }
        try flow.apply(.push(.about))
        let refused = try #require(await events.next())
        #expect(refused.cause == .presentation(.back, from: nil))
        #expect(refused.refusal == .cannotGoBack(stack: ElementID(1)))
        #expect(refused.changes.isEmpty)
        #expect(refused.state == before)
        let pushed = try #require(await events.next())
        #expect(pushed.cause == .presentation(.push(.about), from: nil))
        #expect(pushed.refusal == nil)
    }

    @Test func eventsAreNumberedInOrderFromTheStartRefusalsIncluded() async throws {
        let flow = try makeFlow(.stack(.home))
        var events = flow.events().makeAsyncIterator()
        try flow.apply(.push(.list))
        #expect(throws: NavigationError.self) { try flow.apply(.dismiss) }
        try flow.apply(.back)
        var numbers: [UInt64] = []
        for _ in 0..<3 { numbers.append(try #require(await events.next()).sequence) }
        #expect(numbers == [2, 3, 4])
    }

    @Test func aSubscriberThatNeverReadsKeepsOnlyTheNewestEvents() async throws {
        let flow = try makeFlow(.stack(.home))
        let stream = flow.events(bufferingNewest: 3)
        for _ in 0..<500 {
            try flow.apply(.push(.list))
            try flow.apply(.back)
        }
        var events = stream.makeAsyncIterator()
        var numbers: [UInt64] = []
        for _ in 0..<3 { numbers.append(try #require(await events.next()).sequence) }
        #expect(numbers == [999, 1000, 1001])
    }

    @Test func refusalsReachTheRefusalHook() throws {
        let flow = try makeFlow(.stack(.home))
        var refused: [(NavigationError, FlowEvent<TestRoute>.Cause)] = []
        flow.onRefusal = { refused.append(($0, $1)) }
        #expect(throws: NavigationError.self) { try flow.apply(.back) }
        #expect(refused.count == 1)
        #expect(refused.first?.0 == .cannotGoBack(stack: ElementID(1)))
        #expect(refused.first?.1 == .presentation(.back, from: nil))
    }

    @Test func everySubscriberGetsEveryEvent() async throws {
        let flow = try makeFlow(.stack(.home))
        var first = flow.events().makeAsyncIterator()
        var second = flow.events().makeAsyncIterator()
        try flow.apply(.sheet(.editor))
        #expect(await first.next()?.cause == .presentation(.sheet(.editor), from: nil))
        #expect(await second.next()?.cause == .presentation(.sheet(.editor), from: nil))
    }

    @Test func theStreamEndsWhenTheFlowIsReleased() async throws {
        var flow: Flow<TestRoute>? = try makeFlow(.stack(.home))
        let stream = try #require(flow?.events())
        try flow?.apply(.push(.list))
        flow = nil
        var events = stream.makeAsyncIterator()
        let pushed = await events.next()
        let end = await events.next()
        #expect(pushed?.cause == .presentation(.push(.list), from: nil))
        #expect(end == nil)
    }

    @Test func theLoggerHearsChangesRemovalsAndRefusals() throws {
        let sink = LogSink()
        let flow = try makeFlow(.stack(.home), logger: sink.logger)
        try flow.apply(.push(.list))
        try flow.apply(.back)
        #expect(throws: NavigationError.cannotGoBack(stack: ElementID(1))) { try flow.apply(.back) }
        let messages = sink.messages
        #expect(messages.map(\.text).prefix(3) == ["start: +1 -0", "push: +1 -0", "removed #3 list"])
        #expect(messages.contains { $0.level == .info && $0.text == "back: +0 -1" })
        #expect(messages.last?.level == .error)
        #expect(messages.last?.text == "refused back: cannotGoBack(stack: #1)")
    }

    @Test func anUnconfiguredEventIsLoggedAsAnError() throws {
        let sink = LogSink()
        let flow = try makeFlow(.stack(.home), logger: sink.logger)
        #expect(throws: NavigationError.unconfiguredEvent(event: "unset", route: "home")) {
            try flow.focused?.send(.unset)
        }
        #expect(sink.messages.last?.level == .error)
        #expect(sink.messages.last?.text == "#2 home: event 'unset' is not configured")
    }
}
