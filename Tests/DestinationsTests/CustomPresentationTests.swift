import Destinations
import Testing

/// A presentation written as code, run on the same transaction as the built-in ones.
@MainActor
@Suite struct CustomPresentationTests {
    /// Resets the inbox tab and opens a detail in it, whatever was on screen.
    let openInInbox = CustomPresentation<TestRoute>("openInInbox") { transaction in
        try transaction.apply(.dismissAll)
        try transaction.apply(.selectTab(.inbox))
        try transaction.apply(.popToRoot)
        try transaction.apply(.push(.detail(9)))
    }

    @Test func aCustomPresentationEditsTheTransactionWithTheBuiltInOperations() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.selectTab(.profile), .push(.about), .sheet(.editor)]))
        try flow.apply(.custom(openInInbox))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] stack #2
                    home #3
                    detail(9) #9 ◀
                  [profile] stack #4
                    settings #5
                    about #7
                  [search] list #6
                """)
        #expect(Presentation.custom(openInInbox).name == "openInInbox")
    }

    @Test func aCustomPresentationCanMoveTheAnchor() throws {
        let pushOnProfile = CustomPresentation<TestRoute>("pushOnProfile") { transaction in
            transaction.anchor = ElementID(5)
            try transaction.apply(.push(.about))
        }
        let flow = try makeFlow(threeTabs)
        try flow.apply(.custom(pushOnProfile))
        #expect(
            flow.state.node(ElementID(4)).map { node -> Int in
                if case .stack(let stack) = node.content { return stack.count }
                return 0
            } == 2)
        #expect(flow.state.focusedScreen.route == .home)
    }

    @Test func aCustomPresentationCanBeAnEventsResponseAndAPathStep() throws {
        let custom = openInInbox
        let providers = testProviders(log: Log()) { events in
            events.on(.custom, .present(.path([.custom(custom), .push(.about)])))
        }
        let flow = try Flow(threeTabs, providers: providers)
        try flow.apply(.selectTab(.search))
        try flow.focused?.send(.custom)
        #expect(flow.state.focusedScreen.route == .about)
        #expect(flow.state.screens.compactMap(\.route) == [.home, .detail(9), .about, .settings, .list])
    }

    @Test func aNavigationErrorFromTheBodyPassesThroughUnchanged() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.noTabs(from: ElementID(2))) {
            try flow.apply(.custom(openInInbox))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func customPresentationsAreEqualByName() {
        let other = CustomPresentation<TestRoute>("openInInbox") { _ in }
        #expect(Presentation.custom(openInInbox) == .custom(other))
        #expect(Presentation.custom(openInInbox) != .custom(CustomPresentation("else") { _ in }))
    }
}
