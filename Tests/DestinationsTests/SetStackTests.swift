import Destinations
import Testing

@MainActor
@Suite struct SetStackTests {
    @Test func setStackKeepsTheCommonPrefixAndItsDestinations() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.push(.list))
        try flow.apply(.push(.detail(1)))
        let list = try #require(flow.state.screens.first { $0.route == .list })
        let listDestination = try #require(flow.destination(list.id))
        try flow.apply(.setStack([.home, .list, .detail(2), .about]))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  list #3
                  detail(2) #5
                  about #6 ◀
                """)
        #expect(flow.destination(list.id) === listDestination)
    }

    @Test func setStackWithADifferentRootReplacesEveryScreen() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        _ = log.take()
        try flow.apply(.setStack([.settings]))
        #expect(
            flow.state.rendered() == """
                stack #1
                  settings #4 ◀
                """)
        #expect(log.alive == [.settings])
    }

    @Test func setStackToWhatTheStackShowsChangesNothing() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let before = flow.state
        try flow.apply(.setStack([.home, .list]))
        #expect(flow.state == before)
    }

    @Test func setStackToAPrefixPopsTheRest() throws {
        let flow = try makeFlow(.stack(.home, .list, .about))
        try flow.apply(.setStack([.home]))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2 ◀
                """)
    }

    @Test func setStackWithNoRoutesIsRefused() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.invalidLayout(.emptyStack)) { try flow.apply(.setStack([])) }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func popAboveKeepsTheElementAndPopsWhatIsAboveIt() throws {
        let flow = try makeFlow(.stack(.home, .detail(1), .detail(1), .about))
        let second = try #require(flow.state.screens.filter { $0.route == .detail(1) }.first)
        try flow.apply(.popAbove(second.id))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  detail(1) #3 ◀
                """)
    }

    @Test func popAboveTheTopChangesNothing() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let before = flow.state
        try flow.apply(.popAbove(flow.focusedID))
        #expect(flow.state == before)
    }

    @Test func popAboveAnElementOutsideAStackIsRefused() throws {
        let flow = try makeFlow(threeTabs)
        let list = try #require(flow.state.screens.first { $0.route == .list })
        #expect(throws: NavigationError.noStack(from: list.id)) { try flow.apply(.popAbove(list.id)) }
        #expect(throws: NavigationError.unknownElement(ElementID(99))) { try flow.apply(.popAbove(ElementID(99))) }
    }
}

@Suite struct EquivalenceTests {
    @Test func statesBuiltFromTheSameLayoutWithOtherIdsAreEquivalentButNotEqual() throws {
        let layout: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home, .list)), .tab(.profile, .screen(.settings))])
        var ids = SequentialElementIDs(startingAt: 100)
        let a = try NavigationState(layout)
        let b = try NavigationState(layout, ids: &ids)
        #expect(a != b)
        #expect(a.isEquivalent(to: b))
    }

    @Test func aDifferentRouteTabSelectionOrSheetOptionBreaksEquivalence() throws {
        let base = try NavigationState<TestRoute>(
            .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))]))
        #expect(!base.isEquivalent(to: try base.applying(.push(.list))))
        #expect(!base.isEquivalent(to: try base.applying(.selectTab(.profile))))
        let medium = try base.applying(.sheet(.editor, SheetOptions(detents: [.medium])))
        let large = try base.applying(.sheet(.editor, SheetOptions(detents: [.large])))
        #expect(!medium.isEquivalent(to: large))
        #expect(medium.isEquivalent(to: medium))
    }
}
