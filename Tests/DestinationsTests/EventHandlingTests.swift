import Destinations
import Testing

/// What a Destination's events do, and what happens when they cannot.
@MainActor
@Suite struct EventHandlingTests {
    @Test func aFixedPresentationRunsFromTheScreenThatSentTheEvent() throws {
        let flow = try makeFlow(threeTabs)
        let settings = try #require(flow.destination(ElementID(5), as: Screen.self))
        try settings.send(.next)
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] stack #2
                    home #3 ◀
                  [profile] stack #4
                    settings #5
                    detail(1) #7
                  [search] list #6
                """)
    }

    @Test func anAssistantBuildsThePresentationFromTheEventsContent() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.focused?.send(.choose, content: 7)
        #expect(flow.state == (try state(.stack(.home, .detail(7)))))
    }

    @Test func contentOfTheWrongTypeIsAMismatch() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.contentMismatch(event: "choose", expected: "Int", actual: "String")) {
            try flow.focused?.send(.choose(.listed), carrying: "seven")
        }
        #expect(throws: NavigationError.contentMismatch(event: "choose", expected: "Int", actual: "nothing")) {
            try flow.focused?.send(.choose(.listed))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func anAssistantThatThrowsFailsTheEvent() throws {
        let providers = testProviders(log: Log()) { events in
            events.on(.choose, .present { (_: Int) -> Presentation<TestRoute> in throw FixtureError.refused })
        }
        let flow = try Flow(.stack(.home), providers: providers)
        #expect(throws: NavigationError.assistantFailed(event: "choose", reason: "refused")) {
            try flow.focused?.send(.choose, content: 1)
        }
    }

    @Test func anAssistantSeesTheDestinationThatSentTheEvent() throws {
        let providers = testProviders(log: Log()) { events in
            events.on(
                .choose,
                .assist { input in .push(.detail(input.content + (input.destination.result ?? 0))) })
        }
        let flow = try Flow(.stack(.home), providers: providers)
        flow.focused?.result = 100
        try flow.focused?.send(.choose, content: 1)
        #expect(flow.state.focusedScreen.route == .detail(101))
        #expect(throws: NavigationError.contentMismatch(event: "choose", expected: "Int", actual: "Double")) {
            try flow.focused?.send(.choose(.listed), carrying: 1.5)
        }
    }

    @Test func performRunsCodeThatMayPresentThroughTheContext() throws {
        let providers = testProviders(log: Log()) { events in
            events.on(
                .next,
                .perform { input in
                    input.destination.result = 1
                    try input.destination.context.present(.sheet(.editor))
                })
            events.on(.close, .perform { input in try input.destination.context.dismiss() })
        }
        let flow = try Flow(.stack(.home), providers: providers)
        let home = try #require(flow.focused)
        try home.send(.next)
        #expect(home.result == 1)
        #expect(flow.focused?.route == .editor)
        try flow.focused?.send(.close)
        #expect(flow.state == (try state(.stack(.home))))
    }

    @Test func anUnconfiguredEventThrowsAndChangesNothing() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.unconfiguredEvent(event: "unset", route: "home")) {
            try flow.focused?.send(.unset)
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aRemovedDestinationsEventThrowsDestinationRemoved() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let list = try #require(flow.focused)
        try flow.apply(.back)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.destinationRemoved(ElementID(3))) { try list.send(.next) }
        #expect(throws: NavigationError.destinationRemoved(ElementID(3))) { try list.context.present(.push(.about)) }
        #expect(FlowSnapshot(flow) == before)
        #expect(list.id == nil)
    }

    @Test func aDestinationOfAReleasedFlowThrowsDestinationRemoved() throws {
        var flow: Flow<TestRoute>? = try makeFlow(.stack(.home))
        let home = try #require(flow?.focused)
        flow = nil
        #expect(throws: NavigationError.destinationRemoved(ElementID(2))) { try home.send(.next) }
    }

    @Test func anEventFromTheScreenUnderASheetRunsFromThatScreen() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheetStack(.editor))
        let home = try #require(flow.destination(ElementID(2), as: Screen.self))
        #expect(throws: NavigationError.nothingToDismiss(from: ElementID(2)), "home is not in the sheet") {
            try home.send(.close)
        }
        try flow.focused?.send(.close)
        #expect(flow.state == (try state(.stack(.home))))
    }
}
